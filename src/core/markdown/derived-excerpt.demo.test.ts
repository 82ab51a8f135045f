// The excerpt Duet derives when the writer wrote none, on every demo article in both
// languages: the start of the first paragraph of prose (the next ones only when it is too
// short), ending at a sentence or with an ellipsis; never a heading, a list item or a
// table cell glued to the prose. The test reads the paragraphs itself, from the Markdown,
// without the code under test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { excerptColumns } from '@/core/content/derive-excerpt';
import type { Locale } from '@/core/locales';
import { renderDocument } from './render-document';

const postsDir = join(process.cwd(), 'demo/posts');
const files = readdirSync(postsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .flatMap((post) => (['zh', 'en'] as const).filter((locale) => existsSync(join(postsDir, post, `${locale}.md`))).map((locale) => ({ post, locale })));

function readBody(post: string, locale: Locale): string {
  return readFileSync(join(postsDir, post, `${locale}.md`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

const blocksOf = (body: string) => body.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean);
/** A block that is not a paragraph of prose: heading, list, quote, table, code, image. */
const isOther = (block: string) => /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>|\||```|~~~|!\[)/.test(block);
/** Markdown's inline marks taken away, as a reader sees the words. */
const words = (block: string) =>
  block
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]|\\$/gm, '')
    .replace(/\s*\n\s*/g, ' ');
const isWide = (c: string) => /[\p{Script=Han}\u3000-\u303F\uFF01-\uFF60]/u.test(c);
const columns = (text: string) => [...text].reduce((sum, c) => sum + (isWide(c) ? 2 : 1), 0);

describe('the derived excerpt of every demo article', () => {
  it('covers every article', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it.each(files)('$post/$locale: the start of the first paragraph, no heading or list text', async ({ post, locale }) => {
    const body = readBody(post, locale);
    const blocks = blocksOf(body);
    const paragraphs = blocks.filter((b) => !isOther(b)).map(words);
    const { derivedExcerpt } = await renderDocument({ markdown: body, locale });

    expect(derivedExcerpt.length).toBeGreaterThan(0);
    expect(columns(derivedExcerpt)).toBeLessThanOrEqual(excerptColumns.max + 1);
    expect(columns(derivedExcerpt)).toBeGreaterThanOrEqual(Math.min(excerptColumns.min, columns(paragraphs.join(''))));
    // A prefix of the lead paragraphs, cut at a sentence end or marked as cut.
    const isCut = derivedExcerpt.endsWith('…');
    const text = isCut ? derivedExcerpt.slice(0, -1) : derivedExcerpt;
    const lead = paragraphs.slice(0, 3).reduce((all, p) => (!all ? p : isWide(all.at(-1)!) || isWide(p[0]!) ? all + p : `${all} ${p}`), '');
    expect(lead.startsWith(text)).toBe(true);
    expect(derivedExcerpt.startsWith(paragraphs[0]!.slice(0, 12))).toBe(true);
    if (!isCut) expect(derivedExcerpt).toMatch(/[。！？.!?][”’」』）)"']*$/u);
    // Nothing of a heading, a list item or a table row, where those words are not also prose.
    for (const block of blocks.filter(isOther)) {
      for (const line of block.split('\n')) {
        const item = words(line.replace(/^(#{1,6}|[-*+]|\d+[.)]|>)\s*/, '')).trim();
        if (item.length >= 4 && !line.startsWith('|') && !lead.includes(item)) expect(derivedExcerpt).not.toContain(item);
      }
    }
  });
});
