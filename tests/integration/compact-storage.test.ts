// The compact-storage migrations (#27) on both databases: a site stored in the layout
// before them (every rendering's blocks a second copy of its HTML, every draft a copy of
// the live rendering, the search index a copy of the plain text, the HTML and plain text
// unpacked (SQLite) or `text` left to TOAST (PostgreSQL), every live text and every draft a
// copy of its revision's Markdown, the revisions' Markdown unpacked, every draft published
// as it is a copy of the live text's derived excerpt, PostgreSQL's matched search vectors
// with every lexeme's positions and weights) is converted in place; readers get the same
// pages, renderings, draft and newsletter previews and search results, the Studio the same
// editor data, `duet export` writes the same bytes, and running the migrations again
// changes nothing.
//
// The old layout is made the way an upgrade meets it: a site written by Duet, then the
// migrations' down steps, which store every copy again and unpack the texts. The test checks those rows are the
// ones the code before wrote (its renderColumns: the renderer's output, blocks as JSON).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocale } from '@/core/locales';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { isPostgres } from '@/db/dialect';
import { migrations } from '@/db/migrations';
import { columnsOf } from '@/db/migrations/columns-of';
import { createContentRepository } from '@/db/repositories/content-repository';
import { readPreviewContent } from '@/db/newsletters/preview-content';
import { readDraftRendering } from '@/db/repositories/draft-rendering';
import { goLive, goOffline } from '@/db/repositories/live-translation';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { unpackText, type StoredText } from '@/db/stored-text';
import { createAccount } from '@/server/auth/accounts';
import { writeDuetExport } from '@/server/export/write-export-zip';
import { openImportArchive } from '@/server/import/read-archive';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase, type TestTarget } from './helpers/test-databases';

const name = '2027-01-02T0001-compact-storage';
const packed = '2027-01-03T0001-packed-renderings';
const liveBody = '2027-01-04T0001-live-body';
const draftBody = '2027-01-05T0001-draft-body';
const strippedVectors = '2027-01-06T0001-stripped-vectors';
/** This migration and every later one, in order: a site in the layout before them has seen none. */
const fromCompactStorage = Object.keys(migrations).slice(Object.keys(migrations).indexOf(name));
/** A live text that differs from its revision's, which no code writes but the migration must leave as it is. */
const liveOnly = '\nA line only the live copy has.\n';
/** The same for a draft. */
const draftOnly = '\nA line only the draft has.\n';
const word = `zqcompact${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;
const body = (lang: string) =>
  `# ${lang} ${word}\n\nA paragraph with *emphasis* and a [link](https://example.com).\n\n- one\n- two\n\n\`\`\`\nconst a = 1;\n\nconst b = 2;\n\`\`\`\n\n> A quote\n> over two lines.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n第二段：双语出版。\n`;

async function readArchive(file: string): Promise<Map<string, string>> {
  const archive = await openImportArchive(file);
  try {
    const files = new Map<string, string>();
    for (const entry of archive.entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.openEntry(entry.path)) chunks.push(chunk as Buffer);
      // duet.json's createdAt is the one line two exports of the same content differ by.
      const text = Buffer.concat(chunks).toString('latin1');
      files.set(entry.path, entry.path === 'duet.json' ? text.replace(/^ {2}"createdAt": .*\n/m, '') : text);
    }
    return files;
  } finally {
    archive.close();
  }
}

function suite(target: TestTarget) {
  describe.skipIf(target.skip)(`compact storage migration (${target.name})`, () => {
    let t: TestDatabase;
    const work = mkdtempSync(join(tmpdir(), 'duet-compact-'));
    let slugs: Array<{ locale: 'zh' | 'en'; slug: string }> = [];

    /** Search vectors still holding positions or weights (PostgreSQL). */
    async function unstrippedVectors(): Promise<number> {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from search_documents where tsv <> strip(tsv)`.execute(t.db);
      return Number(rows[0]!.n);
    }

    /** PostgreSQL: the type of `column` in the drafts, the live rows and the revisions. */
    async function columnTypes(column: string): Promise<string[]> {
      const { rows } = await sql<{ type: string }>`
        select data_type as type from information_schema.columns
        where table_schema = current_schema() and column_name = ${column} and table_name in ('post_translations', 'live_translations', 'revisions')
        order by table_name`.execute(t.db);
      return rows.map((row) => row.type);
    }

    /** Each live row's own stored body, and its revision's. */
    async function liveBodies() {
      const { rows } = await sql<{ slug: string; body: StoredText; revision_body: StoredText }>`
        select l.slug, l.body, r.body as revision_body from live_translations l join revisions r on r.id = l.revision_id order by l.translation_id`.execute(t.db);
      return rows.map((row) => ({ ...row, body: unpackText(row.body), revision_body: unpackText(row.revision_body) }));
    }

    /** Each draft's own stored body, and its revision's. */
    async function draftBodies() {
      const { rows } = await sql<{ slug: string; locale: string; body: StoredText; revision_body: StoredText }>`
        select d.slug, d.locale, d.body, r.body as revision_body from post_translations d join revisions r on r.id = d.revision_id order by d.id`.execute(t.db);
      return rows.map((row) => ({ ...row, body: unpackText(row.body), revision_body: unpackText(row.revision_body) }));
    }

    /** Everything a reader, an editor or an export gets of the site. */
    async function readSite(file: string) {
      const content = createContentRepository(t.db, renderDocument);
      const pages = await Promise.all(slugs.map(({ locale, slug }) => content.findPostBySlug(locale, slug)));
      const liveIds = (await t.db.selectFrom('live_translations').select('translation_id').orderBy('translation_id').execute()).map((r) => r.translation_id);
      // By id: a map in the order its query met the rows, which an update can change on PostgreSQL.
      const renderings = [...(await content.getRenderings(liveIds)).entries()].sort(([a], [b]) => a - b);
      const drafts = await t.db.selectFrom('post_translations').select(['post_id', 'locale']).orderBy('id').execute();
      const previews = await Promise.all(drafts.map((d) => (isLocale(d.locale) ? readDraftRendering(t.db, d.post_id, d.locale) : null)));
      // The newsletter's preview of each draft: its rendering and excerpt, derived or shared.
      const letters = await Promise.all(drafts.map((d) => (isLocale(d.locale) ? readPreviewContent(t.db, d.post_id, d.locale, null) : null)));
      const search = await createSearchRepository(t.db).search({ query: word, page: 1, pageSize: 20 });
      const studio = createStudioRepository(t.db);
      const postIds = [...new Set(drafts.map((d) => d.post_id))];
      const editor = await Promise.all(postIds.map((id) => studio.getStudioPost(id)));
      await writeDuetExport(t.db, { dataDir: t.dataDir, file });
      return { pages, renderings, previews, letters, search, editor, files: await readArchive(file) };
    }

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      await t.db.insertInto('newsletters').values({ name_zh: '周刊', name_en: 'Weekly', is_default: 1, created_at: new Date().toISOString() }).execute();
      const content = createContentRepository(t.db, renderDocument);
      const studio = createStudioRepository(t.db, renderDocument);
      const publishing = createPublishingRepository(t.db, renderDocument);
      const translations = (suffix: string, state: 'published' | 'draft') => ({
        zh: { slug: `zh-${suffix}`, title: `标题 ${suffix}`, excerpt: '', body: body('zh'), state },
        en: { slug: suffix, title: `Title ${suffix}`, excerpt: '', body: body('en'), state },
      });
      // Published as written; published, then edited (the draft ahead of the live text); never published.
      const [same, ahead, draft] = [unique('same'), unique('ahead'), unique('draft')];
      const editor = await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' });
      await makePost(content, { translations: translations(same, 'published') });
      const edited = await makePost(content, { translations: translations(ahead, 'published') });
      const en = (await studio.getStudioPost(edited.id))!.translations.en!;
      await studio.saveDraft(edited.id, 'en', { fields: { slug: ahead, title: 'A later title', body: `${body('en')}\nA later paragraph.\n` }, expectedRevisionId: en.revisionId, userId: editor.id });
      await publishing.submitForReview(edited.id, 'en', editor.id, 'Please look');
      await makePost(content, { status: 'draft', publishedAt: null, translations: translations(draft, 'draft') });
      slugs = [same, ahead].flatMap((slug) => [
        { locale: 'zh' as const, slug: `zh-${slug}` },
        { locale: 'en' as const, slug },
      ]);

      // The layout before the migrations, and a migration table that has not seen them yet.
      for (const migration of [...fromCompactStorage].reverse()) {
        await migrations[migration]!.down!(t.db);
        await sql`delete from kysely_migration where name = ${migration}`.execute(t.db);
      }
      // PostgreSQL's matched vectors as the code before wrote them: every lexeme with its
      // positions and weight (title and excerpt A and B, as in head, the body C).
      if (isPostgres(t.db)) {
        await sql`update search_documents set tsv = head || setweight(to_tsvector('simple', array_to_string(tsvector_to_array(tsv), ' ')), 'C')`.execute(t.db);
      }
      expect(await liveBodies()).toEqual((await liveBodies()).map((row) => ({ ...row, body: row.revision_body })));
      await sql`update live_translations set body = body || ${liveOnly} where slug = ${`zh-${same}`}`.execute(t.db);
      expect(await draftBodies()).toEqual((await draftBodies()).map((row) => ({ ...row, body: row.revision_body })));
      await sql`update post_translations set body = body || ${draftOnly} where slug = ${`zh-${draft}`}`.execute(t.db);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      rmSync(work, { recursive: true, force: true });
    });

    it('starts from the rows the code before wrote', async () => {
      // Rendered from the revision's Markdown: the one draft made to differ kept the rendering it had.
      const drafts = await t.db
        .selectFrom('post_translations as d')
        .innerJoin('revisions as r', 'r.id', 'd.revision_id')
        .select(['d.locale', 'r.body', 'd.html', 'd.blocks', 'd.body_text', 'd.derived_excerpt'])
        .execute();
      expect(drafts).toHaveLength(6);
      for (const row of drafts) {
        const rendered = await renderDocument({ markdown: unpackText(row.body), locale: row.locale === 'zh' ? 'zh' : 'en' });
        expect({ html: row.html, blocks: row.blocks, body_text: row.body_text, derived_excerpt: row.derived_excerpt }).toEqual({ html: rendered.html, blocks: JSON.stringify(rendered.blocks), body_text: rendered.plainText, derived_excerpt: rendered.derivedExcerpt });
      }
      expect(await columnsOf(t.db as unknown as Kysely<unknown>, 'search_documents')).toContain('body_text');
      if (isPostgres(t.db)) expect(await unstrippedVectors()).toBeGreaterThan(0);
    });

    it('converts the site in place: the same pages, search results and export, byte for byte, in less space', async () => {
      const before = await readSite(join(work, 'before.zip'));
      // Bytes as stored: a packed text is a blob on SQLite.
      const bytes = (column: string) => (isPostgres(t.db) ? sql`coalesce(octet_length(${sql.ref(column)}), 0)` : sql`coalesce(length(cast(${sql.ref(column)} as blob)), 0)`);
      const size = async (table: 'post_translations' | 'live_translations') => {
        const { rows } = await sql<{ n: number | string }>`
          select sum(${bytes('html')} + ${bytes('blocks')} + ${bytes('body_text')}) as n from ${sql.table(table)}`.execute(t.db);
        return Number(rows[0]!.n);
      };
      const markdownSize = async () => Number((await sql<{ n: number | string }>`select sum(${bytes('body')}) as n from post_translations`.execute(t.db)).rows[0]!.n);
      const revisionsSize = async () => Number((await sql<{ n: number | string }>`select sum(${bytes('body')}) as n from revisions`.execute(t.db)).rows[0]!.n);
      const revisionsBefore = await revisionsSize();
      const sizeBefore = await size('post_translations');
      const markdownBefore = await markdownSize();
      const liveBefore = await size('live_translations');

      expect(fromCompactStorage.slice(0, 5)).toEqual([name, packed, liveBody, draftBody, strippedVectors]);
      expect((await migrateToLatest(t.db)).applied).toEqual(fromCompactStorage);
      // Matched without positions or weights, and found the same (after.search, below).
      if (isPostgres(t.db)) expect(await unstrippedVectors()).toBe(0);
      const after = await readSite(join(work, 'after.zip'));
      expect(after.pages).toEqual(before.pages);
      expect(after.renderings).toEqual(before.renderings);
      expect(after.previews).toEqual(before.previews);
      expect(after.letters).toEqual(before.letters);
      expect(after.letters.every((letter) => letter !== null && Object.values(letter.live).every((text) => text.excerpt.length > 0))).toBe(true);
      expect(after.search).toEqual(before.search);
      expect(after.editor).toEqual(before.editor);
      expect(after.search.items.length).toBeGreaterThanOrEqual(4);
      expect(after.search.items.every((hit) => hit.snippet.length > 0)).toBe(true);
      expect([...after.files.keys()]).toEqual([...before.files.keys()]);
      for (const [path, bytes] of before.files) expect(after.files.get(path), path).toBe(bytes);

      // What changed is only how it is stored.
      expect(await size('post_translations')).toBeLessThan(sizeBefore / 2);
      expect(await markdownSize()).toBeLessThan(markdownBefore / 4);
      // Packed with brotli on both (a blob on SQLite, bytea on PostgreSQL since 2027-01-09).
      expect(await size('live_translations')).toBeLessThan(liveBefore / 2);
      const kind = (column: string) => (isPostgres(t.db) ? sql`pg_typeof(${sql.ref(column)})::text` : sql`typeof(${sql.ref(column)})`);
      const kinds = await sql<{ html: string; body_text: string }>`select ${kind('html')} as html, ${kind('body_text')} as body_text from live_translations`.execute(t.db);
      const packedKind = isPostgres(t.db) ? 'bytea' : 'blob';
      expect(kinds.rows.length).toBe(4);
      expect(kinds.rows.every((row) => row.html === packedKind && row.body_text === packedKind)).toBe(true);
      // Each plain text packed against its HTML (2027-01-12): a zlib stream that names a dictionary.
      const plainTexts = await t.db.selectFrom('live_translations').select('body_text').execute();
      expect(plainTexts.map((row) => Buffer.from(row.body_text as Uint8Array).subarray(0, 2).toString('hex'))).toEqual(['78bb', '78bb', '78bb', '78bb']);
      // The revisions' Markdown too (2027-01-10), and on PostgreSQL the rows' own, so both read as one type.
      const revisionKinds = await sql<{ body: string }>`select ${kind('body')} as body from revisions`.execute(t.db);
      expect(revisionKinds.rows.length).toBe(7);
      expect(revisionKinds.rows.every((row) => row.body === packedKind)).toBe(true);
      expect(await revisionsSize()).toBeLessThan(revisionsBefore);
      if (isPostgres(t.db)) expect(await columnTypes('body')).toEqual(['bytea', 'bytea', 'bytea']);
      const shared = await t.db.selectFrom('post_translations').select(['state', 'html', 'derived_excerpt']).where('html', 'is', null).execute();
      expect(shared.length).toBe(3);
      // Its derived excerpt too (2027-01-10T0002): the live row's is read.
      expect(shared.map((row) => row.derived_excerpt)).toEqual([null, null, null]);
      const blocks = await t.db.selectFrom('live_translations').select('blocks').execute();
      expect(blocks.every((row) => /^\[\d+(,\d+)*\]$/.test(row.blocks ?? ''))).toBe(true);
      expect(await columnsOf(t.db as unknown as Kysely<unknown>, 'search_documents')).not.toContain('body_text');
      // The live Markdown is its revision's, but for the one text that differs, kept whole (and read: the pages above).
      const stored = await liveBodies();
      expect(stored.filter((row) => row.body !== '')).toEqual([{ slug: expect.stringMatching(/^zh-same/), body: `${body('zh')}${liveOnly}`, revision_body: body('zh') }]);
      expect(stored.filter((row) => row.body === '')).toHaveLength(3);
      expect(after.pages.map((page) => page?.post.translations.zh?.body)).toContain(`${body('zh')}${liveOnly}`);
      // The same for the drafts: the one made to differ keeps its text, and the Studio shows it.
      const drafts = await draftBodies();
      expect(drafts.filter((row) => row.body !== '')).toEqual([{ slug: expect.stringMatching(/^zh-draft/), locale: 'zh', body: `${body('zh')}${draftOnly}`, revision_body: body('zh') }]);
      expect(drafts.filter((row) => row.body === '')).toHaveLength(5);
      expect(after.editor.map((post) => post?.translations.zh?.body)).toContain(`${body('zh')}${draftOnly}`);
      expect(after.editor.map((post) => post?.translations.en?.body)).toContain(`${body('en')}\nA later paragraph.\n`);

      // Safe to run again: nothing moves.
      for (const migration of fromCompactStorage) await migrations[migration]!.up(t.db);
      expect(await liveBodies()).toEqual(stored);
      expect(await draftBodies()).toEqual(drafts);
      const again = await readSite(join(work, 'again.zip'));
      for (const [path, bytes] of before.files) expect(again.files.get(path), path).toBe(bytes);
      expect(again.renderings).toEqual(before.renderings);
    }, 120_000);

    it('keeps a shared draft’s rendering when another revision goes live, and when the text goes offline', async () => {
      const content = createContentRepository(t.db, renderDocument);
      const studio = createStudioRepository(t.db, renderDocument);
      const editor = await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' });
      const post = await makePost(content, { sourceLocale: 'en', translations: { en: { slug: unique('pin'), title: 'Pinned', excerpt: '', body: body('en'), state: 'published' } } });
      const first = (await studio.getStudioPost(post.id))!.translations.en!;
      await studio.saveDraft(post.id, 'en', { fields: { slug: first.slug, title: 'Pinned', body: 'A second text.' }, expectedRevisionId: first.revisionId, userId: editor.id });
      // A save keeps no copy of the Markdown in the draft either: its new revision holds it.
      const draftStoredBody = async () => unpackText((await sql<{ body: StoredText }>`select body from post_translations where id = ${first.id}`.execute(t.db)).rows[0]!.body);
      expect(await draftStoredBody()).toBe('');
      expect((await studio.getStudioPost(post.id))!.translations.en!.body).toBe('A second text.');
      await t.db.transaction().execute((trx) => goLive(trx, first.id, { nowIso: new Date().toISOString() }));
      const second = await readDraftRendering(t.db, post.id, 'en');
      expect(second?.html).toBe('<p>A second text.</p>');
      const draftRow = () => t.db.selectFrom('post_translations').select('html').where('id', '=', first.id).executeTakeFirstOrThrow();
      expect((await draftRow()).html).toBeNull();
      // The live row keeps no copy of the Markdown: its revision's is read.
      const storedBody = async () => unpackText((await sql<{ body: StoredText }>`select body from live_translations where translation_id = ${first.id}`.execute(t.db)).rows[0]!.body);
      expect(await storedBody()).toBe('');
      expect((await createContentRepository(t.db).getRenderings([first.id])).get(first.id)?.body).toBe('A second text.');

      // The first revision goes live again (a schedule or a review pinned it): the draft keeps its own.
      const rendered = await renderDocument({ markdown: body('en'), locale: 'en' });
      await t.db.transaction().execute((trx) => goLive(trx, first.id, { nowIso: new Date().toISOString(), revision: { id: first.revisionId, rendered } }));
      expect(await readDraftRendering(t.db, post.id, 'en')).toEqual(second);
      expect((await createContentRepository(t.db).getRenderings([first.id])).get(first.id)?.html).toBe(rendered.html);
      expect(await storedBody()).toBe('');
      expect((await createContentRepository(t.db).getRenderings([first.id])).get(first.id)?.body).toBe(body('en'));

      // Published as it is again, then taken offline: the draft's rendering stays.
      await t.db.transaction().execute((trx) => goLive(trx, first.id, { nowIso: new Date().toISOString() }));
      expect((await draftRow()).html).toBeNull();
      await t.db.transaction().execute((trx) => goOffline(trx, first.id));
      expect(await readDraftRendering(t.db, post.id, 'en')).toEqual(second);
      expect(unpackText((await draftRow()).html)).toBe('<p>A second text.</p>');
    }, 120_000);
  });
}

for (const target of testTargets) suite(target);
