import { describe, expect, it } from 'vitest';
import { needsCjkLatinSpace, spaceCjkLatin } from './cjk-spacing';

describe('spaceCjkLatin', () => {
  it.each([
    ['用Next.js部署', '用 Next.js 部署'],
    ['共3个', '共 3 个'],
    ['本期共12篇文章', '本期共 12 篇文章'],
    ['100%的读者', '100% 的读者'],
    ['旋转90°后', '旋转 90° 后'],
    ['体温37℃左右', '体温 37℃ 左右'],
    ['花了$100', '花了 $100'],
    ['（Next.js）', '（Next.js）'],
    ['我们用Markdown，不用HTML。', '我们用 Markdown，不用 HTML。'],
    ['“Less is more.”', '“Less is more.”'],
    ['用 Next.js 部署', '用 Next.js 部署'],
    ['增长了 15%，旋转 90°', '增长了 15%，旋转 90°'],
    ['Café是法语', 'Café 是法语'],
    ['α粒子', 'α 粒子'],
    ['ひらがなとABC', 'ひらがなと ABC'],
    ['コーヒーcafe', 'コーヒー cafe'],
    ['全角ＡＢＣ字母', '全角ＡＢＣ字母'],
    ['全角１２３', '全角１２３'],
    ['Plain English text, 100% unchanged.', 'Plain English text, 100% unchanged.'],
    ['纯中文，没有西文。', '纯中文，没有西文。'],
    ['', ''],
    ['第3章第4节', '第 3 章第 4 节'],
    ['A中B中C', 'A 中 B 中 C'],
    ['𠀀a', '𠀀 a'],
  ])('%j → %j', (input, expected) => {
    expect(spaceCjkLatin(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = spaceCjkLatin('用Next.js部署，共3个，100%的');
    expect(spaceCjkLatin(once)).toBe(once);
  });
});

describe('needsCjkLatinSpace', () => {
  it.each([
    ['用', 'Next.js', true],
    ['Next.js', '部署', true],
    ['100%', '的', true],
    ['用 ', 'Next', false],
    ['用', ' Next', false],
    ['（', 'Next', false],
    ['Next', '）', false],
    ['中', '文', false],
    ['a', 'b', false],
    ['', 'a', false],
    ['中', '', false],
    ['𠀀', 'a', true],
  ])('%j | %j → %s', (before, after, expected) => {
    expect(needsCjkLatinSpace(before, after)).toBe(expected);
  });
});
