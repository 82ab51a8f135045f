// What a Ghost tag means to the importer. Ghost's internal tags (names starting with `#`)
// are never public tags; some carry instructions:
//
//   #zh, #en, #zh-cn, #en-gb …     the language of the post (any zh/en code)
//   #lang-fr, #language-zh …       the same, with any language code (others are refused)
//   #translation-<key>, #t-<key>   posts sharing a key are translations of each other
//
// Every other `#tag` is ignored (Ghost themes use them for routing and templates).
import type { Locale } from '@/core/locales';
import { isLanguageCode, mapLocaleCode } from '../detect-locale';

export type GhostTagMeaning =
  | { kind: 'public' }
  | { kind: 'internal' }
  | { kind: 'language'; code: string; locale: Locale | null }
  | { kind: 'translation'; key: string };

export function readGhostTag(name: string, visibility?: unknown): GhostTagMeaning {
  const trimmed = name.trim();
  if (!trimmed.startsWith('#')) return visibility === 'internal' ? { kind: 'internal' } : { kind: 'public' };
  const body = trimmed.slice(1).trim();
  const translation = /^(?:translation|t)[-:_](.+)$/i.exec(body);
  if (translation) return { kind: 'translation', key: translation[1]!.trim().toLowerCase() };
  const prefixed = /^(?:lang|language)[-:_](.+)$/i.exec(body);
  if (prefixed && isLanguageCode(prefixed[1]!)) return { kind: 'language', code: prefixed[1]!, locale: mapLocaleCode(prefixed[1]) };
  // A bare code only counts when it is Chinese or English: `#hi` or `#it` could be anything.
  if (isLanguageCode(body) && mapLocaleCode(body)) return { kind: 'language', code: body, locale: mapLocaleCode(body) };
  return { kind: 'internal' };
}
