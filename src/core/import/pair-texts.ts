// Joins single-language texts into Duet posts. A pair is one Chinese and one English text
// of the same kind; two texts in one language are never paired. Evidence is taken in this
// order, each step only among texts still alone:
//
//   1. the source's own grouping (Polylang/WPML group, Hugo translation key or bundle);
//   2. the writer's mapping file (an explicit instruction outranks any guess);
//   3. a shared translation tag (Ghost `#translation-<key>` or `#t-<key>`);
//   4. the same slug, then the same slug once a language affix is removed
//      (`hello-zh` / `en-hello` / `hello`);
//   5. one text's canonical URL naming the other's URL or slug.
//
// Anything ambiguous (three texts claiming one pair) pairs nothing and is reported as a
// `duplicate`; whatever is left becomes a one-language post with an `unpaired` warning.
import type { Locale } from '@/core/locales';
import type { ImportMediaRef, ImportPost, ImportText, ImportWarning, PairEvidence } from './import-document';
import type { PairMapping } from './read-pair-mapping';

export interface TextCandidate {
  text: ImportText;
  kind: 'post' | 'page';
  featured: boolean;
  authors: string[];
  tags: string[];
  cover: ImportMediaRef | null;
  /** The source's own translation group, when it has one. */
  group?: string | null;
  /** A translation key from a tag (Ghost `#translation-<key>`). */
  translationKey?: string | null;
  /** Addresses this text is published at (absolute URLs or site paths). */
  urls?: string[];
}

export interface PairResult {
  posts: ImportPost[];
  warnings: ImportWarning[];
}

const languageAffix = /^(?:zh-cn|zh-hans|zh-tw|zh|cn|en)-|-(?:zh-cn|zh-hans|zh-tw|zh|cn|en)$/;

export function pairTexts(candidates: readonly TextCandidate[], options: { mapping?: PairMapping } = {}): PairResult {
  const state = new PairState(candidates);
  state.pairGroups((c) => c.group ?? null, 'source');
  if (options.mapping) state.pairMapped(options.mapping);
  state.pairGroups((c) => c.translationKey?.trim().toLowerCase() || null, 'translation-tag');
  state.pairGroups((c) => `${c.kind}:${c.text.slug}`, 'slug');
  state.pairGroups((c) => {
    const bare = c.text.slug.replace(languageAffix, '');
    return bare && bare !== c.text.slug ? `${c.kind}:${bare}` : null;
  }, 'slug', (c) => `${c.kind}:${c.text.slug}`);
  state.pairCanonical();
  return state.finish();
}

class PairState {
  private readonly alone = new Set<TextCandidate>();
  private readonly posts: ImportPost[] = [];
  private readonly warnings: ImportWarning[] = [];
  private readonly byId = new Map<string, TextCandidate>();

  constructor(candidates: readonly TextCandidate[]) {
    for (const candidate of candidates) {
      this.alone.add(candidate);
      this.byId.set(candidate.text.sourceId, candidate);
    }
  }

  /** Pairs texts sharing a key; `alsoKey` lets a bare slug meet a text whose slug already is bare. */
  pairGroups(keyOf: (c: TextCandidate) => string | null, evidence: PairEvidence, alsoKey?: (c: TextCandidate) => string): void {
    const groups = new Map<string, TextCandidate[]>();
    for (const candidate of this.alone) {
      const key = keyOf(candidate);
      if (key) pushTo(groups, key, candidate);
    }
    if (alsoKey) {
      for (const candidate of this.alone) {
        const key = alsoKey(candidate);
        if (groups.has(key) && !groups.get(key)!.includes(candidate) && keyOf(candidate) === null) pushTo(groups, key, candidate);
      }
    }
    for (const [key, members] of groups) {
      if (members.length < 2) continue;
      const zh = members.filter((m) => m.text.locale === 'zh');
      const en = members.filter((m) => m.text.locale === 'en');
      if (zh.length === 1 && en.length === 1 && zh[0]!.kind === en[0]!.kind) {
        this.pair(zh[0]!, en[0]!, evidence, evidence === 'source' || evidence === 'translation-tag' ? key : null);
      } else if (zh.length > 1 || en.length > 1) {
        for (const member of members) {
          this.warn('duplicate', member, `${members.length} texts share the ${describe(evidence)} “${key}”, ${zh.length} in Chinese and ${en.length} in English; none of them was paired by it.`);
        }
      }
    }
  }

  pairMapped(mapping: PairMapping): void {
    for (const [idA, idB] of mapping) {
      const a = this.byId.get(idA);
      const b = this.byId.get(idB);
      if (!a || !b) {
        const missing = a ? idB : idA;
        this.warnings.push({ code: 'unpaired', sourceId: missing, message: `The mapping file pairs “${idA}” with “${idB}”, but “${missing}” is not an importable text of this export.` });
        continue;
      }
      if (!this.alone.has(a) || !this.alone.has(b)) {
        this.warn('duplicate', this.alone.has(a) ? b : a, `The mapping file pairs “${idA}” with “${idB}”, but one of them is already paired.`);
      } else if (a.text.locale === b.text.locale) {
        this.warn('duplicate', a, `The mapping file pairs “${idA}” with “${idB}”, but both are in ${languageName(a.text.locale)}.`);
      } else if (a.kind !== b.kind) {
        this.warn('duplicate', a, `The mapping file pairs “${idA}” with “${idB}”, but one is a page and the other a post.`);
      } else {
        this.pair(a, b, 'mapping', null);
      }
    }
  }

  /** A text whose canonical URL names exactly one text in the other language. */
  pairCanonical(): void {
    const byAddress = new Map<string, TextCandidate[]>();
    for (const candidate of this.alone) {
      for (const address of addressesOf(candidate)) pushTo(byAddress, address, candidate);
    }
    for (const candidate of [...this.alone]) {
      if (!this.alone.has(candidate) || !candidate.text.canonicalUrl) continue;
      const targets = new Set<TextCandidate>();
      for (const address of canonicalKeys(candidate.text.canonicalUrl)) {
        for (const target of byAddress.get(address) ?? []) {
          if (target !== candidate && target.text.locale !== candidate.text.locale && target.kind === candidate.kind && this.alone.has(target)) targets.add(target);
        }
      }
      if (targets.size === 1) {
        const [target] = targets;
        this.pair(candidate, target!, 'canonical', null);
      } else if (targets.size > 1) {
        this.warn('duplicate', candidate, `The canonical URL ${candidate.text.canonicalUrl} matches ${targets.size} texts in the other language; none was paired by it.`);
      }
    }
  }

  finish(): PairResult {
    for (const candidate of this.alone) {
      this.posts.push(toPost(candidate.text.sourceId, [candidate], null));
      const only = candidate.text.locale === 'zh' ? 'a Chinese-only' : 'an English-only';
      this.warn('unpaired', candidate, `“${candidate.text.title || candidate.text.slug}” has no ${languageName(candidate.text.locale === 'zh' ? 'en' : 'zh')} counterpart; it is imported as ${only} ${candidate.kind}.`);
    }
    return { posts: this.posts, warnings: this.warnings };
  }

  private pair(a: TextCandidate, b: TextCandidate, evidence: PairEvidence, groupKey: string | null): void {
    this.alone.delete(a);
    this.alone.delete(b);
    const [zh, en] = a.text.locale === 'zh' ? [a, b] : [b, a];
    const id = groupKey !== null ? `${evidence === 'source' ? 'group' : 'translation'}:${groupKey}` : `${zh.text.sourceId}+${en.text.sourceId}`;
    this.posts.push(toPost(id, [a, b], evidence));
  }

  private warn(code: ImportWarning['code'], candidate: TextCandidate, message: string): void {
    this.warnings.push({ code, sourceId: candidate.text.sourceId, message });
  }
}

/** One post from one or two texts; the text written first leads (its cover, authors first). */
function toPost(sourceId: string, members: TextCandidate[], pairedBy: PairEvidence | null): ImportPost {
  const ordered = [...members].sort((a, b) => (a.text.createdAt ?? '9999').localeCompare(b.text.createdAt ?? '9999') || (a.text.locale === 'zh' ? -1 : 1));
  const texts: Partial<Record<Locale, ImportText>> = {};
  for (const member of ordered) texts[member.text.locale] = member.text;
  return {
    sourceId,
    kind: ordered[0]!.kind,
    featured: ordered.some((m) => m.featured),
    authors: [...new Set(ordered.flatMap((m) => m.authors))],
    tags: [...new Set(ordered.flatMap((m) => m.tags))],
    cover: ordered.find((m) => m.cover)?.cover ?? null,
    texts,
    pairedBy,
  };
}

function addressesOf(candidate: TextCandidate): string[] {
  return [...(candidate.urls ?? []).flatMap(canonicalKeys), `slug:${candidate.text.slug}`];
}

/** Comparable forms of an address: its path without slashes at the ends, and its last segment as a slug. */
function canonicalKeys(address: string): string[] {
  let path = address.trim();
  try {
    path = new URL(path, 'https://placeholder.invalid').pathname;
  } catch {
    // Not a URL: compare it as a path.
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep the encoded form.
  }
  const trimmed = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  const last = trimmed.split('/').at(-1) ?? '';
  return [`path:${trimmed}`, ...(last ? [`slug:${last}`] : [])];
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function describe(evidence: PairEvidence): string {
  return { source: 'translation group', mapping: 'mapping', 'translation-tag': 'translation tag', slug: 'slug', canonical: 'canonical URL' }[evidence];
}

function languageName(locale: Locale): string {
  return locale === 'zh' ? 'Chinese' : 'English';
}
