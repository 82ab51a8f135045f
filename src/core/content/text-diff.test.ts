import { describe, expect, it } from 'vitest';
import { naughtyStrings } from '../../../tests/fixtures/naughty-strings';
import { diffText, splitLines, tokenizeWords, type DiffLine, type Segment } from './text-diff';

const join = (segments: Segment[] | undefined) => (segments ?? []).map((segment) => segment.text).join('');

/** Each side of the diff, rebuilt from its segments: must give back the lines exactly. */
function sides(lines: DiffLine[]): { before: string[]; after: string[] } {
  const before: string[] = [];
  const after: string[] = [];
  for (const line of lines) {
    if (line.kind !== 'added') before.push(join(line.before));
    if (line.kind !== 'removed') after.push(join(line.after));
    if (line.kind === 'same') expect(join(line.before)).toBe(join(line.after));
    for (const segment of line.before ?? []) expect(segment.kind).not.toBe('added');
    for (const segment of line.after ?? []) expect(segment.kind).not.toBe('removed');
  }
  return { before, after };
}

function expectFaithful(before: string, after: string, lines = diffText(before, after)) {
  expect(sides(lines)).toEqual({ before: splitLines(before), after: splitLines(after) });
  return lines;
}

/** A changed line written compactly: same text plain, [-removed-] and {+added+}. */
function show(line: DiffLine): string {
  const mark = (segments: Segment[] | undefined) =>
    (segments ?? []).map(({ text, kind }) => (kind === 'removed' ? `[-${text}-]` : kind === 'added' ? `{+${text}+}` : text)).join('');
  if (line.kind === 'same') return `  ${join(line.before)}`;
  if (line.kind === 'removed') return `- ${join(line.before)}`;
  if (line.kind === 'added') return `+ ${join(line.after)}`;
  return `~ ${mark(line.before)} → ${mark(line.after)}`;
}

const diffShown = (before: string, after: string) => expectFaithful(before, after).map(show);

describe('tokenizeWords', () => {
  it('makes each Han character a word, and each run of Latin letters or digits', () => {
    expect(tokenizeWords('用 Next.js 16 写一个bilingual博客，好吗？')).toEqual(
      ['用', ' ', 'Next', '.', 'js', ' ', '16', ' ', '写', '一', '个', 'bilingual', '博', '客', '，', '好', '吗', '？'],
    );
    expect(tokenizeWords("naïve café, don't  stop")).toEqual(['naïve', ' ', 'café', ',', ' ', 'don', "'", 't', '  ', 'stop']);
    expect(tokenizeWords('カタカナと한국어')).toEqual(['カ', 'タ', 'カ', 'ナ', 'と', '한국어']);
  });

  it('keeps emoji sequences, flags and combining marks whole', () => {
    expect(tokenizeWords('👨‍👩‍👧 🇨🇳👍🏽 e\u0301!')).toEqual(['👨‍👩‍👧', ' ', '🇨🇳', '👍🏽', ' ', 'e\u0301', '!']);
  });

  it('gives back every naughty string when its words are joined', () => {
    for (const entry of naughtyStrings) {
      if (entry.text.length > 500_000) continue;
      expect(tokenizeWords(entry.text).join(''), entry.name).toBe(entry.text);
    }
  });
});

describe('diffText', () => {
  it('marks the changed characters of Chinese text', () => {
    expect(diffShown('第一段。\n茶与时间是好朋友。\n最后一段。', '第一段。\n茶与时光是老朋友。\n新的一段。\n最后一段。')).toEqual([
      '  第一段。',
      '~ 茶与时[-间-]是[-好-]朋友。 → 茶与时{+光+}是{+老+}朋友。',
      '+ 新的一段。',
      '  最后一段。',
    ]);
  });

  it('marks whole changed words of English text', () => {
    expect(diffShown('The quick brown fox\njumps.', 'The quick red fox\njumps over.')).toEqual([
      '~ The quick [-brown-] fox → The quick {+red+} fox',
      '~ jumps. → jumps{+ over+}.',
    ]);
  });

  it('treats a number in Chinese text as one word', () => {
    expect(diffShown('用 Next.js 15 写博客', '用 Next.js 16 写博客')).toEqual(['~ 用 Next.js [-15-] 写博客 → 用 Next.js {+16+} 写博客']);
  });

  it('pairs an edited paragraph with its new version even when a paragraph was added before it', () => {
    const before = '# 标题\n\n排版是看不见的艺术。';
    const after = '# 标题\n\n这是新加的一段，讲别的事情。\n\n排版是看不见的手艺。';
    expect(diffShown(before, after)).toEqual([
      '  # 标题',
      '  ',
      '+ 这是新加的一段，讲别的事情。',
      '+ ',
      // As short as any other reading of the edit: keep 艺, drop 术, add 手.
      '~ 排版是看不见的艺[-术-]。 → 排版是看不见的{+手+}艺。',
    ]);
  });

  it('shows a rewritten paragraph as removed and added, not as a changed line', () => {
    expect(diffShown('Tea is best in the morning.', '深夜写代码需要咖啡。')).toEqual(['- Tea is best in the morning.', '+ 深夜写代码需要咖啡。']);
  });

  it('handles empty texts, equal texts and line endings', () => {
    expect(diffText('', '')).toEqual([]);
    expect(diffShown('', 'a\nb')).toEqual(['+ a', '+ b']);
    expect(diffShown('a\nb', '')).toEqual(['- a', '- b']);
    expect(diffShown('a\r\nb\r\n', 'a\nb\n')).toEqual(['  a', '  b', '  ']);
    expect(diffShown('same', 'same')).toEqual(['  same']);
  });

  it('gives back both texts exactly, whatever was edited', () => {
    const base = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? `## 第${i}节 Section ${i}` : `段落${i}：排版 typography 与翻译 translation，${i}。`));
    for (let seed = 1; seed <= 40; seed++) {
      const edited = base.flatMap((line, i) => {
        const roll = (seed * 31 + i * 17) % 11;
        if (roll === 0) return [];
        if (roll === 1) return [line, `新段落 new ${seed}`];
        if (roll === 2) return [line.replace(/\d+/, `${seed}`).replace('排版', '字体')];
        return [line];
      });
      expectFaithful(base.join('\n'), edited.join('\n'));
    }
  });

  it('still gives back both texts when its budget runs out', () => {
    const before = 'alpha beta\ngamma delta\n中文一行\nsame';
    const after = 'alpha BETA\nnew line\ngamma delta!\n中文二行\nsame';
    for (const maxCost of [0, 1, 5, 50, 500]) expectFaithful(before, after, diffText(before, after, { maxCost }));
  });

  it('finds the small edits in a 200,000-character article', () => {
    const paragraphs = Array.from({ length: 2000 }, (_, i) => `第${i}段：这是一段中文和 English 混排的文字，讲排版与翻译。`.repeat(2) + 'x'.repeat(i % 60));
    const before = paragraphs.join('\n\n');
    expect(before.length).toBeGreaterThan(200_000);
    const after = paragraphs.map((p, i) => (i % 200 === 7 ? p.replace('排版', '字体') : p)).join('\n\n');
    const lines = expectFaithful(before, after);
    const changed = lines.filter((line) => line.kind !== 'same');
    expect(changed).toHaveLength(10);
    for (const line of changed) expect(show(line)).toMatch(/\[-排版-\].*\{\+字体\+\}/);
  });

  it('finds a one-word edit inside a single 200,000-character line', () => {
    const before = '汉字'.repeat(50_000) + ' middle ' + 'words '.repeat(16_000);
    const after = before.replace(' middle ', ' centre ');
    const [line] = expectFaithful(before, after);
    expect(line!.kind).toBe('changed');
    expect(line!.before!.filter((segment) => segment.kind === 'removed')).toEqual([{ text: 'middle', kind: 'removed' }]);
    expect(line!.after!.filter((segment) => segment.kind === 'added')).toEqual([{ text: 'centre', kind: 'added' }]);
  });

  it('falls back to whole lines for two unrelated 200,000-character texts, still exactly', () => {
    const text = (first: number) => Array.from({ length: 5000 }, (_, i) => String.fromCharCode(first + (i % 4000)).repeat(39)).join('\n');
    const lines = expectFaithful(text(0x4e00), text(0x6000));
    expect(lines).toHaveLength(5000);
    for (const line of lines) {
      expect(line.kind).toBe('changed');
      expect(line.before!.map((segment) => segment.kind)).toEqual(['removed']);
      expect(line.after!.map((segment) => segment.kind)).toEqual(['added']);
    }
  });
});
