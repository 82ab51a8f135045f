// The name an uploaded file is stored under: a readable base taken from what the
// uploader called it, then the content hash, then the extension the content decided.
// The base is plain ASCII so the name is safe in a URL and on any file system; it can
// never hold a path separator, "..", or start with a dot.
import type { MediaKind } from '@/core/content/types';
import { slugify } from '@/core/content/slugify';

/** Folder under DATA_DIR/media and first segment of the public path, per kind (subtitles sit beside their videos). */
export const mediaFolderOf: Readonly<Record<MediaKind, 'images' | 'audios' | 'videos'>> = {
  image: 'images',
  audio: 'audios',
  video: 'videos',
  subtitle: 'videos',
};

/** Hex characters of the SHA-256 in a stored name (the media routes cache names with 10 or more forever). */
export const NAME_HASH_LENGTH = 12;

const maxBaseLength = 60;

/** A browser-given file name to a safe base: last path segment, extension dropped, slugified (Chinese as pinyin); 'file' if nothing is left. */
export function sanitizeBaseName(fileName: string): string {
  const segment = fileName.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  const stem = segment.replace(/\.[^.]*$/, '');
  const slug = slugify(stem, 'en');
  // slugify's own fallback; a name that really says "untitled" keeps it.
  if (slug === 'untitled' && !/untitled/i.test(stem.normalize('NFKC'))) return 'file';
  return truncate(slug);
}

function truncate(slug: string): string {
  if (slug.length <= maxBaseLength) return slug;
  return slug.slice(0, maxBaseLength).replace(/-+$/, '') || 'file';
}

/** `<base>.<hash>.<ext>`, or `<base>.<hash>.<suffix>.<ext>` for a variant such as w960. */
export function hashedFileName(base: string, sha256: string, ext: string, suffix?: string, hashLength = NAME_HASH_LENGTH): string {
  const hash = sha256.slice(0, hashLength);
  return suffix ? `${base}.${hash}.${suffix}.${ext}` : `${base}.${hash}.${ext}`;
}
