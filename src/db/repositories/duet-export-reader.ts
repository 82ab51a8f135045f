// Reads the whole site for a Duet export (server/export/), shaped as the pieces of
// duet.json: settings, accounts without their secrets, authors, tags, media, and posts
// in batches with every language's draft, live text, schedule, revisions and review
// requests. Rows are read exactly as stored (ids and timestamps included) so an import
// can write them back unchanged; stored renderings and the search index are left out,
// since they are made again from the text.
import type { Kysely } from 'kysely';
import type {
  DuetExport,
  ExportAccount,
  ExportAuthor,
  ExportMedia,
  ExportPost,
  ExportTranslation,
} from '@/core/export/export-schema';
import type { Database } from '../schema';
import { toIsoTimestamp } from './map-rows';
import { readExportTranslations } from './duet-export-translations';

type Db = Kysely<Database>;

/** Settings that belong to this installation, not to the site: the marker of the owner's setup form. */
const installSettings = new Set(['*:owner-setup']);

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Per-language texts as an object whose keys come in one order on every database. */
function foldTexts<T>(rows: Array<{ owner: number; locale: string; text: T }>): Map<number, Record<string, T>> {
  const sorted = [...rows].sort((a, b) => a.owner - b.owner || byText(a.locale, b.locale));
  const byOwner = new Map<number, Record<string, T>>();
  for (const row of sorted) byOwner.set(row.owner, { ...byOwner.get(row.owner), [row.locale]: row.text });
  return byOwner;
}

export async function readExportSettings(db: Db): Promise<DuetExport['settings']> {
  const rows = await db.selectFrom('settings').select(['locale', 'key', 'value']).execute();
  rows.sort((a, b) => byText(a.locale, b.locale) || byText(a.key, b.key));
  const settings: DuetExport['settings'] = {};
  for (const row of rows) {
    if (installSettings.has(`${row.locale}:${row.key}`)) continue;
    settings[row.locale] = { ...settings[row.locale], [row.key]: row.value };
  }
  return settings;
}

/** The Studio's people: who they are and their role, never a password, token or session. */
export async function readExportAccounts(db: Db): Promise<ExportAccount[]> {
  const rows = await db
    .selectFrom('auth_users')
    .select(['id', 'name', 'email', 'role', 'email_verified', 'image', 'created_at', 'updated_at'])
    .execute();
  rows.sort((a, b) => byText(a.id, b.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as ExportAccount['role'],
    emailVerified: Boolean(row.email_verified),
    image: row.image,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  }));
}

export async function readExportAuthors(db: Db): Promise<ExportAuthor[]> {
  const [rows, texts] = await Promise.all([
    db.selectFrom('authors').select(['id', 'handle', 'user_id', 'created_at']).orderBy('id').execute(),
    db.selectFrom('author_texts').select(['author_id', 'locale', 'name', 'bio']).execute(),
  ]);
  const byAuthor = foldTexts(texts.map((t) => ({ owner: t.author_id, locale: t.locale, text: { name: t.name, bio: t.bio } })));
  return rows.map((row) => ({ id: row.id, handle: row.handle, userId: row.user_id, createdAt: row.created_at, texts: byAuthor.get(row.id) ?? {} }));
}

export async function readExportTags(db: Db): Promise<DuetExport['tags']> {
  const [rows, texts] = await Promise.all([
    db.selectFrom('tags').select(['id', 'key', 'created_at']).orderBy('id').execute(),
    db.selectFrom('tag_texts').select(['tag_id', 'locale', 'name', 'slug', 'description']).execute(),
  ]);
  const byTag = foldTexts(texts.map((t) => ({ owner: t.tag_id, locale: t.locale, text: { name: t.name, slug: t.slug, ...(t.description ? { description: t.description } : {}) } })));
  return rows.map((row) => ({ id: row.id, key: row.key, createdAt: row.created_at, texts: byTag.get(row.id) ?? {} }));
}

/** Every media row; `files` (what the archive holds of it) is the exporter's to fill. */
export async function readExportMedia(db: Db): Promise<Array<Omit<ExportMedia, 'files'>>> {
  const [rows, texts] = await Promise.all([
    db.selectFrom('media').selectAll().orderBy('id').execute(),
    db.selectFrom('media_texts').select(['media_id', 'locale', 'alt', 'caption']).execute(),
  ]);
  const byMedia = foldTexts(texts.map((t) => ({ owner: t.media_id, locale: t.locale, text: { alt: t.alt, caption: t.caption } })));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ExportMedia['kind'],
    path: row.path,
    mime: row.mime,
    bytes: Number(row.bytes),
    width: row.width,
    height: row.height,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    sha256: row.sha256,
    createdAt: row.created_at,
    uploadedBy: row.uploaded_by,
    variants: row.variants === null ? null : (JSON.parse(row.variants) as ExportMedia['variants']),
    texts: byMedia.get(row.id) ?? {},
  }));
}

export async function listExportPostIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('posts').select('id').orderBy('id').execute()).map((row) => row.id);
}

/** Each post's texts as far as naming their Markdown files needs: language and slug, in export order. */
export async function listExportTextNames(db: Db): Promise<Array<Pick<ExportPost, 'id' | 'sourceLocale'> & { translations: Array<{ locale: string; draft: { slug: string } }> }>> {
  const rows = await db
    .selectFrom('post_translations')
    .innerJoin('posts', 'posts.id', 'post_translations.post_id')
    .select(['posts.id as post_id', 'posts.source_locale', 'post_translations.locale', 'post_translations.slug'])
    .orderBy('post_translations.post_id')
    .orderBy('post_translations.id')
    .execute();
  const posts: Array<Pick<ExportPost, 'id' | 'sourceLocale'> & { translations: Array<{ locale: string; draft: { slug: string } }> }> = [];
  for (const row of rows) {
    if (posts.at(-1)?.id !== row.post_id) posts.push({ id: row.post_id, sourceLocale: row.source_locale as ExportPost['sourceLocale'], translations: [] });
    posts.at(-1)!.translations.push({ locale: row.locale, draft: { slug: row.slug } });
  }
  return posts;
}

export interface ReadPostsOptions {
  /** Each language's history; the Markdown copies do without it. */
  withRevisions: boolean;
}

/** The posts with these ids, in id order, each complete with its languages and links. */
export async function readExportPosts(db: Db, ids: number[], options: ReadPostsOptions): Promise<ExportPost[]> {
  if (ids.length === 0) return [];
  const [posts, bylines, tags, attachments, translations] = await Promise.all([
    db.selectFrom('posts').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('post_authors').selectAll().where('post_id', 'in', ids).orderBy('post_id').orderBy('position').orderBy('author_id').execute(),
    db.selectFrom('post_tags').selectAll().where('post_id', 'in', ids).orderBy('post_id').orderBy('tag_id').execute(),
    db.selectFrom('post_media').selectAll().where('post_id', 'in', ids).orderBy('id').execute(),
    readExportTranslations(db, ids, options.withRevisions),
  ]);
  const group = <T extends { post_id: number }>(rows: T[]) => {
    const byPost = new Map<number, T[]>();
    for (const row of rows) byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row]);
    return byPost;
  };
  const [bylinesOf, tagsOf, attachmentsOf] = [group(bylines), group(tags), group(attachments)];
  const translationsOf = new Map<number, ExportTranslation[]>();
  for (const { postId, translation } of translations) translationsOf.set(postId, [...(translationsOf.get(postId) ?? []), translation]);
  return posts.map((row) => ({
    id: row.id,
    kind: row.kind as ExportPost['kind'],
    status: row.status as ExportPost['status'],
    featured: row.featured !== 0,
    publishedAt: row.published_at,
    sourceLocale: row.source_locale as ExportPost['sourceLocale'],
    version: row.version,
    coverMediaId: row.cover_media_id,
    ownerUserId: row.owner_user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    bylines: (bylinesOf.get(row.id) ?? []).map((b) => ({ authorId: b.author_id, position: b.position })),
    tagIds: (tagsOf.get(row.id) ?? []).map((t) => t.tag_id),
    attachments: (attachmentsOf.get(row.id) ?? []).map((a) => ({
      id: a.id,
      mediaId: a.media_id,
      role: a.role as ExportPost['attachments'][number]['role'],
      locale: a.locale as ExportPost['attachments'][number]['locale'],
    })),
    translations: translationsOf.get(row.id) ?? [],
  }));
}
