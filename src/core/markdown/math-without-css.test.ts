import { describe, expect, it } from 'vitest';
import { mathWithoutCss } from './math-without-css';
import { renderMarkdown } from './render-markdown';

describe('mathWithoutCss', () => {
  it('keeps only the MathML of each formula, without its TeX, and the text around it', async () => {
    const { html } = await renderMarkdown('Energy $E=mc^2$ here.\n\n$$\n\\sqrt{x}\n$$\n\nAfter.', { locale: 'en' });
    const out = mathWithoutCss(html);
    expect(out).not.toContain('katex-html');
    expect(out).not.toContain('<svg');
    expect(out).not.toContain('<annotation');
    expect(out.match(/<math /g)).toHaveLength(2);
    expect(out).toMatch(/^<p>Energy <span class="math-inline"><span class="katex"><span class="katex-mathml"><math [^>]*><semantics><mrow><mi>E<\/mi>/);
    expect(out).toMatch(/<\/math><\/span><\/span><\/span> here\.<\/p>/);
    expect(out).toContain('<p>After.</p>');
  });

  it('leaves HTML without math as it is', () => {
    const html = '<p>Some <span class="line">text</span></p>';
    expect(mathWithoutCss(html)).toBe(html);
  });
});
