import { describe, expect, it } from 'vitest';
import { maxReplyHtmlLength, sanitizeReplyHtml } from './sanitize-reply';

describe('a reply’s HTML', () => {
  it('keeps text, paragraphs and links, and drops scripts, handlers and javascript: links', () => {
    const html = sanitizeReplyHtml('<p onclick="x()">好文！<span class="h-card"><a href="https://social.example/@a" class="u-url mention">@a</a></span></p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)><style>body{display:none}</style>');
    expect(html).toContain('<p>好文！');
    expect(html).toContain('href="https://social.example/@a"');
    expect(html).toContain('rel="nofollow ugc noopener"');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<style|display:none/);
  });

  it('reads at most its first 20,000 characters and survives deep nesting', () => {
    expect(sanitizeReplyHtml(`<p>${'a'.repeat(maxReplyHtmlLength * 2)}</p>`).length).toBeLessThan(maxReplyHtmlLength + 20);
    expect(sanitizeReplyHtml(`${'<div>'.repeat(3_000)}deep${'</div>'.repeat(3_000)}`)).toContain('deep');
  });
});
