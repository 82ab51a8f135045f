// What a WordPress export says about languages and translations, from the two plugins
// that write it:
//
// - Polylang: each item has a `language` term (its description, PHP-serialized, holds the
//   locale such as `en_GB`) and a `post_translations` term whose description maps
//   language → post id, `a:2:{s:2:"fr";i:400;s:2:"en";i:398;}` (ids may be strings; a
//   `sync` sub-array may follow). Terms are grouped the same way by `term_translations`.
// - WPML (its "Export and Import" add-on): each item carries the post meta
//   `_wpml_import_language_code` and `_wpml_import_translation_group` (with
//   `_wpml_import_source_language_code` naming the original); terms the same as term meta.
import type { Locale } from '@/core/locales';
import { mapLocaleCode } from '../detect-locale';
import type { WxrItem, WxrTerm } from './read-wxr';
import { isPhpArray, phpGet, unserializePhp } from './unserialize-php';

export interface Language {
  code: string;
  locale: Locale | null;
}

export class WxrTranslations {
  private readonly languages = new Map<string, Language>();
  private readonly postGroups = new Map<string, string>();
  private readonly termGroups = new Map<string, { group: string; language: string }>();

  constructor(terms: readonly WxrTerm[]) {
    for (const term of terms) {
      if (term.taxonomy === 'language') {
        const locale = readSerialized(term.description, 'locale');
        this.languages.set(term.slug, { code: typeof locale === 'string' ? locale : term.slug, locale: mapLocaleCode(typeof locale === 'string' ? locale : term.slug) });
      } else if (term.taxonomy === 'post_translations' || term.taxonomy === 'term_translations') {
        for (const [language, id] of readGroup(term.description)) {
          if (term.taxonomy === 'post_translations') this.postGroups.set(id, `pll:${term.slug}`);
          else this.termGroups.set(id, { group: `pll:${term.slug}`, language });
        }
      }
      const wpml = readWpml(term.meta);
      if (wpml.group && term.id) this.termGroups.set(term.id, { group: `wpml:${wpml.group}`, language: wpml.language ?? '' });
    }
  }

  /** The language an item is in, as its plugin recorded it. */
  languageOf(item: WxrItem): Language | null {
    const polylang = item.categories.find((c) => c.domain === 'language');
    if (polylang) return this.languages.get(polylang.nicename) ?? { code: polylang.nicename, locale: mapLocaleCode(polylang.nicename) };
    const wpml = readWpml(item.meta).language;
    return wpml ? { code: wpml, locale: mapLocaleCode(wpml) } : null;
  }

  /** The translation group an item belongs to, if any. */
  groupOf(item: WxrItem, postId: string): string | null {
    const polylang = item.categories.find((c) => c.domain === 'post_translations');
    if (polylang) return `pll:${polylang.nicename}`;
    const wpml = readWpml(item.meta).group;
    if (wpml) return `wpml:${wpml}`;
    return this.postGroups.get(postId) ?? null;
  }

  /** A term's translation group and the language code of this member. */
  termGroupOf(termId: string): { group: string; language: string } | null {
    return this.termGroups.get(termId) ?? null;
  }

  languageByCode(code: string): Language {
    return this.languages.get(code) ?? { code, locale: mapLocaleCode(code) };
  }
}

function readWpml(meta: ReadonlyArray<{ key: string; value: string }>): { language: string | null; group: string | null } {
  const value = (key: string) => meta.find((m) => m.key === key)?.value.trim() || null;
  return { language: value('_wpml_import_language_code'), group: value('_wpml_import_translation_group') };
}

function readSerialized(description: string, key: string): unknown {
  if (!description.startsWith('a:')) return undefined;
  try {
    return phpGet(unserializePhp(description), key);
  } catch {
    return undefined;
  }
}

/** Language → id entries of a Polylang group description; the `sync` settings are not members. */
function readGroup(description: string): Array<[string, string]> {
  try {
    const value = unserializePhp(description);
    if (!isPhpArray(value)) return [];
    return value.entries
      .filter(([language, id]) => language !== 'sync' && (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))))
      .map(([language, id]) => [String(language), String(id)]);
  } catch {
    return [];
  }
}
