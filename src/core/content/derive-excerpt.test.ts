import { describe, expect, it } from 'vitest';
import { deriveExcerpt } from './derive-excerpt';

describe('deriveExcerpt', () => {
  it('keeps a short text whole', () => {
    expect(deriveExcerpt('A short post.', 'en')).toBe('A short post.');
    expect(deriveExcerpt('短文。', 'zh')).toBe('短文。');
  });

  it('ends at the last sentence end within reach, in Chinese counted by character', () => {
    const zh = '一篇文章写两遍，不是重复劳动。' + '而是让它在另一种语言里重新活一次，说说这件事里失去了什么，又得到了什么。'.repeat(3);
    const excerpt = deriveExcerpt(zh, 'zh');
    expect([...excerpt].length).toBeLessThanOrEqual(110);
    expect(excerpt.endsWith('。')).toBe(true);
    expect(zh.startsWith(excerpt)).toBe(true);
  });

  it('keeps a closing quote with its sentence', () => {
    const zh = `他说：“${'今天天气很好，我们去公园散步吧。'.repeat(3)}”${'然后我们又聊了很久很久直到天黑才回家'.repeat(6)}`;
    expect(deriveExcerpt(zh, 'zh').endsWith('。”')).toBe(true);
  });

  it('cuts between words with an ellipsis when no sentence ends in reach', () => {
    const en = 'word '.repeat(100).trim();
    const excerpt = deriveExcerpt(en, 'en');
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(221);
  });

  it('joins the first paragraphs into one line, without spaces between Chinese lines', () => {
    expect(deriveExcerpt('第一段。\n\n第二段。', 'zh')).toBe('第一段。第二段。');
    expect(deriveExcerpt('First.\n\nSecond.', 'en')).toBe('First. Second.');
  });
});
