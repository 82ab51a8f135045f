import { describe, expect, it } from 'vitest';
import { getJieba } from '@/core/text/jieba';
import { groupPhrases, hasHan, splitPhrases } from './phrases';

/** Positions (in UTF-16 units) where a line may start, other than the text's start. */
function breaksOf(pieces: readonly string[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const piece of pieces.slice(0, -1)) out.push((at += piece.length));
  return out;
}

describe('groupPhrases', () => {
  it('keeps punctuation with its word: no line starts with ，or ends with 《', () => {
    expect(groupPhrases(['空格', '、', '标点', '断行'])).toEqual(['空格、', '标点', '断行']);
    expect(groupPhrases(['关于', '「', '双声', '」'])).toEqual(['关于', '「双声」']);
    expect(groupPhrases(['混排', '：', '空格'])).toEqual(['混排：', '空格']);
  });

  it('keeps a particle after its word', () => {
    expect(groupPhrases(['译', '了', '一个', '晚上'])).toEqual(['译了', '一个', '晚上']);
    expect(groupPhrases(['一杯', '茶', '的', '时间'])).toEqual(['一杯', '茶的', '时间']);
  });

  it('keeps a conjunction or preposition before its word', () => {
    expect(groupPhrases(['标点', '与', '断行'])).toEqual(['标点', '与断行']);
    expect(groupPhrases(['在', '自己', '的', '服务器'])).toEqual(['在自己的', '服务器']);
    expect(groupPhrases(['标点', '与'])).toEqual(['标点', '与']);
  });

  it('keeps a short book title whole, a long one breaks between its words', () => {
    expect(groupPhrases(['翻译', '李白', '《', '静夜', '思', '》'])).toEqual(['翻译', '李白', '《静夜思》']);
    const long = ['读', '《', '一个', '很长', '很长', '很长', '的', '书名', '》'];
    expect(groupPhrases(long)).toEqual(['读', '《一个', '很长', '很长', '很长的', '书名》']);
  });

  it('leaves Latin words, numbers and spaces to the browser', () => {
    // No <wbr> is needed beside a space: the space is where the browser breaks.
    expect(groupPhrases(['部署', ' ', 'Next', '.', 'js'])).toEqual(['部署 Next.js']);
    expect(groupPhrases(['用', 'Next', '.', 'js', '部署'])).toEqual(['用', 'Next.js', '部署']);
    expect(groupPhrases(['2026', ' ', '年', '的'])).toEqual(['2026 年的']);
  });

  it('gives back the whole text, and an empty list for no words', () => {
    expect(groupPhrases([])).toEqual([]);
    expect(groupPhrases(['', '双声', ''])).toEqual(['双声']);
  });
});

describe('splitPhrases', () => {
  const titles = [
    '中英文混排：空格、标点与断行',
    '二十个字，译了一个晚上：翻译李白《静夜思》',
    '把文字握在自己手里：我们为什么自己托管',
    '在自己的服务器上部署 Next.js',
    '春节随笔：年是慢慢走近的',
  ];

  it('cuts Chinese titles between words', () => {
    expect(splitPhrases(titles[0]!)).toEqual(['中英文', '混排：', '空格、', '标点', '与断行']);
    expect(splitPhrases(titles[1]!)).toEqual(['二十个', '字，', '译了', '一个', '晚上：', '翻译', '李白', '《静夜思》']);
  });

  it('breaks only where jieba sees a word boundary, and keeps every character', () => {
    for (const title of titles) {
      const phrases = splitPhrases(title);
      expect(phrases.join('')).toBe(title);
      const jiebaBreaks = new Set(breaksOf(getJieba().cut(title, true)));
      for (const at of breaksOf(phrases)) expect(jiebaBreaks.has(at), `${title} @${at}`).toBe(true);
    }
  });

  it('leaves text without Chinese whole, and remembers what it cut', () => {
    expect(hasHan('Why Publish in Two Languages')).toBe(false);
    expect(splitPhrases('Why Publish in Two Languages')).toEqual(['Why Publish in Two Languages']);
    expect(splitPhrases(titles[2]!)).toBe(splitPhrases(titles[2]!));
  });
});
