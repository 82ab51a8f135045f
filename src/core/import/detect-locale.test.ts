import { describe, expect, it } from 'vitest';
import { detectLocale, mapLocaleCode } from './detect-locale';

describe('detectLocale', () => {
  it('reads Chinese text as Chinese, even full of English names and code', () => {
    const text = '我们用 Next.js、React 和 TypeScript 构建前端，再用 Kysely 访问 PostgreSQL。\n\n```ts\nconst veryLongEnglishIdentifier = createTheApplicationServer();\n```\n\n详见 https://example.com/a-very-long-english-url-path';
    const result = detectLocale(text);
    expect(result.locale).toBe('zh');
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it('reads English with a few Chinese words as English', () => {
    expect(detectLocale('The word 你好 means hello, and 谢谢 means thank you. Both are common greetings.').locale).toBe('en');
  });

  it('has no confidence without letters', () => {
    expect(detectLocale('1234 — !!! 🙂')).toEqual({ locale: 'en', confidence: 0 });
    expect(detectLocale('短').confidence).toBeLessThan(0.1);
  });
});

describe('mapLocaleCode', () => {
  it('maps Chinese and English codes of every source', () => {
    for (const code of ['zh', 'zh_CN', 'zh_TW', 'zh_HK', 'zh-cn', 'zh-Hans', 'zh-Hant-TW', 'ZH']) expect(mapLocaleCode(code)).toBe('zh');
    for (const code of ['en', 'en_US', 'en-GB', 'en-us']) expect(mapLocaleCode(code)).toBe('en');
  });

  it('refuses other languages and nonsense', () => {
    for (const code of ['fr', 'fr_FR', 'ja', 'de-DE', '', null, undefined, 'english']) expect(mapLocaleCode(code)).toBeNull();
  });
});
