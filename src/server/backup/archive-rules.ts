// What a backup archive may contain, checked on every entry name and size before a restore
// inflates anything (and on every file a backup is about to add, so a backup never makes
// an archive its own restore would refuse). Pure, so the rules are unit-tested alone.
export const manifestPath = 'manifest.json';

/** Top-level folders of a backup: the database, the media files, the auth secret. */
export const entryRoots = ['database', 'media', 'secrets'] as const;

export interface ArchiveLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** The manifest is read whole, so it is capped. */
  maxManifestBytes: number;
  /**
   * Most an entry may inflate relative to its compressed size. Deflate cannot do better
   * than about 1032:1, so a claim beyond that is a lie in the header; below it the bound
   * stays loose on purpose: autosaved revisions of one text are near-copies and compress
   * several hundred times, and a backup the site made must always restore. What keeps a
   * honest-but-huge archive from filling the disk is the free-space check.
   */
  maxRatio: number;
  /** Entries smaller than this are not ratio-checked: tiny files compress oddly and cannot hurt. */
  ratioFloor: number;
  /** Longest row line of a PostgreSQL table file (a line is held in memory while parsed). */
  maxLineBytes: number;
}

export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: 1_000_000,
  maxManifestBytes: 256 * 1024 * 1024,
  maxRatio: 1000,
  ratioFloor: 1024 * 1024,
  maxLineBytes: 256 * 1024 * 1024,
};

/** Null when a backup may hold an entry of this name, else why not (to finish "…is refused: "). */
export function checkEntryPath(name: string): string | null {
  if (name === manifestPath) return null;
  if (name.length === 0 || name.length > 1024) return 'its name is empty or longer than 1024 characters';
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return 'its name holds a backslash or a control character';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'its path is absolute';
  const segments = name.split('/');
  if (segments.includes('..')) return 'its path climbs out of the archive with ".."';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'its path has an empty or "." part';
  if (segments.length < 2 || !(entryRoots as readonly string[]).includes(segments[0]!)) {
    return `it is not manifest.json or a file under ${entryRoots.map((root) => `${root}/`).join(', ')}`;
  }
  return null;
}

export interface EntrySize {
  /** What the ZIP directory says the entry inflates to. */
  bytes: number;
  compressedBytes: number;
}

/** Null when an entry's declared sizes are believable, else why not. */
export function checkEntrySize(entry: EntrySize, limits: Pick<ArchiveLimits, 'maxRatio' | 'ratioFloor'>): string | null {
  if (entry.bytes <= limits.ratioFloor) return null;
  if (entry.bytes <= entry.compressedBytes * limits.maxRatio) return null;
  const ratio = Math.round(entry.bytes / Math.max(1, entry.compressedBytes));
  return `it claims to inflate ${ratio} times its compressed size, beyond the limit of ${limits.maxRatio} (a zip bomb?)`;
}
