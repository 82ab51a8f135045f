// Writes a checked Duet export (server/export/) into an empty database, inside the
// caller's transaction: the header first, then the posts a batch at a time as they are read
// (the document is never whole in memory), every row with its own id and timestamps,
// parents before the rows that point at them; last the id sequences moved past the
// imported ids (PostgreSQL) and the search index rebuilt from the live texts. Stored renderings stay empty: the server
// renders them again at start, as it does for any text saved before they were stored.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ExportHeader, ExportPost } from '@/core/export/export-schema';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { packText } from '../stored-text';
import { storedBody } from './live-body';
import { rebuildSearchIndex } from './search-index';

type Trx = Transaction<Database>;

/** Tables that must be empty for an import, with the words an error message uses for their rows. */
const contentTables = [
  ['posts', 'post', 'posts'],
  ['authors', 'author', 'authors'],
  ['tags', 'tag', 'tags'],
  ['media', 'media file', 'media files'],
  ['settings', 'setting', 'settings'],
  ['auth_users', 'account', 'accounts'],
] as const;

/** Tables whose ids come from a sequence on PostgreSQL. */
const serialTables = ['authors', 'tags', 'media', 'posts', 'post_translations', 'revisions', 'review_requests', 'post_media'] as const;

const chunkSize = 100;

/** What the database holds already, as ["3 posts", "1 account"]; empty when nothing. */
export async function describeExistingContent(db: Kysely<Database>): Promise<string[]> {
  const found: string[] = [];
  for (const [table, one, many] of contentTables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (n > 0) found.push(`${n} ${n === 1 ? one : many}`);
  }
  return found;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) await insert(rows.slice(i, i + chunkSize));
}

export interface ImportProgress {
  (message: string): void;
}

/** Writes the header (accounts, authors, tags, media); the caller has checked it and that the database is empty. */
export async function insertDuetHeader(trx: Trx, header: ExportHeader): Promise<void> {
  await insertPeople(trx, header, isPostgres(trx as unknown as Kysely<unknown>));
  await insertLibrary(trx, header);
}

/** Writes the settings, moves the id sequences past the imported ids and rebuilds the search index: after the last post. */
export async function finishDuetImport(trx: Trx, header: ExportHeader, progress: ImportProgress = () => {}): Promise<void> {
  const settings = Object.entries(header.settings).flatMap(([locale, values]) => Object.entries(values).map(([key, value]) => ({ locale, key, value })));
  await insertChunked(settings, (chunk) => trx.insertInto('settings').values(chunk).execute());
  if (isPostgres(trx as unknown as Kysely<unknown>)) {
    for (const table of serialTables) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
    }
  }
  progress('rebuilding the search index');
  await rebuildSearchIndex(trx);
}

async function insertPeople(trx: Trx, doc: ExportHeader, postgres: boolean): Promise<void> {
  const accounts = doc.accounts.map((a) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    role: a.role,
    // better-auth's columns: boolean and timestamptz on PostgreSQL, 0/1 and ISO text on SQLite.
    email_verified: postgres ? a.emailVerified : a.emailVerified ? 1 : 0,
    image: a.image,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  }));
  await insertChunked(accounts, (chunk) => trx.insertInto('auth_users').values(chunk).execute());
  // Each account gets an empty password login, which `duet reset-password` (better-auth's
  // updatePassword only updates one) can then fill; until then nobody can sign in as it.
  const nowIso = new Date().toISOString();
  const logins = doc.accounts.map((a) => ({
    id: randomBytes(16).toString('hex'),
    account_id: a.id,
    provider_id: 'credential',
    user_id: a.id,
    password: null,
    created_at: nowIso,
    updated_at: nowIso,
  }));
  await insertChunked(logins, (chunk) => trx.insertInto('auth_accounts').values(chunk).execute());
  await insertChunked(doc.authors, (chunk) =>
    trx.insertInto('authors').values(chunk.map((a) => ({ id: a.id, handle: a.handle, user_id: a.userId, created_at: a.createdAt }))).execute(),
  );
  const texts = doc.authors.flatMap((a) => Object.entries(a.texts).map(([locale, t]) => ({ author_id: a.id, locale, name: t!.name, bio: t!.bio })));
  await insertChunked(texts, (chunk) => trx.insertInto('author_texts').values(chunk).execute());
}

async function insertLibrary(trx: Trx, doc: ExportHeader): Promise<void> {
  await insertChunked(doc.tags, (chunk) => trx.insertInto('tags').values(chunk.map((t) => ({ id: t.id, key: t.key, created_at: t.createdAt }))).execute());
  const tagTexts = doc.tags.flatMap((t) => Object.entries(t.texts).map(([locale, x]) => ({ tag_id: t.id, locale, name: x!.name, slug: x!.slug, description: x!.description ?? '' })));
  await insertChunked(tagTexts, (chunk) => trx.insertInto('tag_texts').values(chunk).execute());

  const media = doc.media.map((m) => ({
    id: m.id,
    kind: m.kind,
    path: m.path,
    mime: m.mime,
    bytes: m.bytes,
    width: m.width,
    height: m.height,
    duration_seconds: m.durationSeconds,
    sha256: m.sha256,
    created_at: m.createdAt,
    variants: m.variants === null ? null : JSON.stringify(m.variants),
    uploaded_by: m.uploadedBy,
  }));
  await insertChunked(media, (chunk) => trx.insertInto('media').values(chunk).execute());
  const mediaTexts = doc.media.flatMap((m) => Object.entries(m.texts).map(([locale, x]) => ({ media_id: m.id, locale, alt: x!.alt, caption: x!.caption })));
  await insertChunked(mediaTexts, (chunk) => trx.insertInto('media_texts').values(chunk).execute());
}

/** Writes a batch of posts with their texts, histories and links, after the header. */
export async function insertDuetPosts(trx: Trx, posts: ExportPost[]): Promise<void> {
  await trx
    .insertInto('posts')
    .values(
      posts.map((p) => ({
        id: p.id,
        kind: p.kind,
        status: p.status,
        featured: p.featured ? 1 : 0,
        published_at: p.publishedAt,
        source_locale: p.sourceLocale,
        version: p.version,
        cover_media_id: p.coverMediaId,
        owner_user_id: p.ownerUserId,
        created_at: p.createdAt,
        updated_at: p.updatedAt,
      })),
    )
    .execute();
  const translations = posts.flatMap((p) => p.translations.map((t) => ({ postId: p.id, t })));
  await insertChunked(translations, (chunk) =>
    trx
      .insertInto('post_translations')
      .values(
        chunk.map(({ postId, t }) => ({
          id: t.id,
          post_id: postId,
          locale: t.locale,
          state: t.state,
          ...textColumns(t.draft),
          // The draft's Markdown too is its revision's, unless the archive says otherwise (live-body.ts).
          body: storedBody(t.draft.body, revisionBodyOf(t.revisions, t.draft.revisionId)),
          reading_minutes: t.draft.readingMinutes,
          revision_id: t.draft.revisionId,
          based_on_revision_id: t.draft.basedOnRevisionId,
          updated_at: t.draft.updatedAt,
          publish_at: t.schedule?.publishAt ?? null,
          scheduled_revision_id: t.schedule?.revisionId ?? null,
        })),
      )
      .execute(),
  );
  await insertHistories(trx, translations);
  await insertLinks(trx, posts);
}

type PostTranslation = { postId: number; t: ExportPost['translations'][number] };

async function insertHistories(trx: Trx, translations: PostTranslation[]): Promise<void> {
  const revisions = translations.flatMap(({ t }) =>
    t.revisions.map((r) => ({
      id: r.id,
      translation_id: t.id,
      created_at: r.createdAt,
      author_user_id: r.authorUserId,
      title: r.title,
      excerpt: r.excerpt,
      body: packText(r.body),
      slug: r.slug,
      seo_title: r.seoTitle,
      seo_description: r.seoDescription,
    })),
  );
  await insertChunked(revisions, (chunk) => trx.insertInto('revisions').values(chunk).execute());
  const lives = translations.flatMap(({ postId, t }) =>
    t.live
      ? [{
          translation_id: t.id,
          post_id: postId,
          locale: t.locale,
          ...textColumns(t.live),
          // Its Markdown is its revision's, stored there once, unless the archive says otherwise (live-body.ts).
          body: storedBody(t.live.body, revisionBodyOf(t.revisions, t.live.revisionId)),
          reading_minutes: t.live.readingMinutes,
          revision_id: t.live.revisionId,
          based_on_revision_id: t.live.basedOnRevisionId,
          published_at: t.live.publishedAt,
          updated_at: t.live.updatedAt,
        }]
      : [],
  );
  await insertChunked(lives, (chunk) => trx.insertInto('live_translations').values(chunk).execute());
  const reviews = translations.flatMap(({ t }) =>
    t.reviewRequests.map((r) => ({
      id: r.id,
      translation_id: t.id,
      revision_id: r.revisionId,
      requested_by: r.requestedBy,
      requested_at: r.requestedAt,
      note: r.note,
      state: r.state,
      decided_by: r.decidedBy,
      decided_at: r.decidedAt,
      decision_note: r.decisionNote,
      submitted_revision_id: r.submittedRevisionId ?? r.revisionId,
      changed_at: r.changedAt ?? null,
    })),
  );
  await insertChunked(reviews, (chunk) => trx.insertInto('review_requests').values(chunk).execute());
}

async function insertLinks(trx: Trx, posts: ExportPost[]): Promise<void> {
  const bylines = posts.flatMap((p) => p.bylines.map((b) => ({ post_id: p.id, author_id: b.authorId, position: b.position })));
  await insertChunked(bylines, (chunk) => trx.insertInto('post_authors').values(chunk).execute());
  const tags = posts.flatMap((p) => p.tagIds.map((tagId) => ({ post_id: p.id, tag_id: tagId })));
  await insertChunked(tags, (chunk) => trx.insertInto('post_tags').values(chunk).execute());
  const attachments = posts.flatMap((p) => p.attachments.map((a) => ({ id: a.id, post_id: p.id, media_id: a.mediaId, role: a.role, locale: a.locale })));
  await insertChunked(attachments, (chunk) => trx.insertInto('post_media').values(chunk).execute());
}

function revisionBodyOf(revisions: ExportPost['translations'][number]['revisions'], id: number): string | undefined {
  return revisions.find((r) => r.id === id)?.body;
}

function textColumns(text: { slug: string; title: string; excerpt: string; body: string; seoTitle: string | null; seoDescription: string | null }) {
  return { slug: text.slug, title: text.title, excerpt: text.excerpt, body: text.body, seo_title: text.seoTitle, seo_description: text.seoDescription };
}
