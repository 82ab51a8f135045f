// The revisions list as a person reads it: autosave makes a revision every few seconds of
// typing, so saves in a row by one person under one title, minutes apart, are one entry
// ("8 saves, 10:01–10:08") that opens to show each. A revision that matters on its own
// (the current draft, what readers see, what a schedule or a review request will publish)
// always has an entry of its own.

export interface GroupableRevision {
  id: number;
  title: string;
  createdAt: string;
  authorName: string | null;
}

export interface RevisionGroup<T extends GroupableRevision> {
  /** Newest first, as given. */
  revisions: T[];
}

/** Saves further apart than this start a new entry. */
export const groupGapMs = 10 * 60 * 1000;

/** `revisions` newest first; `marked` the ids that stand alone. */
export function groupRevisions<T extends GroupableRevision>(revisions: readonly T[], marked: ReadonlySet<number>): RevisionGroup<T>[] {
  const groups: RevisionGroup<T>[] = [];
  let current: RevisionGroup<T> | null = null;
  for (const revision of revisions) {
    const last = current?.revisions.at(-1);
    const joins =
      current !== null &&
      last !== undefined &&
      !marked.has(revision.id) &&
      !marked.has(last.id) &&
      last.authorName === revision.authorName &&
      last.title === revision.title &&
      Date.parse(last.createdAt) - Date.parse(revision.createdAt) <= groupGapMs;
    if (joins) current!.revisions.push(revision);
    else {
      current = { revisions: [revision] };
      groups.push(current);
    }
  }
  return groups;
}
