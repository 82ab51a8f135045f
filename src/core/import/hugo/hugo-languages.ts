// The languages of a Hugo site's texts, decided the way a bilingual Duet site needs them:
// Simplified Chinese (zh, zh-CN, zh-Hans, zh-SG) is Duet's Chinese; Traditional (zh-TW,
// zh-HK, zh-Hant…) is left out, counted, when the site also has Simplified texts, and
// imported as Duet's Chinese, said in the report, when it is the site's only Chinese; any
// other language is left out with its count, never guessed into Chinese or English. Also
// gives texts whose paths would share a slug (versioned docs: v1/intro, v2/intro) slugs
// made from their paths, one post per path.
import type { Locale } from '@/core/locales';
import { chineseScript, detectOtherScript, mapLocaleCode } from '../detect-locale';
import type { ImportWarning } from '../import-document';
import { toImportSlug } from '../import-values';
import type { TextCandidate } from '../pair-texts';
import type { HugoLocation } from './locate-hugo-file';

type Script = 'simplified' | 'traditional' | null;

export class HugoLanguages {
  /** Texts left out, by language code. */
  readonly skipped = new Map<string, number>();
  private readonly kept: TextCandidate[] = [];
  private readonly traditional: Array<{ candidate: TextCandidate; code: string }> = [];

  constructor(private readonly warnings: ImportWarning[]) {}

  classify(code: string): { locale: Locale | null; script: Script } {
    return { locale: mapLocaleCode(code), script: chineseScript(code) };
  }

  /** Leaves out a text in a language Duet does not publish. */
  skip(code: string, path: string, how = `is in ${code}`): void {
    const key = code.toLowerCase();
    this.skipped.set(key, (this.skipped.get(key) ?? 0) + 1);
    this.warnings.push({ code: 'unsupported-locale', sourceId: path, message: `${path} ${how}; Duet publishes only Chinese and English, so it was not imported.` });
  }

  /** True (and the text left out) when an unmarked text is Japanese or Korean by its script. */
  otherScript(sample: string, path: string): boolean {
    const found = detectOtherScript(sample);
    if (found) this.skip(found, path, `names no language and reads as ${found === 'ja' ? 'Japanese' : 'Korean'}`);
    return found !== null;
  }

  add(candidate: TextCandidate, script: Script, code?: string | null): void {
    if (candidate.text.locale === 'zh' && script === 'traditional') this.traditional.push({ candidate, code: code ?? 'zh-hant' });
    else this.kept.push(candidate);
  }

  /** The texts to import, once every text is known. */
  finish(): TextCandidate[] {
    const hasSimplified = this.kept.some((c) => c.text.locale === 'zh');
    for (const { candidate, code } of this.traditional) {
      const path = candidate.text.sourceId;
      if (hasSimplified) {
        this.skip(code, path, `is in Traditional Chinese (${code}) and the site also has Simplified Chinese, which is imported as Chinese`);
      } else {
        this.kept.push(candidate);
        this.warnings.push({ code: 'traditional-as-zh', sourceId: path, message: `${path} is in Traditional Chinese (${code}), the site's only Chinese: it is imported as Chinese.` });
      }
    }
    return this.kept;
  }
}

/** Texts of one language and kind whose path-made slugs collide get slugs from more of their path. */
export function slugsFromPaths(candidates: readonly TextCandidate[], places: ReadonlyMap<TextCandidate, HugoLocation>): void {
  const groups = new Map<string, TextCandidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.text.locale}:${candidate.kind}:${candidate.text.slug}`;
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  for (const group of groups.values()) {
    const movable = group.filter((c) => places.has(c));
    if (group.length < 2 || movable.length === 0) continue;
    const segments = movable.map((c) => pathSegments(places.get(c)!));
    const longest = Math.max(...segments.map((s) => s.length));
    for (let n = 2; n <= longest; n++) {
      const slugs = movable.map((c, i) => toImportSlug(segments[i]!.slice(-n).join('-'), c.text.title, c.text.locale));
      const fixed = group.filter((c) => !places.has(c)).map((c) => c.text.slug);
      if (new Set([...slugs, ...fixed]).size === group.length) {
        movable.forEach((c, i) => (c.text.slug = slugs[i]!));
        break;
      }
    }
  }
}

/** `docs/v2/intro` for `docs/v2/intro.zh.md` and `docs/v2/intro/index.md`. */
function pathSegments(place: HugoLocation): string[] {
  const base = place.contentPath.replace(/\.[^./]+$/, '');
  const segments = base.split('/');
  const last = segments.at(-1)!;
  if (/^_?index(\.|$)/i.test(last)) segments.pop();
  else if (place.language && last.toLowerCase().endsWith(`.${place.language.toLowerCase()}`)) segments[segments.length - 1] = last.slice(0, -(place.language.length + 1));
  return segments.filter(Boolean);
}
