import { describe, expect, it } from 'vitest';
import { restoreParagraphs } from './restore-paragraphs';

describe('restoreParagraphs', () => {
  it('makes blank-line-separated text paragraphs and single newlines line breaks', () => {
    expect(restoreParagraphs('First line\nsecond line\n\nSecond paragraph')).toBe('<p>First line<br />\nsecond line</p>\n<p>Second paragraph</p>');
  });

  it('does not wrap or break block elements written by hand', () => {
    expect(restoreParagraphs('Intro\n\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n\n<h2>Head</h2>\nText')).toBe('<p>Intro</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<h2>Head</h2>\n<p>Text</p>');
  });

  it('leaves the inside of <pre> exactly as written', () => {
    const out = restoreParagraphs('Before\n\n<pre>line 1\n\nline 3\n</pre>\nAfter');
    expect(out).toContain('<pre>line 1\n\nline 3\n</pre>');
    expect(out).toContain('<p>After</p>');
  });

  it('turns a double <br> into a paragraph break and returns nothing for blank input', () => {
    expect(restoreParagraphs('a<br /><br />b')).toBe('<p>a</p>\n<p>b</p>');
    expect(restoreParagraphs(' \n ')).toBe('');
  });

  it('stays linear on hostile input (unclosed tags in their thousands)', () => {
    expect(restoreParagraphs('<p>'.repeat(100_000)).length).toBeGreaterThan(0);
    expect(restoreParagraphs('<pre>'.repeat(100_000)).length).toBeGreaterThan(0);
    expect(restoreParagraphs('a\n'.repeat(100_000))).toContain('<br />');
  });
});
