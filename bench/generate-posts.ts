// Adds N generated bilingual posts to the database in DATA_DIR (after the demo seed), for
// benchmarks: realistic Chinese and English text assembled from the demo articles.
//   DATA_DIR=bench/.data/x npx tsx bench/generate-posts.ts 1000 [--vary]
// --vary numbers the first paragraph of each post at its start, so no two posts are the same pair (the
// translation-memory bench: otherwise the memory holds the demo's pairs only once).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { closeDatabase, getDatabase } from '../src/db/client';
import { ensureDatabase } from '../src/server/ensure-database';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { renderDocument } from '@/core/markdown/render-document';
import { closeRenderPool } from '@/server/render/render-pool';

const count = Number(process.argv[2] ?? 1000);
const vary = process.argv.includes('--vary');
const demo = join(process.cwd(), 'demo', 'posts');

function bodyOf(file: string): string {
  return readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');
}

const pairs = readdirSync(demo)
  .filter((key) => existsSync(join(demo, key, 'zh.md')) && existsSync(join(demo, key, 'en.md')))
  .map((key) => ({ zh: bodyOf(join(demo, key, 'zh.md')), en: bodyOf(join(demo, key, 'en.md')) }));

const zhWords = ['双语', '出版', '翻译', '排版', '字体', '搜索', '阅读', '写作', '城市', '茶', '编辑', '声音'];
const enWords = ['bilingual', 'publishing', 'translation', 'typography', 'fonts', 'search', 'reading', 'writing', 'city', 'tea', 'editing', 'voice'];

/** The body with `mark` starting its first paragraph of prose. */
function numberFirstParagraph(body: string, mark: string): string {
  const blocks = body.split(/\n\n/);
  const index = blocks.findIndex((block) => /^[^#>\-*|`!\d\s]/u.test(block));
  if (index >= 0) blocks[index] = `${mark}${blocks[index]}`;
  return blocks.join('\n\n');
}

async function main() {
  await ensureDatabase();
  const db = getDatabase();
  const repo = createContentRepository(db, renderDocument);
  const started = performance.now();
  // One post a minute up to now, so every generated post is already published.
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    const demoPair = pairs[i % pairs.length]!;
    const pair = vary ? { zh: numberFirstParagraph(demoPair.zh, `第 ${i} 篇：`), en: numberFirstParagraph(demoPair.en, `Number ${i}: `) } : demoPair;
    const a = i % zhWords.length;
    const b = (i * 7 + 3) % zhWords.length;
    await repo.createPost({
      status: 'published',
      sourceLocale: i % 3 === 0 ? 'en' : 'zh',
      publishedAt: new Date(start + i * 60_000),
      translations: {
        zh: { slug: `sheng-cheng-${i}`, title: `${zhWords[a]}与${zhWords[b]}：第 ${i} 篇`, excerpt: `关于${zhWords[a]}和${zhWords[b]}的一篇生成文章。`, body: pair.zh, state: 'published' },
        en: { slug: `generated-${i}`, title: `On ${enWords[a]} and ${enWords[b]}, number ${i}`, excerpt: `A generated article about ${enWords[a]} and ${enWords[b]}.`, body: pair.en, state: 'published' },
      },
    });
    if ((i + 1) % 500 === 0) console.log(`  ${i + 1}/${count} posts (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  console.log(`generated ${count} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await closeDatabase();
  // Seeding the demo rendered its texts in the worker pool, which would keep the process alive.
  await closeRenderPool();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
