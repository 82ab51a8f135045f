// Unpublish: the language leaves the site (its draft stays), and any schedule with it.
import { nothingToDo, type Plan, type Step, type TextState } from './text-state';
import type { PublishingEvent } from './events';

export function unpublishText(state: TextState): Plan {
  const steps: Step[] = [];
  const events: PublishingEvent[] = [];
  if (state.live) {
    steps.push({ do: 'go-offline' });
    events.push({ postId: state.postId, locale: state.locale, type: 'unpublished', slug: state.live.slug, title: state.live.title });
  }
  if (state.draft.publishAt) {
    steps.push({ do: 'clear-schedule' });
    events.push({ postId: state.postId, locale: state.locale, type: 'schedule-cancelled' });
  }
  return steps.length === 0 ? nothingToDo : { kind: 'apply', steps, events };
}
