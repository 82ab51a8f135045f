import { describe, expect, it } from 'vitest';
import { defuseMarkdown, maxBrackets, maxDelimiterRuns, maxSetextUnderlines } from './defuse-markdown';
import { renderMarkdown } from './render-markdown';

describe('defuseMarkdown', () => {
  it('returns ordinary Markdown as the same string', () => {
    const text = '# Title\n\nSome **bold**, _em_, ~~gone~~ and a [link](https://example.com).\n\n| a | b |\n|---|---|\n| **x** | y |\n';
    expect(defuseMarkdown(text)).toBe(text);
  });

  it('escapes the marks of a paragraph holding more runs than the parser handles in linear time', () => {
    const hostile = '**_'.repeat(maxDelimiterRuns);
    const out = defuseMarkdown(`Intro *kept*.\n\n${hostile}\n\nOutro *kept*.`);
    const [intro, middle, outro] = out.split('\n\n');
    expect(intro).toBe('Intro *kept*.');
    expect(outro).toBe('Outro *kept*.');
    expect(middle).toBe('\\*\\*\\_'.repeat(maxDelimiterRuns));
  });

  it('counts each mark character on its own: `**_` is two runs', () => {
    const justUnder = '**_'.repeat(maxDelimiterRuns / 2);
    expect(defuseMarkdown(justUnder)).toBe(justUnder);
    expect(defuseMarkdown(justUnder + '**_')).not.toBe(justUnder + '**_');
  });

  it('treats a table row as its own run, so a long table of bold cells keeps its bold', () => {
    const table = '| a | b |\n|---|---|\n' + '| **x** | [l](u) |\n'.repeat(maxDelimiterRuns);
    expect(defuseMarkdown(table)).toBe(table);
  });

  it('escapes brackets past the limit, within that paragraph only', () => {
    const links = '[a]'.repeat(maxBrackets);
    const out = defuseMarkdown(`${links}\n\n[ok](u)`);
    expect(out.endsWith('\n\n[ok](u)')).toBe(true);
    expect(out.startsWith('\\[a\\]')).toBe(true);
  });

  it('leaves fenced code exactly as written', () => {
    const code = '```\n' + '**_'.repeat(maxDelimiterRuns) + '\n```';
    expect(defuseMarkdown(`${code}\n\n${'~'.repeat(3)}`)).toBe(`${code}\n\n~~~`);
  });

  it('escapes stacked setext underlines past the limit, so they read as text', () => {
    const stacked = 'a\n=\n'.repeat(maxSetextUnderlines + 1);
    const out = defuseMarkdown(stacked);
    expect(out.split('\n').filter((l) => l === '\\=')).toHaveLength(maxSetextUnderlines + 1);
    const few = 'a\n=\n'.repeat(3);
    expect(defuseMarkdown(few)).toBe(few);
  });

  it('keeps the words of a defused paragraph when rendered', async () => {
    const { html } = await renderMarkdown(`${'**_ '.repeat(maxDelimiterRuns)}words stay`, { locale: 'en' });
    expect(html).toContain('words stay');
    expect(html).not.toContain('<strong>');
  });
});
