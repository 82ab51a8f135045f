// What every way of putting a revision on the site shares (publish, update, approve, the
// scheduler): it must render without images from other sites, and it tells what changed:
// published or updated, and, for a source, the translation it leaves behind.
import { isOutdated } from '@/core/content/translation-status';
import { AppError } from '@/core/errors/app-error';
import { otherLocale } from '@/core/locales';
import type { PublishedBy, PublishingEvent } from './events';
import type { Plan, TextState } from './text-state';

/**
 * Null when `revisionId` may go live; a 'render' plan when its rendering is not known yet.
 * Throws (409, reason `foreign-images`) when readers would get blank images.
 */
export function checkGoingLive(state: TextState, revisionId: number): Extract<Plan, { kind: 'render' }> | null {
  const foreign = state.foreignImages.get(revisionId);
  if (foreign === undefined) return { kind: 'render', revisionId };
  if (foreign.length > 0) {
    throw new AppError(
      'CONFLICT',
      `This text shows ${foreign.length === 1 ? 'an image' : `${foreign.length} images`} from another site, which readers' browsers will not load: upload ${foreign.length === 1 ? 'it' : 'them'} to the media library or remove ${foreign.length === 1 ? 'it' : 'them'} first.`,
      { reason: 'foreign-images', fields: { body: foreign.map((url) => `Not in the media library: ${url}`) }, details: { images: [...foreign] } },
    );
  }
  return null;
}

/** The events of `revisionId` going live for this language. */
export function goingLiveEvents(state: TextState, revisionId: number, by: PublishedBy): PublishingEvent[] {
  const about = { postId: state.postId, locale: state.locale };
  if (state.live?.revisionId === revisionId) return [];
  const events: PublishingEvent[] = [{ ...about, type: state.live ? 'updated' : 'published', revisionId, by }];
  // A source that goes live with a new revision leaves its translation behind, the first
  // time the translation's base (readers' view when it is live, else the draft's) is older.
  if (state.locale === state.sourceLocale && state.translation) {
    const base = { basedOnRevisionId: state.translation.basedOnRevisionId };
    if (isOutdated(base, revisionId) && !isOutdated(base, state.live?.revisionId)) {
      events.push({ postId: state.postId, locale: otherLocale(state.locale), type: 'outdated' });
    }
  }
  return events;
}
