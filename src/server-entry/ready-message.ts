// The last lines `npm start` prints: where the site is, and where to go next.
import { studioPath } from '@/core/studio/studio-path';
import { defaultLocale } from '@/core/locales';

/** `needsOwner`: the Studio has no account yet (its first visit creates the owner). */
export function readyMessage(origin: string, needsOwner: boolean | null): string {
  const studio = `${origin}${studioPath(defaultLocale)}`;
  const next = needsOwner ? `open ${studio} to create the owner account` : `the Studio is at ${studio}`;
  return `duet: ready on ${origin}: ${next}.`;
}
