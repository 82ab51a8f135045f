// What the Studio's Fediverse screens read: the followers per language with one keyset
// page of a list, the replies' queue in one state, the blocks, and the settings with the
// addresses readers type into Mastodon. Callers have checked `fediverse.manage`.
import { fediverseAddress, type FollowerQuery, type ReplyQuery } from '@/core/fediverse/moderation';
import { siteUrl } from '@/core/config/site-url';
import { locales, type Locale } from '@/core/locales';
import { getDatabase } from '@/db/client';
import { createFediverseModeration } from '@/db/repositories/fediverse-moderation';
import { createFediverseSettings } from '@/db/repositories/fediverse-settings';

const moderation = () => createFediverseModeration(getDatabase());

export async function followersOverview(query: FollowerQuery) {
  const repo = moderation();
  const [counts, page] = await Promise.all([repo.followerCounts(), repo.listFollowers(query)]);
  return { counts, page };
}

export async function repliesOverview(query: ReplyQuery) {
  const repo = moderation();
  const [counts, page] = await Promise.all([repo.replyCounts(), repo.listReplies(query)]);
  return { counts, page };
}

export function listFediverseBlocks(before?: number) {
  return moderation().listBlocks(before);
}

/** The settings and, per language, the address a reader follows: `@zh@example.com`. */
export async function fediverseSettingsView() {
  const settings = await createFediverseSettings(getDatabase()).getSettings();
  const host = siteUrl().host;
  const addresses = Object.fromEntries(locales.map((l) => [l, fediverseAddress(settings.handles[l], host)])) as Record<Locale, string>;
  return { settings, addresses };
}
