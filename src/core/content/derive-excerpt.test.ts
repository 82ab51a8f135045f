import { describe, expect, it } from 'vitest';
import { deriveExcerpt, excerptColumns, excerptOrDerived } from './derive-excerpt';

/** Columns as a card sets them: a Chinese character is two, a Latin letter one. */
const columns = (text: string) => [...text].reduce((sum, c) => sum + (/[\p{Script=Han}\u3000-\u303F\uFF01-\uFF60]/u.test(c) ? 2 : 1), 0);

describe('deriveExcerpt', () => {
  it('keeps a short first paragraph whole', () => {
    expect(deriveExcerpt(['A short post that says what it is about in a sentence or two, and then it simply stops.', 'The second paragraph.'])).toBe(
      'A short post that says what it is about in a sentence or two, and then it simply stops.',
    );
    expect(deriveExcerpt(['这是一篇短文，第一段就把要说的事情说清楚了，读者看到这里就知道这篇文章写的是什么。', '第二段。'])).toBe(
      '这是一篇短文，第一段就把要说的事情说清楚了，读者看到这里就知道这篇文章写的是什么。',
    );
  });

  it('adds the next paragraphs while the first is too short, joined as the script wants', () => {
    expect(deriveExcerpt(['First.', 'Second.'])).toBe('First. Second.');
    expect(deriveExcerpt(['第一段。', '第二段。'])).toBe('第一段。第二段。');
  });

  it('ends at the last sentence end in reach, Chinese counted as two columns a character', () => {
    const zh = '一篇文章写两遍，不是重复劳动。' + '而是让它在另一种语言里重新活一次，说说这件事里失去了什么，又得到了什么。'.repeat(3);
    const excerpt = deriveExcerpt([zh]);
    expect(columns(excerpt)).toBeLessThanOrEqual(excerptColumns.max);
    expect(columns(excerpt)).toBeGreaterThanOrEqual(excerptColumns.min);
    expect(excerpt.endsWith('。')).toBe(true);
    expect(zh.startsWith(excerpt)).toBe(true);
  });

  it('ends an English excerpt at a full stop before a space, not inside "Next.js" or after "e.g."', () => {
    const en = 'Duet runs on Next.js and is set up in an afternoon, e.g. on a small machine with two cores and a gigabyte of memory. ' + 'It keeps going for years without any attention at all from anyone. '.repeat(4);
    const excerpt = deriveExcerpt([en]);
    expect(excerpt).toBe('Duet runs on Next.js and is set up in an afternoon, e.g. on a small machine with two cores and a gigabyte of memory. It keeps going for years without any attention at all from anyone.');
  });

  it('keeps a closing quote with its sentence', () => {
    const zh = `他说：“${'今天天气很好，我们去公园散步吧。'.repeat(3)}”${'然后我们又聊了很久很久直到天黑才回家'.repeat(6)}`;
    expect(deriveExcerpt([zh]).endsWith('。”')).toBe(true);
  });

  it('cuts a very long English sentence between words, with an ellipsis', () => {
    const en = `It was ${'a very long and winding road '.repeat(20)}home.`;
    const excerpt = deriveExcerpt([en]);
    expect(excerpt).toMatch(/^It was a very long .* (a|very|long|and|winding|road)…$/);
    expect(columns(excerpt)).toBeLessThanOrEqual(excerptColumns.max);
    expect(en.startsWith(excerpt.slice(0, -1))).toBe(true);
  });

  it('cuts Chinese without punctuation between characters, never inside a Latin word', () => {
    const zh = '我们在两种语言之间来回走动时会注意到很多小事情'.repeat(4) + 'Typography' + '排版'.repeat(40);
    const excerpt = deriveExcerpt([zh]);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(columns(excerpt)).toBeLessThanOrEqual(excerptColumns.max);
    expect(excerpt).not.toMatch(/[A-Za-z]…$/);
    expect(zh.startsWith(excerpt.slice(0, -1))).toBe(true);
  });

  it('cuts after a phrase mark late in reach rather than mid-phrase', () => {
    const zh = '我们在两种语言之间来回走动时会注意到很多小事情'.repeat(4) + '，这些小事情' + '慢慢地'.repeat(30);
    expect(deriveExcerpt([zh])).toBe(`${'我们在两种语言之间来回走动时会注意到很多小事情'.repeat(4)}…`);
  });

  it('is empty when there is no lead', () => {
    expect(deriveExcerpt([])).toBe('');
  });
});

describe('excerptOrDerived', () => {
  it('prefers what the writer wrote', () => {
    expect(excerptOrDerived('Mine.', 'Derived.')).toBe('Mine.');
    expect(excerptOrDerived('  ', 'Derived.')).toBe('Derived.');
    expect(excerptOrDerived('', null)).toBe('');
  });
});
