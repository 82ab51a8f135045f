// Builds a large bilingual site fast, for bench/scale.mjs: the demo seed and an owner
// account, one post per demo article written through the repository (so every row is
// the one Duet writes, each distinct body rendered once), then copies of those posts'
// rows — posts, drafts, revisions, live texts, tags and authors — with their own ids,
// slugs, titles and dates, straight into the SQLite file (or, when DATABASE_URL is a
// PostgreSQL URL, into that database: bench/scale-site-postgres.ts), until the site has N posts.
// Every tenth copy's translation is left behind its source (the Studio's "outdated").
// The search index is not copied (search is not what this measures).
//   DATA_DIR=bench/.data/scale-1000 npx tsx bench/scale-site.ts 1000 owner@bench.test 'pass phrase'
//   DATABASE_URL=postgres://…/duet_bench_scale_1000 DATA_DIR=… npx tsx bench/scale-site.ts 1000 …
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { closeDatabase, getDatabase, isPostgresUrl } from '../src/db/client';
import { ensureDatabase } from '../src/server/ensure-database';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { createAccount } from '../src/server/auth/accounts';
import { renderDocument } from '@/core/markdown/render-document';
import { closeRenderPool } from '@/server/render/render-pool';
import { copyPostsPostgres } from './scale-site-postgres';
import { demoPairs } from './demo-texts';

const count = Number(process.argv[2] ?? 1000);
const [email = 'owner@bench.test', password = 'bench passphrase'] = process.argv.slice(3);
const pairs = demoPairs;
const zhWords = ['双语', '出版', '翻译', '排版', '字体', '搜索', '阅读', '写作', '城市', '茶', '编辑', '声音'];
const enWords = ['bilingual', 'publishing', 'translation', 'typography', 'fonts', 'search', 'reading', 'writing', 'city', 'tea', 'editing', 'voice'];
const start = Date.now() - count * 60_000;

type Row = Record<string, unknown>;

async function writeTemplates(): Promise<number[]> {
  await ensureDatabase();
  const db = getDatabase();
  await createAccount(db, { name: 'Bench', email, password, role: 'owner' });
  const repo = createContentRepository(db, renderDocument);
  const ids: number[] = [];
  for (let i = 0; i < Math.min(pairs.length, count); i++) {
    const pair = pairs[i]!;
    const post = await repo.createPost({
      status: 'published',
      sourceLocale: i % 3 === 0 ? 'en' : 'zh',
      publishedAt: new Date(start + i * 60_000),
      translations: {
        zh: { slug: `sheng-cheng-${i}`, title: `${zhWords[i % 12]}与${zhWords[(i * 7 + 3) % 12]}：第 ${i} 篇`, excerpt: '一篇生成文章。', body: pair.zh, state: 'published' },
        en: { slug: `generated-${i}`, title: `On ${enWords[i % 12]} and ${enWords[(i * 7 + 3) % 12]}, number ${i}`, excerpt: 'A generated article.', body: pair.en, state: 'published' },
      },
    });
    ids.push(post.id);
  }
  await closeDatabase();
  await closeRenderPool();
  return ids;
}

function insertRow(db: SqliteDatabase.Database, table: string, row: Row): number {
  const keys = Object.keys(row);
  const sql = `insert into ${table} (${keys.map((k) => `"${k}"`).join(', ')}) values (${keys.map(() => '?').join(', ')})`;
  return Number(db.prepare(sql).run(...keys.map((k) => row[k] as never)).lastInsertRowid);
}

function copyPosts(templates: number[]): void {
  const db = new SqliteDatabase(join(process.env.DATA_DIR!, 'duet.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  const tagIds = (db.prepare('select id from tags').all() as Array<{ id: number }>).map((r) => r.id);
  const authorIds = (db.prepare('select id from authors').all() as Array<{ id: number }>).map((r) => r.id);
  const oldestRevision = (db.prepare('select min(id) as id from revisions').get() as { id: number }).id;
  const template = templates.map((id) => ({
    post: db.prepare('select * from posts where id = ?').get(id) as Row,
    drafts: db.prepare('select * from post_translations where post_id = ? order by id').all(id) as Row[],
    revisions: db.prepare('select r.* from revisions r join post_translations t on t.id = r.translation_id where t.post_id = ? order by r.id').all(id) as Row[],
    live: db.prepare('select * from live_translations where post_id = ?').all(id) as Row[],
  }));
  const copy = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const t = template[i % template.length]!;
      const at = new Date(start + i * 60_000).toISOString();
      const post: Row = { ...t.post, published_at: at, created_at: at, updated_at: at };
      delete post.id;
      const postId = insertRow(db, 'posts', post);
      const draftIds = new Map<unknown, number>();
      for (const d of t.drafts) {
        const { id, ...draft } = d;
        const title = d.locale === 'zh' ? `${zhWords[i % 12]}与${zhWords[(i * 7 + 3) % 12]}：第 ${i} 篇` : `On ${enWords[i % 12]} and ${enWords[(i * 7 + 3) % 12]}, number ${i}`;
        draftIds.set(id, insertRow(db, 'post_translations', { ...draft, post_id: postId, slug: `${d.slug}-${i}`, title, revision_id: null, based_on_revision_id: null, updated_at: at }));
      }
      const revisionIds = new Map<unknown, number>();
      for (const r of t.revisions) {
        const { id, ...revision } = r;
        revisionIds.set(id, insertRow(db, 'revisions', { ...revision, translation_id: draftIds.get(r.translation_id), created_at: at }));
      }
      // Every tenth copy: the translation was made from an older source.
      const behind = i % 10 === 5;
      const basedOn = (old: unknown) => (old === null ? null : behind ? oldestRevision : (revisionIds.get(old) ?? old));
      for (const d of t.drafts) {
        db.prepare('update post_translations set revision_id = ?, based_on_revision_id = ? where id = ?').run(revisionIds.get(d.revision_id) ?? null, basedOn(d.based_on_revision_id), draftIds.get(d.id));
      }
      for (const l of t.live) {
        const draft = t.drafts.find((d) => d.id === l.translation_id)!;
        insertRow(db, 'live_translations', {
          ...l,
          translation_id: draftIds.get(l.translation_id),
          post_id: postId,
          slug: `${l.slug}-${i}`,
          title: draft.locale === 'zh' ? `${zhWords[i % 12]}与${zhWords[(i * 7 + 3) % 12]}：第 ${i} 篇` : `On ${enWords[i % 12]} and ${enWords[(i * 7 + 3) % 12]}, number ${i}`,
          revision_id: revisionIds.get(l.revision_id),
          based_on_revision_id: basedOn(l.based_on_revision_id),
          published_at: at,
          updated_at: at,
        });
      }
      if (tagIds.length > 0) db.prepare('insert into post_tags (post_id, tag_id) values (?, ?)').run(postId, tagIds[i % tagIds.length]);
      if (authorIds.length > 0) db.prepare('insert into post_authors (post_id, author_id, position) values (?, ?, 0)').run(postId, authorIds[i % authorIds.length]);
    }
  });
  const started = performance.now();
  for (let from = template.length; from < count; from += 2000) {
    copy(from, Math.min(count, from + 2000));
    console.log(`  ${Math.min(count, from + 2000)}/${count} posts (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  db.close();
}

async function main() {
  const templates = await writeTemplates();
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) await copyPostsPostgres({ url, templates, count, start, zhWords, enWords });
  else copyPosts(templates);
  console.log(`a site of ${count} generated posts (plus the demo) in ${isPostgresUrl(url) ? new URL(url).pathname.slice(1) : process.env.DATA_DIR}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
