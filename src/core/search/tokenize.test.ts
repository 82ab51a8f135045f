import { describe, expect, it } from 'vitest';
import { normalizeForSearch, tokenize, tokenizeQuery, type QueryTerm } from './tokenize';

/** True when a document with these tokens satisfies every query term (what the database does). */
function matches(text: string, query: string): boolean {
  const tokens = new Set(tokenize(text));
  const terms = tokenizeQuery(query);
  return terms.length > 0 && terms.every((t: QueryTerm) => tokens.has(t.term) || (t.parts.length > 0 && t.parts.every((p) => tokens.has(p))));
}

describe('normalizeForSearch', () => {
  it.each([
    ['ＮＥＸＴ．ＪＳ　部署', 'next.js 部署'],
    ['Ｔｙｐｏｇｒａｐｈｙ１２３', 'typography123'],
    ['ＡＢＣ', 'abc'],
    ['ﬁle', 'file'],
    ['繁體中文', '繁體中文'],
  ])('%s → %s', (text, expected) => {
    expect(normalizeForSearch(text)).toBe(expected);
  });
});

describe('tokenize (Chinese)', () => {
  it.each<[string, string[]]>([
    // Every character and every neighbouring pair, plus jieba's longer words.
    ['双语出版平台', ['双', '语', '出', '版', '平', '台', '双语', '语出', '出版', '版平', '平台']],
    ['书', ['书']],
    ['服务器', ['服', '务', '器', '服务', '务器', '服务器']],
    ['中文搜索', ['中', '文', '搜', '索', '中文', '文搜', '搜索', '中文搜索']],
    // Punctuation splits runs: no pair across it.
    ['空格、标点', ['空', '格', '空格', '标', '点', '标点']],
    // Traditional characters are Han like any other.
    ['繁體中文', ['繁', '體', '中', '文', '繁體', '體中', '中文']],
    // Digits next to Han are a word of their own.
    ['2025年', ['2025', '年']],
  ])('%s', (text, expected) => {
    expect(tokenize(text).sort()).toEqual([...expected].sort());
  });
});

describe('tokenize (English and mixed)', () => {
  it.each<[string, string[]]>([
    ['Translations', ['translat']],
    ['Publishing published publishes', ['publish', 'publish', 'publish']],
    ['Next.js 部署', ['next', 'js', '部', '署', '部署']],
    ['ＮＥＸＴ．ＪＳ　部署', ['next', 'js', '部', '署', '部署']],
    ['Li Bai’s poems', ['li', 'bai', 'poem']],
    ["don't", ['dont']],
    ['Café crème brûlée', ['caf', 'crem', 'brulee']],
    ['self-hosting', ['self', 'host']],
    ['snake_case v2 H.264', ['snak', 'cas', 'v2', 'h', '264']],
    ['Привет, мир', ['привет', 'мир']],
    ['  … !!! ', []],
  ])('%s', (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });
});

describe('tokenizeQuery', () => {
  it.each<[string, Array<[string, string[]]>]>([
    ['双语', [['双语', []]]],
    ['书', [['书', []]]],
    ['双语出版平台', [['双语', []], ['出版', []], ['平台', []]]],
    // A long word made of shorter ones asks for the shorter ones.
    ['中文搜索', [['中文', []], ['搜索', []]]],
    // One that is not asks for itself, or all of its pairs.
    ['服务器', [['服务器', ['服务', '务器']]]],
    ['为什么', [['为什么', ['为什', '什么']]]],
    ['Next.js 部署', [['next', []], ['js', []], ['部署', []]]],
    ['translations Translation', [['translat', []]]],
    ['', []],
    ['？！', []],
  ])('%s', (query, expected) => {
    expect(tokenizeQuery(query).map((t) => [t.term, t.parts])).toEqual(expected);
  });
});

describe('index and query meet', () => {
  it.each<[string, string, boolean]>([
    ['为什么要用两种语言出版', '双语', false],
    ['《双声》是一本中英双语的小杂志', '双语', true],
    ['双语出版平台', '双语', true],
    ['双语出版平台', '出版', true],
    ['双语出版平台', '出版平台', true],
    ['一本关于书的书', '书', true],
    ['藏书楼', '书', true],
    ['中文的搜索', '中文搜索', true],
    ['中英文混排', '中文', false],
    ['中英文混排', '英文', true],
    ['在自己的服务器上部署 Next.js', 'Next.js 部署', true],
    ['在自己的服务器上部署 Next.js', 'nextjs', false],
    ['在自己的服务器上部署 Next.js', '服务器', true],
    ['中文搜尋是怎麼運作的', '搜尋', true],
    ['Every article is published twice', 'publishing', true],
    ['Notes on translation', 'translations', true],
    ['Notes on translating poems', 'translation poem', true],
    ['Ｆｕｌｌ－ｗｉｄｔｈ text', 'full width', true],
    ['A walk along Suzhou Creek', 'creeks walking', true],
    ['A walk along Suzhou Creek', 'river', false],
  ])('%s ∋ %s: %s', (text, query, expected) => {
    expect(matches(text, query)).toBe(expected);
  });
});
