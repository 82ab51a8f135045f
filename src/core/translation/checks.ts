// The checks a translation goes through before it is submitted for review or published:
// pure, given the source's Markdown, the translation's and the glossary, they say what
// looks wrong and in which block. A missing block is blocking (readers would lose part of
// the article); everything else is a warning a person may dismiss with a reason. Every
// check is a linear scan of its block, so the whole run is linear in the texts' length
// (and the glossary is matched through its index, not term by term).
import type { Locale } from '@/core/locales';
import { alignKinds } from '@/core/markdown/split-blocks';
import { missingFrom, readBlockFacts, type BlockFacts } from './block-facts';
import { containsTerm, forbiddenIn, hanPattern, type GlossaryTermInput } from './glossary';
import { indexGlossary, type GlossaryIndex } from './glossary-index';
import { splitMarkdownBlocks, type MarkdownBlock } from './markdown-blocks';

export const checkCodes = [
  'block-missing',
  'block-extra',
  'number-mismatch',
  'date-mismatch',
  'url-mismatch',
  'link-missing',
  'image-missing',
  'code-changed',
  'markdown-unbalanced',
  'glossary-missing',
  'glossary-forbidden',
  'glossary-do-not-translate',
  'untranslated',
  'punctuation-zh-in-en',
  'punctuation-en-in-zh',
] as const;
export type CheckCode = (typeof checkCodes)[number];
export type CheckSeverity = 'blocking' | 'warning';

export interface TranslationCheck {
  code: CheckCode;
  severity: CheckSeverity;
  /** The block of the source (from 0) and of the translation it concerns; null where there is none. */
  sourceBlock: number | null;
  targetBlock: number | null;
  /** What the interface words the check with: the term, the number, the address… */
  values: Record<string, string>;
  /** Stable within a pair of texts: a dismissal names the check by it. */
  key: string;
}

export interface CheckInput {
  sourceLocale: Locale;
  targetLocale: Locale;
  source: string;
  target: string;
  glossary?: readonly GlossaryTermInput[];
}

const blockingCodes: ReadonlySet<CheckCode> = new Set(['block-missing']);
/** Kinds whose words are not translated: no language checks on them. */
const verbatimKinds = new Set(['code', 'image', 'rule', 'html']);

export function checkTranslation(input: CheckInput): TranslationCheck[] {
  const sourceBlocks = splitMarkdownBlocks(input.source);
  const targetBlocks = splitMarkdownBlocks(input.target);
  const terms = input.glossary ?? [];
  const targetLocale = input.targetLocale === 'zh' ? 'zh' : 'en';
  const sourceLocale = input.sourceLocale === 'zh' ? 'zh' : 'en';
  const glossary: PreparedGlossary = {
    index: indexGlossary(terms, sourceLocale),
    forbidden: terms.flatMap((term) => forbiddenIn(term, targetLocale).map((variant) => ({ variant, approved: term[targetLocale] }))),
    kept: terms.filter((term) => term.doNotTranslate).map((term) => term[sourceLocale]),
  };
  const checks: TranslationCheck[] = [];
  const add = (code: CheckCode, sourceBlock: number | null, targetBlock: number | null, values: Record<string, string> = {}) => {
    const detail = Object.values(values).join('|');
    checks.push({ code, severity: blockingCodes.has(code) ? 'blocking' : 'warning', sourceBlock, targetBlock, values, key: `${code}:${sourceBlock ?? '-'}:${targetBlock ?? '-'}:${detail}` });
  };
  const rows = alignKinds(
    sourceBlocks.map((b) => b.kind),
    targetBlocks.map((b) => b.kind),
  );
  for (const row of rows) {
    if (row.left !== null && row.right === null) add('block-missing', row.left, null, { excerpt: excerpt(sourceBlocks[row.left]!.text) });
    else if (row.left === null && row.right !== null) add('block-extra', null, row.right, { excerpt: excerpt(targetBlocks[row.right]!.text) });
    else if (row.left !== null && row.right !== null) checkPair(input, sourceBlocks[row.left]!, targetBlocks[row.right]!, glossary, (code, values) => add(code, row.left, row.right, values));
  }
  return checks;
}

interface PreparedGlossary {
  index: GlossaryIndex<GlossaryTermInput>;
  forbidden: { variant: string; approved: string }[];
  kept: string[];
}

type AddCheck = (code: CheckCode, values?: Record<string, string>) => void;

function checkPair(input: CheckInput, source: MarkdownBlock, target: MarkdownBlock, glossary: PreparedGlossary, add: AddCheck) {
  const s = readBlockFacts(source.text);
  const t = readBlockFacts(target.text);
  compareFacts(s, t, add);
  if (verbatimKinds.has(source.kind) || verbatimKinds.has(target.kind)) return;
  if (isUnbalanced(t.prose) && !isUnbalanced(s.prose)) add('markdown-unbalanced');
  const targetLocale = input.targetLocale === 'zh' ? 'zh' : 'en';
  const hits = glossary.index.find(s.prose);
  for (const { term } of hits) {
    if (term.doNotTranslate) {
      const written = term[input.sourceLocale === 'zh' ? 'zh' : 'en'];
      if (!t.prose.includes(written)) add('glossary-do-not-translate', { term: written });
    } else if (!containsTerm(t.prose, term[targetLocale])) {
      add('glossary-missing', { term: term[input.sourceLocale === 'zh' ? 'zh' : 'en'], approved: term[targetLocale] });
    }
  }
  // One scan per forbidden variant: glossaries keep few of them.
  for (const { variant, approved } of glossary.forbidden) {
    // A variant inside the approved term ("AI" in "AI model") counts only outside it.
    if (containsTerm(t.prose, variant) && containsTerm(t.prose.split(approved).join(' '), variant)) add('glossary-forbidden', { variant, approved });
  }
  const leftover = untranslatedPart(s.prose, t.prose, targetLocale, glossary.kept);
  if (leftover) add('untranslated', { excerpt: leftover });
  const punctuation = targetLocale === 'en' ? /[，。；：！？、「」『』《》（）【】]/.exec(t.prose) : /[\u4e00-\u9fff][,;:!?]|[,;:!?.](?=[\u4e00-\u9fff])|[\u4e00-\u9fff]\.(?!\d)/.exec(t.prose);
  if (punctuation) add(targetLocale === 'en' ? 'punctuation-zh-in-en' : 'punctuation-en-in-zh', { excerpt: punctuation[0] });
}

function compareFacts(s: BlockFacts, t: BlockFacts, add: AddCheck) {
  const pairs: [CheckCode, readonly string[], readonly string[]][] = [
    ['number-mismatch', s.numbers, t.numbers],
    ['date-mismatch', s.dates, t.dates],
    ['url-mismatch', s.urls, t.urls],
  ];
  for (const [code, a, b] of pairs) {
    const missing = missingFrom(a, b);
    const extra = missingFrom(b, a);
    if (missing.length > 0 || extra.length > 0) add(code, { missing: missing.join(', '), extra: extra.join(', ') });
  }
  for (const href of missingFrom(s.links, t.links)) add('link-missing', { href });
  for (const src of missingFrom(s.images, t.images)) add('image-missing', { src });
  if (missingFrom(s.code, t.code).length > 0 || missingFrom(t.code, s.code).length > 0) add('code-changed', { excerpt: excerpt(missingFrom(s.code, t.code)[0] ?? missingFrom(t.code, s.code)[0] ?? '') });
}

/** Emphasis, code and link brackets that do not close: what the renderer would show as stray marks. */
function isUnbalanced(prose: string): boolean {
  const count = (pattern: RegExp) => prose.match(pattern)?.length ?? 0;
  return count(/\*\*/g) % 2 === 1 || count(/__/g) % 2 === 1 || count(/~~/g) % 2 === 1 || count(/`/g) % 2 === 1 || count(/\[/g) !== count(/\]/g);
}

/** The source language left in a translation: Han characters in English, a run of English words in Chinese, or the source copied as it is. */
function untranslatedPart(source: string, target: string, targetLocale: 'zh' | 'en', kept: readonly string[]): string | null {
  let text = target;
  for (const term of kept) text = text.split(term).join(' ');
  if (text.trim() !== '' && text.trim() === source.trim() && /\p{L}/u.test(text)) return excerpt(text);
  if (targetLocale === 'en') {
    const han = new RegExp(`${hanPattern.source}{2,}`).exec(text);
    return han ? excerpt(han[0]) : null;
  }
  // Four English words in a row in Chinese text are a sentence left over, not a name.
  const words = /\b[A-Za-z]+(?:[\s,;]+[A-Za-z]+){3,}/.exec(text);
  return words ? excerpt(words[0]) : null;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
