// A rendering's plain text packed against its HTML (packPlainText): the same text comes back
// from every demo article in both languages, in a fraction of the space brotli alone takes;
// a text whose HTML is past the deflate window, or one stored before, reads as it was; and
// read with another HTML than its own it is refused rather than misread.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import { packPlainText, packText, unpackPlainText } from './stored-text';

const demo = join(process.cwd(), 'demo', 'posts');
const articles = readdirSync(demo).flatMap((key) =>
  (['zh', 'en'] as const)
    .map((locale) => ({ locale, file: join(demo, key, `${locale}.md`) }))
    .filter(({ file }) => existsSync(file))
    .map(({ locale, file }) => ({ locale, markdown: readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '') })),
);

describe('packPlainText', () => {
  it('packs each demo text against its HTML in under a third of brotli alone, and reads it back', async () => {
    let against = 0;
    let alone = 0;
    for (const article of articles) {
      const { html, plainText } = await renderDocument(article);
      const packed = packPlainText(plainText, html);
      expect(unpackPlainText(packed, html)).toBe(plainText);
      // The HTML as stored (brotli) serves as well as the HTML itself.
      expect(unpackPlainText(packed, packText(html))).toBe(plainText);
      against += packed.byteLength;
      alone += packText(plainText).byteLength;
    }
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(against).toBeLessThan(alone / 3);
  }, 60_000);

  it('packs a text alone when its HTML is past the deflate window, and reads a text packed before', () => {
    const text = 'A long read. '.repeat(4_000);
    const html = `<p>${text}</p>`;
    const packed = packPlainText(text, html);
    expect(Buffer.from(packed).equals(Buffer.from(packText(text)))).toBe(true);
    expect(unpackPlainText(packed, html)).toBe(text);
    expect(unpackPlainText(packText('書 and x'), null)).toBe('書 and x');
    expect(unpackPlainText('x, stored as text', null)).toBe('x, stored as text');
    expect(unpackPlainText(null, '<p>x</p>')).toBeNull();
  });

  it('refuses to read a text with another HTML than the one it was packed against', () => {
    const packed = packPlainText('Tea, then books.', '<p>Tea, then <em>books</em>.</p>');
    expect(() => unpackPlainText(packed, '<p>Coffee, then books.</p>')).toThrow();
    expect(() => unpackPlainText(packed, null)).toThrow(/without it/);
  });

  it('never mistakes brotli bytes for a text packed against its HTML', () => {
    for (const length of [0, 1, 2, 7, 100, 5_000, 100_000]) {
      for (const unit of ['x', '中', '<p>x</p>', '\u0000']) {
        const bytes = packText(unit.repeat(length));
        expect(bytes[0]! & 0x0f, `${length} × ${JSON.stringify(unit)}`).toBe(0x0b);
        expect(unpackPlainText(bytes, null)).toBe(unit.repeat(length));
      }
    }
  });
});
