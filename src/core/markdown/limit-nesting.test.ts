import { describe, expect, it } from 'vitest';
import { limitNesting, maxContainerPrefix } from './limit-nesting';

describe('limitNesting', () => {
  it('returns ordinary Markdown unchanged, as the same string', () => {
    const markdown = '# Title\n\n> quote\n> > nested\n\n- a\n  - b\n    - c\n\n```\n' + ' '.repeat(400) + 'deep code\n```\n';
    expect(limitNesting(markdown)).toBe(markdown);
  });

  it('cuts a deep quote prefix to the cap', () => {
    const out = limitNesting('>'.repeat(5000) + ' deep');
    expect(out).toBe('>'.repeat(maxContainerPrefix - 1) + ' deep');
  });

  it('cuts deep list indentation to the cap', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`);
    const out = limitNesting(lines.join('\n')).split('\n');
    expect(out).toHaveLength(300);
    for (const line of out) expect(/^[ -]*/.exec(line)![0].length).toBeLessThanOrEqual(maxContainerPrefix + 1);
    expect(out[299]).toMatch(/- item 299$/);
    expect(out[299]).toMatch(/item 299$/);
  });

  it('leaves fenced code alone even when another line is cut', () => {
    const code = '```\n' + ' '.repeat(300) + 'x\n```';
    const out = limitNesting(`${'>'.repeat(300)} q\n\n${code}`);
    expect(out.endsWith(code)).toBe(true);
    expect(out.startsWith('>'.repeat(maxContainerPrefix - 1) + ' q')).toBe(true);
  });
});
