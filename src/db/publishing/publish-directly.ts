// Publishing a language as it is, for the writers that bring their own finished texts (an
// import, the demo magazine, tests' factories): no review, schedule or image check, since
// nobody is there to be told. The events are those of a person publishing, and an import
// keeps them to itself (`quiet`): it records no webhook deliveries.
import type { Transaction } from 'kysely';
import { goingLiveEvents } from '@/core/publishing/going-live';
import type { PublishingEvent } from '@/core/publishing/events';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { goLive, goOffline } from '../repositories/live-translation';
import type { CutBlocks } from '../repositories/translation-memory-store';
import { recordWebhookEvents } from '../repositories/webhook-outbox';
import { recordFediverseEvents } from '../repositories/fediverse-outbox';
import { readTextState } from './read-text-state';

interface Options {
  nowIso: string;
  quiet?: boolean;
  /** Markdown blocks of texts just rendered, so the memory does not parse them again (goLive). */
  cut?: CutBlocks;
}

export async function publishDirectly(trx: Transaction<Database>, postId: number, locale: Locale, options: Options): Promise<PublishingEvent[]> {
  const state = await readTextState(trx, postId, locale);
  if (!state) return [];
  const events = goingLiveEvents(state, state.draft.revisionId, 'person');
  await goLive(trx, state.translationId, { nowIso: options.nowIso, cut: options.cut });
  if (!options.quiet) {
    await recordWebhookEvents(trx, events, new Date(options.nowIso));
    await recordFediverseEvents(trx, events, new Date(options.nowIso));
  }
  return events;
}

export async function unpublishDirectly(trx: Transaction<Database>, postId: number, locale: Locale, options: Options): Promise<PublishingEvent[]> {
  const state = await readTextState(trx, postId, locale);
  if (!state) return [];
  await goOffline(trx, state.translationId);
  const events: PublishingEvent[] = state.live ? [{ postId, locale, type: 'unpublished', slug: state.live.slug, title: state.live.title }] : [];
  if (!options.quiet) {
    await recordWebhookEvents(trx, events, new Date(options.nowIso));
    await recordFediverseEvents(trx, events, new Date(options.nowIso));
  }
  return events;
}
