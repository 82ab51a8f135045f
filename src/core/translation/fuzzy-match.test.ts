// Match percentages as a translator reads them: Chinese compared by characters, English by
// words, on sentences of the demo articles changed by hand.
import { describe, expect, it } from 'vitest';
import { fuzzyThreshold, indexKeys, matchPercentage, matchTokens, maxTokens, tokenDistance } from './fuzzy-match';

describe('match tokens', () => {
  it('counts Chinese by characters and English by words, without marks, punctuation or link targets', () => {
    expect(matchTokens('《双声》是一本**小小的**杂志。')).toEqual(['双', '声', '是', '一', '本', '小', '小', '的', '杂', '志']);
    expect(matchTokens('Duet is a *small* [bilingual](https://x.example/a) magazine.')).toEqual(['duet', 'is', 'a', 'small', 'bilingual', 'magazine']);
    expect(matchTokens('用 Next.js 写的')).toEqual(['用', 'next', 'js', '写', '的']);
  });

  it('caps a long text', () => {
    expect(matchTokens('word '.repeat(5000))).toHaveLength(maxTokens);
  });
});

describe('match percentage', () => {
  it('is 100 for the same text, spacing aside', () => {
    expect(matchPercentage('我们写写作、翻译、排版。', '我们写写作、翻译、排版。')).toBe(100);
    expect(matchPercentage('We write  about writing.', 'We write about writing.')).toBe(100);
  });

  it('is at most 99 when only punctuation or marks differ', () => {
    expect(matchPercentage('We write about writing.', 'We write about *writing*!')).toBe(99);
  });

  it('compares Chinese by characters (zh source)', () => {
    const earlier = '《双声》的每篇文章都用中文和英文两种语言出版。';
    // One character of 21 changed: 1 − 1/21.
    expect(matchPercentage('《双声》的每篇文章都用中文和英文两种语文出版。', earlier)).toBe(95);
    expect(matchPercentage('我们相信两种语言的读者', earlier)).toBeLessThan(fuzzyThreshold);
  });

  it('compares English by words (en source)', () => {
    const earlier = 'Every article in Duet is published in both Chinese and English.';
    // One word of 11 changed: 1 − 1/11 → 90.
    expect(matchPercentage('Every article in Duet is printed in both Chinese and English.', earlier)).toBe(90);
    // A word dropped from 11: 1 − 1/11.
    expect(matchPercentage('Every article in Duet is published in Chinese and English.', earlier)).toBe(90);
    expect(matchPercentage('We welcome submissions, corrections, or simply a hello.', earlier)).toBeLessThan(fuzzyThreshold);
  });

  it('is symmetric in its arguments', () => {
    const a = '偶尔有一两篇只有一种语言，我们会在页面上注明。';
    const b = '偶尔有一篇只有一种语言，我们会在页面上说明。';
    expect(matchPercentage(a, b)).toBe(matchPercentage(b, a));
  });
});

describe('token distance and index keys', () => {
  it('is the edit distance over tokens', () => {
    expect(tokenDistance(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toBe(2);
    expect(tokenDistance([], ['a'])).toBe(1);
  });

  it('keys Chinese by character bigrams and English by words', () => {
    expect(indexKeys('双声杂志')).toEqual(['双声', '声杂', '杂志', '志']);
    expect(indexKeys('The magazine, the voice')).toEqual(['the', 'magazine', 'voice']);
  });
});
