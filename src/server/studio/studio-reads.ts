// What the Studio's pages and read-only routes show, read through the repositories so
// that no page opens the database itself. Each caller has already identified the actor
// and checked `can()`; these functions decide nothing.
import type { MediaKind } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import { getDatabase } from '@/db/client';
import { findProfilePicture } from '@/db/repositories/profile-picture';
import { createAccountRepository } from '@/db/repositories/accounts';
import { createAuthorRepository } from '@/db/repositories/authors';
import { createMediaFiles } from '@/db/repositories/media-files';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { createStudioRepository, type StudioListOptions } from '@/db/repositories/studio-repository';
import { createTagRepository } from '@/db/repositories/tags';
import { countUsers } from '@/server/auth/accounts';
import { findOpenInvite, listOpenInvites } from '@/server/auth/invites';
import { isStudioListDraining, startStudioListDrain } from '@/server/studio/refresh-studio-list';

export function hasAnyAccount(): Promise<boolean> {
  return countUsers(getDatabase()).then((n) => n > 0);
}

/** The open invite a link's token names, or null (a token longer than any we make is not looked up). */
export function findInvite(token: string) {
  return token.length <= 128 ? findOpenInvite(getDatabase(), token) : Promise.resolve(null);
}

export function listInvites() {
  return listOpenInvites(getDatabase());
}

export function listUsers() {
  return createAccountRepository(getDatabase()).listUsers();
}

export function listAuthors() {
  return createAuthorRepository(getDatabase()).listAuthors();
}

export function listTags() {
  return createTagRepository(getDatabase()).listTags();
}

export function listMedia(options: { limit: number; kinds?: MediaKind[] }) {
  return createMediaFiles(getDatabase()).listMedia(options);
}

/** The site's time zone (IANA name), in which the Studio enters and shows times: the readers' pages' cached read. */
export { getSiteTimeZone } from '@/server/site/site-identity';

export function getNewsletterFallback() {
  return createSiteSettings(getDatabase()).getNewsletterFallback();
}

export function getHantVariant() {
  return createSiteSettings(getDatabase()).getHantVariant();
}

export function findProfilePictureOf(userId: string): Promise<number | null> {
  return findProfilePicture(getDatabase(), userId);
}

export function getStudioPost(id: number) {
  return createStudioRepository(getDatabase()).getStudioPost(id);
}

/**
 * One page of the posts list. The request refreshes at most one batch of stale posts
 * (none while this process drains them); more than that starts the drain, and the page
 * says how far it has got.
 */
export async function listStudioPosts(options: StudioListOptions) {
  const list = await createStudioRepository(getDatabase()).listStudioPosts(options, isStudioListDraining() ? 0 : undefined);
  if (list.preparing) startStudioListDrain();
  return list;
}

export function getLanguageSettings(locale: Locale) {
  return createSiteSettings(getDatabase()).getLanguage(locale);
}

export function getSiteLook() {
  return createSiteSettings(getDatabase()).getLook();
}
