// The media library's search, as the Studio's page reads it from its address
// (?q=&kind=&page=): words found in a file's name, alt text or caption in either
// language, a kind, and a page of results. Anything malformed falls back to "everything",
// so a hand-edited address still shows the library.
import { z } from 'zod';
import type { MediaKind } from '@/core/content/types';
import { locales, type Locale } from '@/core/locales';

export const mediaKinds = ['image', 'audio', 'video', 'subtitle'] as const satisfies readonly MediaKind[];

/** Files on one page of the library: a grid of 2, 3, 4 or 6 columns fills its rows. */
export const libraryPageSize = 36;
export const maxLibraryQueryLength = 100;

export const mediaLibraryQuery = z.object({
  q: z
    .string()
    .transform((q) => q.trim().slice(0, maxLibraryQueryLength))
    .optional()
    .catch(undefined),
  kind: z.enum(mediaKinds).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type MediaLibraryQuery = z.infer<typeof mediaLibraryQuery>;

/** `/images/tea-and-time.3f9a1c2b7d4e.webp` → `tea-and-time.webp`: the name without its content hash. */
export function displayName(path: string): string {
  const file = path.split('/').at(-1) ?? path;
  const match = /^(.+)\.[0-9a-f]{10,64}(?:\.[a-z0-9]+)?\.([a-z0-9]+)$/i.exec(file);
  return match ? `${match[1]}.${match[2]}` : file;
}

/** The language a subtitle file's name gives (`walk.zh.vtt`, `walk-en.srt`), when it gives one. */
export function languageInName(name: string): Locale | null {
  const match = /(?:^|[._-])(zh|en)(?:[-_](?:cn|hans|hant|tw|hk|gb|us))?(?=[._-][^.]*$|\.[a-z0-9]+$)/i.exec(name);
  const found = match?.[1]?.toLowerCase();
  return locales.find((l) => l === found) ?? null;
}

/** A duration as a player shows it: 0:37, 12:05, 1:02:03. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
