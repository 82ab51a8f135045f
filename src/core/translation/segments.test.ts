// Segmentation of every demo article in both directions (zh → en and en → zh): every
// source block is covered once, in order; sentences are paired only where both sides split
// alike and then rebuild the block; known pairs from the demo come out as a translator
// would pair them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownBlocks, segmentPair, segmentSource, splitSentences } from './segments';

const postsDir = join(process.cwd(), 'demo/posts');
const pairs = readdirSync(postsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(postsDir, entry.name, 'zh.md')) && existsSync(join(postsDir, entry.name, 'en.md')))
  .map((entry) => entry.name)
  .sort();

function readBody(post: string, locale: 'zh' | 'en'): string {
  return readFileSync(join(postsDir, post, `${locale}.md`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

const squash = (text: string) => text.replace(/\s+/g, '');

describe('segmentation of the demo articles', () => {
  it('has articles in both languages to read', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
  });

  for (const post of pairs) {
    for (const [from, to] of [
      ['zh', 'en'],
      ['en', 'zh'],
    ] as const) {
      it(`${post}, ${from} → ${to}: covers every source block once, in order, and sentences rebuild their block`, () => {
        const source = readBody(post, from);
        const target = readBody(post, to);
        const blocks = markdownBlocks(source);
        const segments = segmentPair(source, target, from, to);
        expect(blocks.length).toBeGreaterThan(0);
        expect([...new Set(segments.map((s) => s.blockIndex))]).toEqual(blocks.map((_, i) => i));
        for (const [index, block] of blocks.entries()) {
          const own = segments.filter((s) => s.blockIndex === index);
          expect(own.map((s) => s.sentenceIndex)).toEqual(own.map((_, i) => i));
          expect(own.every((s) => s.kind === block.kind)).toBe(true);
          expect(squash(own.map((s) => s.sourceText).join(''))).toBe(squash(block.text));
          if (own.length > 1) {
            // Split only when both sides split alike: each sentence has its partner.
            expect(own.every((s) => s.targetText !== undefined && s.targetText.length > 0)).toBe(true);
          }
        }
        // The demo translations are complete: every source block faces a target block of its kind when counts agree.
        const targetBlocks = markdownBlocks(target);
        if (targetBlocks.length === blocks.length) expect(segments.every((s) => s.targetText !== undefined)).toBe(true);
      });
    }
  }

  it('pairs the headings and sentences of "About" in both directions', () => {
    const zh = readBody('about', 'zh');
    const en = readBody('about', 'en');
    const zhToEn = segmentPair(zh, en, 'zh', 'en');
    expect(zhToEn).toContainEqual({ sourceText: '## 两种语言，一个声音', targetText: '## Two languages, one voice', kind: 'h', blockIndex: 1, sentenceIndex: 0 });
    const enToZh = segmentPair(en, zh, 'en', 'zh');
    expect(enToZh).toContainEqual({ sourceText: '## Why we do it', targetText: '## 我们为什么这样做', kind: 'h', blockIndex: 3, sentenceIndex: 0 });
  });

  it('splits a paragraph into sentences only when both sides have the same number', () => {
    const zh = '第一句话。第二句话！';
    const en = 'The first sentence. The second one!';
    expect(segmentPair(zh, en, 'zh', 'en')).toEqual([
      { sourceText: '第一句话。', targetText: 'The first sentence.', kind: 'p', blockIndex: 0, sentenceIndex: 0 },
      { sourceText: '第二句话！', targetText: 'The second one!', kind: 'p', blockIndex: 0, sentenceIndex: 1 },
    ]);
    expect(segmentPair(en, zh, 'en', 'zh').map((s) => s.targetText)).toEqual(['第一句话。', '第二句话！']);
    // Three sentences against two: the block stays whole.
    expect(segmentPair('一。二。三。', 'One. Two and three.', 'zh', 'en')).toEqual([{ sourceText: '一。二。三。', targetText: 'One. Two and three.', kind: 'p', blockIndex: 0, sentenceIndex: 0 }]);
  });

  it('leaves a block with no counterpart without a target, and keeps code as one segment', () => {
    const source = '# 标题\n\n第一段。\n\n```js\nlet a = 1;\nlet b = 2;\n```\n\n新加的一段。';
    const target = '# Title\n\nFirst paragraph.\n\n```js\nlet a = 1;\nlet b = 2;\n```';
    const segments = segmentPair(source, target, 'zh', 'en');
    expect(segments.map((s) => [s.kind, s.targetText ?? null])).toEqual([
      ['h', '# Title'],
      ['p', 'First paragraph.'],
      ['pre', '```js\nlet a = 1;\nlet b = 2;\n```'],
      ['p', null],
    ]);
    expect(segmentSource(source).map((s) => s.sourceText)).toEqual(['# 标题', '第一段。', '```js\nlet a = 1;\nlet b = 2;\n```', '新加的一段。']);
  });

  it('splits Chinese and English sentences', () => {
    expect(splitSentences('我们相信这一点。你呢？好的！', 'zh')).toEqual(['我们相信这一点。', '你呢？', '好的！']);
    expect(splitSentences('We believe it. Do you? Fine!', 'en')).toEqual(['We believe it.', 'Do you?', 'Fine!']);
  });
});
