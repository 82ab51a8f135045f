// What the publishing use cases decide from: one language of one post as it stands (its
// draft, what readers see of it, its schedule and latest review request, and what the
// other language of the pair needs to know), and what they decide: a plan of steps the
// database applies in one transaction, and the events that say what changed. Pure data,
// so every rule is a function from a state to a plan, tested without a database.
import type { ReviewState } from '@/core/content/editorial-status';
import type { Locale } from '@/core/locales';
import type { PublishingEvent } from './events';

export interface TextState {
  postId: number;
  locale: Locale;
  sourceLocale: Locale;
  translationId: number;
  draft: {
    revisionId: number;
    /** For a translation: the source revision it was made from. */
    basedOnRevisionId: number | null;
    /** When a scheduled publication will happen (ISO), and the revision it pinned. */
    publishAt: string | null;
    scheduledRevisionId: number | null;
  };
  /** What readers see of this language, if it is on the site. */
  live: { revisionId: number; basedOnRevisionId: number | null; slug: string; title: string } | null;
  /** The latest review request of this language, whatever its state. */
  review: { id: number; state: ReviewState; revisionId: number; submittedRevisionId: number } | null;
  /** For a translation: the source's live revision (null when the source is not live). */
  sourceLiveRevisionId: number | null;
  /**
   * For the source: the translation that may fall behind when a new source revision goes
   * live, with the base readers know (its live one) or else its draft's. Null when absent.
   */
  translation: { basedOnRevisionId: number | null; isLive: boolean } | null;
  /**
   * The images outside the site in the rendering of a revision that may go live, by
   * revision id: the draft's from its stored rendering, another (a pinned or submitted
   * revision) once it has been rendered. A revision missing here has not been rendered yet.
   */
  foreignImages: ReadonlyMap<number, readonly string[]>;
}

/** One change the database makes, in order, inside the transaction that re-read the state. */
export type Step =
  /** Copies this revision (the draft's current one, or an older one) to the live table. */
  | { do: 'go-live'; revisionId: number }
  | { do: 'go-offline' }
  | { do: 'schedule'; publishAt: string; revisionId: number }
  | { do: 'clear-schedule' }
  /** The draft becomes the live revision again (what was discarded stays in the history). */
  | { do: 'reset-draft-to-live' }
  | { do: 'open-review'; revisionId: number; note: string; requestedBy: string }
  | { do: 'close-review'; reviewId: number; outcome: 'approved' | 'withdrawn' | 'returned'; decidedBy: string | null; note?: string };

export type Plan =
  | { kind: 'apply'; steps: Step[]; events: PublishingEvent[] }
  /**
   * The revision to publish is not the draft's current one, so nothing is known yet of
   * its rendering: render it (off the request thread, outside any transaction), add what
   * it shows to the state, and plan again.
   */
  | { kind: 'render'; revisionId: number };

/** A plan that changes nothing: the state is already what was asked (a double click, a retry). */
export const nothingToDo: Plan = { kind: 'apply', steps: [], events: [] };
