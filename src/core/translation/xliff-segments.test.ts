// XLIFF 2.1's sentence segments on every demo article, in both directions: the file made
// from a translated pair reads back into a draft that exports to the same file again; a
// block whose translation would be refused on import (it dropped one of the source's
// marks) is offered without a target. Paragraphs that split alike come out as segments.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyTranslation, type ExchangeText } from './exchange';
import { readXliff } from './xliff-read';
import { writeXliff } from './xliff-write';

const postsDir = join(process.cwd(), 'demo/posts');
const posts = readdirSync(postsDir).filter((post) => existsSync(join(postsDir, post, 'zh.md')) && existsSync(join(postsDir, post, 'en.md')));
const bodyOf = (post: string, locale: 'zh' | 'en') => readFileSync(join(postsDir, post, `${locale}.md`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');

describe('XLIFF 2.1 segments on the demo articles', () => {
  let segmented = 0;
  let roundTrips = 0;
  for (const post of posts) {
    for (const from of ['zh', 'en'] as const) {
      const to = from === 'zh' ? 'en' : 'zh';
      it(`${post}, ${from} → ${to}: export → import → export gives the same file`, () => {
        const text: ExchangeText = { postId: 1, sourceLocale: from, targetLocale: to, sourceRevisionId: 1, title: { source: 'S', target: 'T' }, body: { source: bodyOf(post, from), target: bodyOf(post, to) } };
        const xml = writeXliff([text], 'xliff2', to, from);
        segmented += xml.split('<unit ').filter((unit) => (unit.match(/<segment[ >]/g) ?? []).length > 1).length;
        const applied = applyTranslation(text, readXliff(xml).texts[0]!);
        // A block whose translation does not line up with it (or dropped one of its marks) is offered without a target.
        if (!applied.ok) return expect(applied.reason).toMatch(/have no translation in the file/);
        roundTrips += 1;
        expect(writeXliff([{ ...text, body: { ...text.body, target: applied.body } }], 'xliff2', to, from)).toBe(xml);
      });
    }
  }
  it('cuts some of them into sentences, and reads most back whole', () => {
    expect(segmented).toBeGreaterThan(10);
    expect(roundTrips).toBeGreaterThanOrEqual(10);
  });
});
