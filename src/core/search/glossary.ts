// Other ways to say a query word, in the same language or the other one: a reader who
// types 双语 wants the article that says 两种语言, and one who types "bilingual" on the
// Chinese page wants 双语 too. Each entry is a set of equivalent words or phrases; a query
// word (or run of words) equal to one of them, after tokenizing, also matches a
// document that holds any other: all its Chinese words, or an English phrase as written.
// Expansion happens once, never on an expansion, so queries stay small. The vocabulary
// is the magazine's subjects: language and translation, type and typography, the web and
// self-hosting, and the recurring places and festivals.
//
// English phrases of several words are indexed as single tokens (see phraseToken), so
// matching one costs no more than matching a word on either database. Changing those
// phrases therefore needs the index rebuilt (rebuildSearchIndex).
import { tokenizeQuery, type QueryTerm } from './tokenize';

export const glossary: readonly (readonly string[])[] = [
  ['双语', '两种语言', 'bilingual', 'two languages'],
  ['翻译', '译文', 'translation', 'translator'],
  ['中文', '汉语', 'chinese'],
  ['英文', '英语', 'english'],
  ['汉字', 'chinese characters'],
  ['排版', '排印', 'typography', 'typesetting'],
  ['字体', '字型', 'font', 'typeface'],
  ['活字', '活字印刷', 'movable type'],
  ['印刷', 'printing'],
  ['标点', '标点符号', 'punctuation'],
  ['空格', 'space'],
  ['断行', '换行', 'line break'],
  ['混排', 'mixed text'],
  ['搜索', '搜寻', '搜尋', '检索', 'search'],
  ['分词', '切词', 'word segmentation', 'tokenization'],
  ['阅读时间', '阅读时长', 'reading time'],
  ['部署', 'deploy', 'deployment'],
  ['服务器', 'server'],
  ['托管', '自托管', 'hosting', 'self-host'],
  ['备份', 'backup'],
  ['反向代理', 'reverse proxy'],
  ['网站', 'website'],
  ['杂志', 'magazine'],
  ['诗', '诗歌', '唐诗', 'poem', 'poetry'],
  ['李白', 'li bai'],
  ['静夜思', 'quiet night thoughts'],
  ['中秋', '中秋节', 'mid-autumn'],
  ['春节', '过年', 'spring festival', 'chinese new year'],
  ['茶', '泡茶', 'tea'],
  ['上海', 'shanghai'],
  ['苏州河', 'suzhou creek'],
  ['散步', '步行', '走路', 'walk'],
];

type Expansions = Map<string, QueryTerm[][]>;

// Joins the words of an indexed phrase: a letter (so FTS5 and PostgreSQL keep the token
// whole) that no English or Chinese text uses, and that NFKC and lower-casing leave alone.
const phraseJoiner = '\u01c2';

/** The single token that stands for a phrase of several words: two+languag → twoǂlanguag. */
export function phraseToken(words: readonly string[]): string {
  return words.join(phraseJoiner);
}

/** True for a phrase indexed as one token: two words or more, none of them Chinese. */
export function isIndexedPhrase(terms: readonly QueryTerm[]): boolean {
  return terms.length > 1 && terms.every((t) => t.parts.length === 0 && !/\p{Script=Han}/u.test(t.term));
}

const phraseSets = new WeakMap<readonly (readonly string[])[], string[][]>();

/** The word sequences of the glossary's indexed phrases, e.g. [two, languag]. */
export function glossaryPhrases(entries: readonly (readonly string[])[] = glossary): string[][] {
  let phrases = phraseSets.get(entries);
  if (!phrases) {
    phrases = entries.flatMap((entry) => entry.map((text) => tokenizeQuery(text)).filter(isIndexedPhrase).map((terms) => terms.map((t) => t.term)));
    phraseSets.set(entries, phrases);
  }
  return phrases;
}

/** `tokens` followed by a phrase token for each glossary phrase they spell out in order. */
export function withPhraseTokens(tokens: string[], phrases: string[][] = glossaryPhrases()): string[] {
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    for (const phrase of phrases) {
      if (phrase[0] === tokens[i] && phrase.every((word, k) => tokens[i + k] === word)) found.push(phraseToken(phrase));
    }
  }
  return found.length === 0 ? tokens : [...tokens, ...found];
}

/** How many query words a phrase of the glossary may span ("chinese new year": 3). */
const longestPhrase = 4;

// Built on first use (tokenizing needs jieba) and kept per glossary.
const built = new WeakMap<readonly (readonly string[])[], Expansions>();

/** Each phrasing's words joined by a space → the other phrasings of its entry. */
function expansionsOf(entries: readonly (readonly string[])[]): Expansions {
  let map = built.get(entries);
  if (map) return map;
  map = new Map();
  for (const entry of entries) {
    const phrasings = entry.map((text) => tokenizeQuery(text)).filter((p) => p.length > 0 && p.length <= longestPhrase);
    for (const phrasing of phrasings) {
      const key = keyOf(phrasing);
      const others = phrasings.filter((other) => keyOf(other) !== key);
      map.set(key, [...(map.get(key) ?? []), ...others]);
    }
  }
  built.set(entries, map);
  return map;
}

function keyOf(terms: QueryTerm[]): string {
  return terms.map((t) => t.term).join(' ');
}

/**
 * The query's terms with their glossary alternatives attached. Words that together
 * make a phrase of the glossary ("spring festival") become one term that requires them
 * all, or else one of the phrase's other phrasings (春节).
 */
export function expandQuery(terms: QueryTerm[], entries: readonly (readonly string[])[] = glossary): QueryTerm[] {
  const expansions = expansionsOf(entries);
  const expanded: QueryTerm[] = [];
  for (let i = 0; i < terms.length; ) {
    let matched = false;
    for (let n = Math.min(longestPhrase, terms.length - i); n >= 1 && !matched; n -= 1) {
      const words = terms.slice(i, i + n);
      const alternatives = expansions.get(keyOf(words));
      if (!alternatives) continue;
      expanded.push(
        n === 1
          ? { ...words[0]!, alternatives: [...words[0]!.alternatives, ...alternatives] }
          : { term: keyOf(words), parts: words.map((w) => w.term), alternatives },
      );
      i += n;
      matched = true;
    }
    if (!matched) {
      expanded.push(terms[i]!);
      i += 1;
    }
  }
  return expanded;
}
