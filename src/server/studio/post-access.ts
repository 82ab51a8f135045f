// The Studio API's checks before it touches a post: the request's account, the post, and
// the permission rule for the action on that language. Each handler calls one of these
// first; a refused request changes nothing.
import { z } from 'zod';
import type { Action } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { createStudioRepository, type StudioPost } from '@/db/repositories/studio-repository';
import { isLocale, type Locale } from '@/core/locales';
import { authorize, requireActor, type StudioUser } from '@/server/auth/session';
import { renderWithMedia } from '@/server/render/render-with-media';

const idParam = z.coerce.number().int().min(1).max(2_147_483_647);

export function parsePostId(raw: string): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'There is no such post.', { fields: { id: ['Not a post id.'] } });
  return parsed.data;
}

export function parseLocale(raw: string): Locale {
  if (!isLocale(raw)) throw new AppError('NOT_FOUND', 'There is no such language.', { fields: { locale: ['Must be zh or en.'] } });
  return raw;
}

/** Which rule editing a language falls under: the source text or a translation. */
export function editActionFor(post: Pick<StudioPost, 'sourceLocale'>, locale: Locale): Action {
  return locale === post.sourceLocale ? 'post.edit-source' : 'post.edit-translation';
}

/**
 * `from` is the request (its session is checked here) or the actor a handler already
 * identified, when it had to read a small body before it could name the action.
 */
export async function postForAction(
  from: Request | StudioUser,
  rawId: string,
  action: Action | ((post: StudioPost) => Action),
  locale?: Locale,
): Promise<{ actor: StudioUser; post: StudioPost; repo: ReturnType<typeof createStudioRepository> }> {
  const actor = from instanceof Request ? await requireActor(from) : from;
  const repo = createStudioRepository(getDatabase(), renderWithMedia);
  const post = await repo.getStudioPost(parsePostId(rawId));
  if (!post) throw new AppError('NOT_FOUND', 'There is no such post.');
  const wanted = typeof action === 'function' ? action(post) : action;
  authorize(actor, wanted, { kind: 'post', ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale });
  return { actor, post, repo };
}
