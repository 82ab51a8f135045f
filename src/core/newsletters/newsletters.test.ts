import { describe, expect, it } from 'vitest';
import { previewDocument, previewQuery } from './preview-input';
import { parseSendRate, sendAllowance } from './send-rate';
import { htmlForMail } from './email-html';
import { composeNewsletterEmail, type EmailArticle, type EmailWords } from './newsletter-email';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const words: EmailWords = { viewInBrowser: 'View in browser', reason: 'You subscribed to Duet Weekly.', unsubscribe: 'Unsubscribe', preferences: 'Your subscription', watch: 'Watch on the site' };
const zhWords: EmailWords = { viewInBrowser: '在浏览器中查看', reason: '你订阅了双声周刊。', unsubscribe: '退订', preferences: '管理订阅', watch: '到网站上观看' };
const article = (locale: 'zh' | 'en', blocks: string[]): EmailArticle => ({
  locale,
  title: locale === 'zh' ? '标题' : 'Title',
  excerpt: locale === 'zh' ? '摘要' : 'Excerpt',
  html: blocks.join('\n'),
  blocks,
  text: blocks.map((b) => b.replace(/<[^>]+>/g, '')).join('\n\n'),
  url: `https://duet.example/${locale}/posts/a`,
});
const site = { name: 'Duet', accent: '#b4232a', accentInk: '#ffffff', accentDark: '#f28b82', logo: null };

describe('unsubscribe tokens', () => {
  it('verifies its own tokens and refuses forged or other members’ ones', () => {
    const token = signUnsubscribeToken('key', { memberId: 12, newsletterId: 3 });
    expect(verifyUnsubscribeToken('key', token)).toEqual({ memberId: 12, newsletterId: 3 });
    expect(verifyUnsubscribeToken('other key', token)).toBeNull();
    expect(verifyUnsubscribeToken('key', token.replace(/^12\./, '13.'))).toBeNull();
    expect(verifyUnsubscribeToken('key', `${token}x`)).toBeNull();
    expect(verifyUnsubscribeToken('key', undefined)).toBeNull();
  });
});

describe('htmlForMail', () => {
  it('makes addresses absolute, drops srcset and players, and fits images in the column', () => {
    const html = htmlForMail(
      '<h2 id="x"><a class="heading-anchor" href="#x">Part</a></h2><p><a href="/en/posts/b">b</a></p><img src="/images/x.webp" srcset="/images/x-640.webp 640w" sizes="100vw" loading="lazy" width="1200" height="600" alt="x"><video src="/videos/v.mp4" controls></video>',
      'https://duet.example',
      'https://duet.example/en/posts/a',
      'Watch',
    );
    expect(html).toContain('href="https://duet.example/en/posts/b"');
    expect(html).toContain('<h2 id="x">Part</h2>');
    expect(html).toContain('src="https://duet.example/images/x.webp"');
    expect(html).not.toMatch(/srcset|sizes=|loading=|<video/);
    expect(html).toContain('width="552" height="276"');
    expect(html).toContain('<a href="https://duet.example/en/posts/a">Watch</a>');
  });
});

describe('composeNewsletterEmail', () => {
  it('inlines the styles, keeps the dark and phone rules, and writes a plain-text part', () => {
    const email = composeNewsletterEmail({ origin: 'https://duet.example', site, articles: [article('en', ['<p>One.</p>', '<p>Two.</p>'])], words: { en: words }, note: null, unsubscribeUrl: 'https://duet.example/en/members/unsubscribe?token=T' });
    expect(email.subject).toBe('Title');
    expect(email.language).toBe('en');
    expect(email.html).toMatch(/<p style="[^"]*margin[^"]*">One\.<\/p>/);
    expect(email.html).toContain('@media (prefers-color-scheme: dark)');
    expect(email.html).toContain('@media (max-width: 480px)');
    expect(email.html).toContain("'PingFang SC'");
    expect(email.text).toContain('View in browser: https://duet.example/en/posts/a');
    expect(email.text).toContain('Unsubscribe: https://duet.example/en/members/unsubscribe?token=T');
    // The footer also leads to the member's own account page (language, newsletters, data).
    expect(email.html).toContain('<a href="https://duet.example/en/members/account"');
    expect(email.text).toContain('Your subscription: https://duet.example/en/members/account');
  });

  it('pairs the blocks of a bilingual e-mail as the parallel view does, a gap facing an extra block', () => {
    const email = composeNewsletterEmail({
      origin: 'https://duet.example',
      site,
      articles: [article('zh', ['<p>一。</p>', '<h2>二</h2>', '<p>三。</p>']), article('en', ['<p>One.</p>', '<p>Extra.</p>', '<h2>Two</h2>', '<p>Three.</p>'])],
      words: { zh: zhWords, en: words },
      note: null,
      unsubscribeUrl: 'https://duet.example/zh/members/unsubscribe?token=T',
    });
    expect(email.subject).toBe('标题 / Title');
    expect(email.language).toBe('zh, en');
    const rows = [...email.html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.replace(/<(?!\/?(?:p|h2)\b)[^>]+>/g, '').replace(/\s(style|class|lang|width)="[^"]*"/g, '').replace(/\s+/g, ''));
    expect(rows).toContain('<p>一。</p><p>One.</p>');
    expect(rows).toContain('<p>Extra.</p>');
    expect(rows).toContain('<h2>二</h2><h2>Two</h2>');
  });
});

describe('the Studio preview and the send rate', () => {
  const html = '<style>@media (max-width: 480px) { .wrap { width:100% } } @media (prefers-color-scheme: dark) { body { background:#000 } }</style>';

  it('turns the e-mail’s own dark rule on for dark and off for light, leaving the phone rule alone', () => {
    expect(previewDocument(html, 'dark')).toBe('<style>@media (max-width: 480px) { .wrap { width:100% } } @media all { body { background:#000 } }</style>');
    expect(previewDocument(html, 'light')).toContain('@media not all { body');
    expect(previewDocument(html, 'light')).toContain('@media (max-width: 480px)');
  });

  it('reads the rate setting within 1–100,000, else the default, and allows what the last minute left', () => {
    expect(parseSendRate(undefined)).toBe(600);
    expect(parseSendRate('30')).toBe(30);
    for (const bad of ['0', '100001', '2.5', 'fast', '']) expect(parseSendRate(bad)).toBe(600);
    expect(sendAllowance(10, 4)).toBe(6);
    expect(sendAllowance(10, 12)).toBe(0);
  });

  it('refuses a preview query naming no post, or a version or width it does not have', () => {
    expect(previewQuery.parse({ post: '7' })).toEqual({ post: 7, width: 600, scheme: 'light' });
    expect(previewQuery.safeParse({ post: '7', width: '480' }).success).toBe(false);
    expect(previewQuery.safeParse({ post: '7', version: 'fr' }).success).toBe(false);
    expect(previewQuery.safeParse({ version: 'zh' }).success).toBe(false);
    expect(previewQuery.safeParse({ post: '7', extra: '1' }).success).toBe(false);
  });
});
