import { describe, expect, it } from 'vitest';
import { countReadingUnits, readingMinutes } from './reading-time';

const han = (n: number) => '读'.repeat(n);
const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
const image = '![A cup of tea](/images/tea.webp)';

describe('countReadingUnits', () => {
  it.each([
    ['', { hanChars: 0, latinWords: 0 }],
    ['双语出版', { hanChars: 4, latinWords: 0 }],
    ['two languages, one post', { hanChars: 0, latinWords: 4 }],
    ['用Next.js部署', { hanChars: 3, latinWords: 1 }],
    ["it's read-only snake_case", { hanChars: 0, latinWords: 3 }],
    ['共 3 个，100%', { hanChars: 2, latinWords: 2 }],
    ['café naïve', { hanChars: 0, latinWords: 2 }],
    ['ひらがな と カタカナ', { hanChars: 9, latinWords: 0 }],
  ])('%j', (text, expected) => {
    expect(countReadingUnits(text)).toEqual(expected);
  });
});

describe('readingMinutes', () => {
  it.each([
    ['empty', '', 1],
    ['only whitespace', ' \n\n ', 1],
    ['1000 Chinese characters', han(1000), 2],
    ['2000 Chinese characters', han(2000), 4],
    ['460 English words', words(460), 2],
    ['690 English words', words(690), 3],
    ['mixed: 500 Han + 230 words', `${han(500)}\n\n${words(230)}`, 2],
    ['mixed inline: 750 Han + 345 words', `${han(750)} ${words(345)}`, 3],
    ['code blocks count as words', '```ts\n' + words(460) + '\n```', 2],
    ['6 images alone are one minute', Array(6).fill(image).join('\n\n'), 1],
    ['18 images are three minutes', Array(18).fill(image).join('\n\n'), 3],
    ['images add to text', `${words(230)}\n\n${Array(6).fill(image).join('\n\n')}`, 2],
    ['front matter is not read', `---\ntitle: ${words(460)}\n---\n\nhi`, 1],
  ])('%s → %i', (_name, markdown, expected) => {
    expect(readingMinutes(markdown)).toBe(expected);
  });

  // 344 counted words is 1.496 minutes and 345 is 1.5, so one stray word flips the result.
  it('does not count URLs, link targets, footnote markers or syntax', () => {
    const url = 'https://example.com/a/very/long/path/with/many/segments';
    const noisy = [
      `# Title`,
      `[link text](${url}) and <${url}> and ${url}[^1]`,
      `| a | b |\n| --- | :-: |\n| c | d |`,
      `[ref]: ${url} "Title"`,
      '**bold** _em_ ~~gone~~ `code`',
      '<span class="x">html</span>',
    ].join('\n\n');
    // Title, link text, and, and, a, b, c, d, bold, em, gone, code, html: 14 words.
    const body = `${noisy}\n\n${words(330)}`;
    expect(readingMinutes(body)).toBe(1);
    expect(readingMinutes(`${body} word`)).toBe(2);
  });

  it('does not count image alt text or URLs as words', () => {
    const alt = `![${words(300)}](https://example.com/${'x/'.repeat(100)})`;
    expect(readingMinutes(alt)).toBe(1);
  });
});
