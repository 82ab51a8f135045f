// What a post shares across its languages, written in the caller's transaction: tags,
// cover, featured, narrations, video and subtitles. Ids must name media of the right
// kind and tags that exist; otherwise a 400 names each field at fault.
import type { Transaction } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { PostMetaInput } from '@/core/studio/post-inputs';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { toIsoTimestamp } from './map-rows';
import { reindexPost } from './search-index';

export async function writePostMeta(trx: Transaction<Database>, postId: number, meta: PostMetaInput, now: Date): Promise<void> {
  const post = await trx.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst();
  if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
  const wanted: Array<[string, number | null | undefined, string]> = [
    ['coverMediaId', meta.coverMediaId, 'image'],
    ['videoMediaId', meta.videoMediaId, 'video'],
    ...locales.map((l): [string, number | null | undefined, string] => [`narration.${l}`, meta.narration[l], 'audio']),
    ...locales.map((l): [string, number | null | undefined, string] => [`subtitleMediaIds.${l}`, meta.subtitleMediaIds[l], 'subtitle']),
  ];
  const ids = wanted.map(([, id]) => id).filter((id): id is number => typeof id === 'number');
  const kinds = new Map(ids.length ? (await trx.selectFrom('media').select(['id', 'kind']).where('id', 'in', ids).execute()).map((m) => [m.id, m.kind]) : []);
  const fields: Record<string, string[]> = {};
  for (const [field, id, kind] of wanted) {
    if (typeof id === 'number' && kinds.get(id) !== kind) fields[field] = [`Must be the id of an uploaded ${kind} file.`];
  }
  if (meta.tagIds.length) {
    const found = await trx.selectFrom('tags').select('id').where('id', 'in', meta.tagIds).execute();
    if (found.length !== meta.tagIds.length) fields.tagIds = ['Names a tag that does not exist.'];
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION', 'Some of the post details name things that do not exist.', { fields });

  await trx
    .updateTable('posts')
    .set((eb) => ({ cover_media_id: meta.coverMediaId, featured: meta.featured ? 1 : 0, version: eb('version', '+', 1), updated_at: toIsoTimestamp(now) }))
    .where('id', '=', postId)
    .execute();
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  if (meta.tagIds.length) await trx.insertInto('post_tags').values(meta.tagIds.map((tag_id) => ({ post_id: postId, tag_id }))).execute();
  await trx.deleteFrom('post_media').where('post_id', '=', postId).where('role', 'in', ['narration', 'video', 'subtitle']).execute();
  const rows: Array<{ post_id: number; media_id: number; role: string; locale: string | null }> = [];
  if (meta.videoMediaId != null) rows.push({ post_id: postId, media_id: meta.videoMediaId, role: 'video', locale: null });
  for (const l of locales) {
    const narration = meta.narration[l];
    if (narration != null) rows.push({ post_id: postId, media_id: narration, role: 'narration', locale: l });
    const subtitle = meta.subtitleMediaIds[l];
    if (subtitle != null) rows.push({ post_id: postId, media_id: subtitle, role: 'subtitle', locale: l });
  }
  if (rows.length) await trx.insertInto('post_media').values(rows).execute();
  await reindexPost(trx, postId);
}
