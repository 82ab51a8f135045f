// Every check, in both directions: a Chinese source translated into English and an
// English source translated into Chinese, with a clean pair that raises nothing.
import { describe, expect, it } from 'vitest';
import { checkTranslation, type CheckInput, type TranslationCheck } from './checks';
import type { GlossaryTermInput } from './glossary';

const glossary: GlossaryTermInput[] = [
  { zh: '翻译记忆', en: 'translation memory', note: '', doNotTranslate: false, forbidden: ['translation memories bank', '翻译存储'] },
  { zh: '术语表', en: 'glossary', note: '', doNotTranslate: false, forbidden: ['termbase', '词汇表'] },
  { zh: 'Duet', en: 'Duet', note: 'The product name.', doNotTranslate: true, forbidden: [] },
];

const zhToEn = (source: string, target: string): TranslationCheck[] => checkTranslation({ sourceLocale: 'zh', targetLocale: 'en', source, target, glossary });
const enToZh = (source: string, target: string): TranslationCheck[] => checkTranslation({ sourceLocale: 'en', targetLocale: 'zh', source, target, glossary });
const codes = (checks: TranslationCheck[]) => checks.map((c) => c.code);

describe('a clean translation', () => {
  it('raises nothing from zh to en', () => {
    const source = '# 术语表\n\n2026年11月27日，Duet 的翻译记忆收录了 1,200 条。\n\n```js\nconst x = 1;\n```\n\n见[文档](https://example.com/docs)。';
    const target = '# Glossary\n\nOn November 27, 2026, Duet’s translation memory held 1200 entries.\n\n```js\nconst x = 1;\n```\n\nSee [the docs](https://example.com/docs).';
    expect(zhToEn(source, target)).toEqual([]);
  });
  it('raises nothing from en to zh', () => {
    const source = 'Duet keeps a glossary of 3 terms since 2026-11-27. ![logo](/images/a.png)';
    const target = 'Duet 自 2026年11月27日起保存了一份含 3 个术语的术语表。![标志](/images/a.png)';
    expect(enToZh(source, target)).toEqual([]);
  });
});

describe('blocks', () => {
  it('a missing block is blocking, in both directions', () => {
    const missingEn = zhToEn('# 标题\n\n第一段。\n\n第二段。', '# Title\n\nThe first paragraph.');
    expect(missingEn.filter((c) => c.severity === 'blocking')).toMatchObject([{ code: 'block-missing', sourceBlock: 2, targetBlock: null }]);
    const missingZh = enToZh('# Title\n\n- one\n- two\n\nEnd.', '# 标题\n\n结束。');
    expect(missingZh.find((c) => c.code === 'block-missing')).toMatchObject({ severity: 'blocking', sourceBlock: 1 });
  });
  it('an extra block is a warning, in both directions', () => {
    expect(zhToEn('第一段。', 'The first paragraph.\n\nA paragraph the source does not have.')).toMatchObject([{ code: 'block-extra', severity: 'warning', targetBlock: 1 }]);
    expect(enToZh('First.', '第一段。\n\n多出来的一段。')).toMatchObject([{ code: 'block-extra', severity: 'warning', targetBlock: 1 }]);
  });
});

describe('what must be carried over', () => {
  it('numbers that differ (1,000 = 1000, 3万 = 30,000)', () => {
    expect(zhToEn('共 3万 人，价格 12.5 元。', 'In all 30,000 people; the price is 12.5 yuan.')).toEqual([]);
    expect(zhToEn('共 3万 人。', 'In all 3,000 people.')).toMatchObject([{ code: 'number-mismatch', values: { missing: '30000', extra: '3000' } }]);
    expect(enToZh('It took 15 minutes.', '用了 50 分钟。')).toMatchObject([{ code: 'number-mismatch', values: { missing: '15', extra: '50' } }]);
  });
  it('dates that differ, whatever their writing', () => {
    expect(zhToEn('2026年3月5日发布。', 'Released on 6 March 2026.')).toMatchObject([{ code: 'date-mismatch', values: { missing: '2026-03-05', extra: '2026-03-06' } }]);
    expect(enToZh('Released on 2026-03-05.', '2026年3月6日发布。')).toMatchObject([{ code: 'date-mismatch' }]);
  });
  it('URLs that differ', () => {
    expect(zhToEn('见 https://duet.example/a 。', 'See https://duet.example/b .')).toMatchObject([{ code: 'url-mismatch', values: { missing: 'https://duet.example/a' } }]);
    expect(enToZh('See https://duet.example/a.', '见 https://duet.example/a2 。')).toMatchObject([{ code: 'url-mismatch' }]);
  });
  it('links and images missing', () => {
    expect(zhToEn('见[文档](/docs)和![图](/a.png)', 'See the docs and the picture')).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'link-missing', values: { href: '/docs' } }), expect.objectContaining({ code: 'image-missing', values: { src: '/a.png' } })]),
    );
    expect(codes(enToZh('Read [this](/x).', '读这个。'))).toEqual(['link-missing']);
  });
  it('code changed, fenced or inline', () => {
    expect(codes(zhToEn('```\nnpm start\n```', '```\nnpm begin\n```'))).toEqual(['code-changed']);
    expect(codes(enToZh('Run `npm test` now.', '现在运行 `npm 测试`。'))).toEqual(['code-changed']);
  });
});

describe('the translation itself', () => {
  it('Markdown marks left open', () => {
    expect(codes(zhToEn('这很**重要**。', 'This is **important.'))).toEqual(['markdown-unbalanced']);
    expect(codes(enToZh('This is **important**.', '这很**重要。'))).toEqual(['markdown-unbalanced']);
  });
  it('an approved term missing from the translation', () => {
    expect(zhToEn('术语表很短。', 'The word list is short.')).toMatchObject([{ code: 'glossary-missing', values: { term: '术语表', approved: 'glossary' } }]);
    expect(enToZh('The glossary is short.', '词表很短。')).toMatchObject([{ code: 'glossary-missing', values: { term: 'glossary', approved: '术语表' } }]);
  });
  it('a forbidden variant used', () => {
    expect(zhToEn('术语表很短。', 'The termbase is short, like a glossary.')).toMatchObject([{ code: 'glossary-forbidden', values: { variant: 'termbase' } }]);
    expect(codes(enToZh('The glossary is short.', '词汇表很短，术语表也是。'))).toEqual(['glossary-forbidden']);
  });
  it('a "do not translate" term changed', () => {
    expect(zhToEn('Duet 很好。', 'Duo is good.')).toMatchObject([{ code: 'glossary-do-not-translate', values: { term: 'Duet' } }]);
    expect(codes(enToZh('Duet is good.', '二重奏很好。'))).toEqual(['glossary-do-not-translate']);
  });
  it('untranslated text left in the translation', () => {
    expect(codes(zhToEn('这一段还没有翻译。', 'This paragraph 还没有翻译.'))).toEqual(['untranslated']);
    expect(codes(enToZh('Nobody translated this sentence yet.', '这一段：Nobody translated this sentence yet'))).toContain('untranslated');
    expect(codes(enToZh('Hello there.', 'Hello there.'))).toContain('untranslated');
  });
  it('Chinese punctuation in English text and the reverse', () => {
    expect(zhToEn('你好，世界。', 'Hello，world.')).toMatchObject([{ code: 'punctuation-zh-in-en', values: { excerpt: '，' } }]);
    expect(enToZh('Hello, world.', '你好,世界。')).toMatchObject([{ code: 'punctuation-en-in-zh' }]);
  });
});

describe('bounded time', () => {
  it('a long article and a large glossary are checked in one pass each', () => {
    const many: GlossaryTermInput[] = Array.from({ length: 5000 }, (_, i) => ({ zh: `术语${i}号`, en: `term ${i}`, note: '', doNotTranslate: false, forbidden: [] }));
    const input: CheckInput = {
      sourceLocale: 'zh',
      targetLocale: 'en',
      source: Array.from({ length: 2000 }, (_, i) => `第 ${i} 段，术语${i}号。`).join('\n\n'),
      target: Array.from({ length: 2000 }, (_, i) => `Paragraph ${i}, term ${i}.`).join('\n\n'),
      glossary: many,
    };
    // What is asserted is the answer; the time is bench material, but a quadratic run
    // over 5,000 terms × 2,000 blocks would exhaust vitest's timeout.
    expect(checkTranslation(input)).toEqual([]);
  });
});
