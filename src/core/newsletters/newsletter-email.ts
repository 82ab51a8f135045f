// A newsletter e-mail, made from the stored rendering of what was published: the site's
// name, logo and accent above the article, 600 px wide, light and dark (a
// prefers-color-scheme rule kept in <style>; everything else inlined by juice, since most
// mail programs drop a <style>), system fonts that name the CJK faces, a plain-text part,
// the "view in browser" link and a footer with the member's unsubscribe link. A `both`
// member's e-mail sets the two versions block by block, as the parallel view pairs them
// (core/markdown/split-blocks.ts): side by side at 600 px, one above the other on a phone.
// Pure; the unsubscribe link is a placeholder the worker fills in per member.
import juice from 'juice';
import { escapeHtml } from '@/core/members/confirmation-email';
import type { Locale } from '@/core/locales';
import { alignBlocks } from '@/core/markdown/split-blocks';
import { htmlForMail } from './email-html';

export interface EmailArticle {
  locale: Locale;
  title: string;
  excerpt: string;
  html: string;
  blocks: string[];
  /** The plain text of the body (the stored rendering's). */
  text: string;
  /** The article on the site: the "view in browser" link. */
  url: string;
}

export interface EmailWords {
  viewInBrowser: string;
  /** Why the reader gets this e-mail, naming the newsletter. */
  reason: string;
  unsubscribe: string;
  /** The link to the member's account page (language, newsletters, data). */
  preferences: string;
  /** Where a player (video, audio) stood. */
  watch: string;
}

export interface NewsletterEmailInput {
  origin: string;
  site: { name: string; accent: string; accentInk: string; accentDark: string; logo: { url: string; width: number; height: number } | null };
  /** One article, or two (Chinese first) for a bilingual e-mail. */
  articles: EmailArticle[];
  words: Partial<Record<Locale, EmailWords>>;
  /** A line above the article, when it comes in another language than the member's. */
  note: string | null;
  /** The member's one-click unsubscribe page (a placeholder until sent). */
  unsubscribeUrl: string;
}

export interface NewsletterEmail {
  subject: string;
  html: string;
  text: string;
  /** 'zh', 'en' or 'zh, en': the Content-Language header. */
  language: string;
}

/** System fonts that name the CJK faces: what mail programs and pasted rich text can use. */
export const systemSansFonts = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif`;

function styles(input: NewsletterEmailInput): string {
  const { accent, accentDark, accentInk } = input.site;
  return `
body { margin:0; padding:0; background:#f4f4f5; color:#18181b; font-family:${systemSansFonts}; font-size:17px; line-height:1.7; -webkit-text-size-adjust:100%; }
.outer { width:100%; background:#f4f4f5; }
.wrap { width:600px; max-width:100%; margin:0 auto; background:#ffffff; }
.head { padding:24px 24px 16px; border-top:4px solid ${accent}; }
.site { font-size:15px; font-weight:600; color:#18181b; text-decoration:none; }
.browser { font-size:13px; color:#52525b; text-align:right; }
.browser a { color:#52525b; }
.note { margin:0 24px 8px; padding:10px 14px; background:#f4f4f5; border-left:3px solid ${accent}; font-size:14px; color:#3f3f46; }
.title { margin:8px 24px 16px; font-size:28px; line-height:1.3; font-weight:700; color:#09090b; }
.title a { color:#09090b; text-decoration:none; }
.body { padding:0 24px 8px; }
.cell { vertical-align:top; padding:0 0 0 0; }
.cell-zh { padding-right:12px; }
.cell-en { padding-left:12px; }
.lang-title { font-size:20px; line-height:1.35; font-weight:700; margin:0 0 12px; }
.lang-title a { color:#09090b; text-decoration:none; }
p, ul, ol, blockquote, pre, figure, table.inner { margin:0 0 16px; }
h2 { font-size:22px; line-height:1.35; margin:28px 0 12px; color:#09090b; }
h3, h4 { font-size:18px; line-height:1.4; margin:24px 0 10px; color:#09090b; }
a { color:${accent}; }
blockquote { padding:0 0 0 14px; border-left:3px solid #d4d4d8; color:#3f3f46; }
pre { padding:12px; background:#f4f4f5; font-size:13px; line-height:1.5; white-space:pre-wrap; word-break:break-word; }
code { font-family:ui-monospace, Menlo, Consolas, monospace; font-size:0.9em; }
figure { margin:0 0 16px; }
figcaption { font-size:13px; color:#52525b; margin-top:6px; }
hr { border:0; border-top:1px solid #e4e4e7; margin:24px 0; }
.cta { padding:8px 24px 24px; }
.button { display:inline-block; padding:10px 18px; background:${accent}; color:${accentInk}; text-decoration:none; border-radius:6px; font-size:15px; font-weight:600; }
.foot { padding:20px 24px 28px; border-top:1px solid #e4e4e7; font-size:13px; line-height:1.6; color:#52525b; }
.foot a { color:#52525b; }
@media (max-width: 480px) {
  .wrap { width:100% !important; }
  .cell { display:block !important; width:100% !important; padding:0 !important; }
  .title { font-size:24px !important; }
}
@media (prefers-color-scheme: dark) {
  body, .outer { background:#0b0b0c !important; color:#e4e4e7 !important; }
  .wrap { background:#18181b !important; }
  .head { border-top-color:${accentDark} !important; }
  .site, .title, .title a, .lang-title a, h2, h3, h4 { color:#fafafa !important; }
  .browser, .browser a, .foot, .foot a, figcaption { color:#a1a1aa !important; }
  .note, pre { background:#27272a !important; color:#e4e4e7 !important; }
  blockquote { color:#d4d4d8 !important; border-left-color:#52525b !important; }
  a { color:${accentDark} !important; }
  .button { background:${accentDark} !important; color:#0b0b0c !important; }
  .foot, hr { border-top-color:#3f3f46 !important; }
}
`;
}

function header(input: NewsletterEmailInput, lead: EmailArticle, words: EmailWords): string {
  const { site } = input;
  const brand = site.logo
    ? `<img src="${escapeHtml(site.logo.url)}" alt="${escapeHtml(site.name)}" height="32" width="${Math.round((site.logo.width * 32) / Math.max(1, site.logo.height))}" style="height:32px;width:auto;border:0;display:block">`
    : escapeHtml(site.name);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="head"><tr>
<td><a class="site" href="${escapeHtml(input.origin)}/${lead.locale}">${brand}</a></td>
<td class="browser"><a href="${escapeHtml(lead.url)}">${escapeHtml(words.viewInBrowser)}</a></td>
</tr></table>`;
}

function singleBody(article: EmailArticle, input: NewsletterEmailInput, words: EmailWords): string {
  return `<h1 class="title" lang="${article.locale}"><a href="${escapeHtml(article.url)}">${escapeHtml(article.title)}</a></h1>
<div class="body" lang="${article.locale}">${htmlForMail(article.html, input.origin, article.url, escapeHtml(words.watch))}</div>`;
}

function bilingualBody(zh: EmailArticle, en: EmailArticle, input: NewsletterEmailInput): string {
  const watch = (a: EmailArticle) => escapeHtml(input.words[a.locale]?.watch ?? '');
  const cell = (article: EmailArticle, block: string | null) =>
    `<td class="cell cell-${article.locale}" width="50%" lang="${article.locale}">${block === null ? '' : htmlForMail(block, input.origin, article.url, watch(article))}</td>`;
  const rows = alignBlocks(zh.blocks, en.blocks).map((row) => `<tr>${cell(zh, row.left)}${cell(en, row.right)}</tr>`);
  const titles = `<tr>${[zh, en].map((a) => `<td class="cell cell-${a.locale}" width="50%" lang="${a.locale}"><h1 class="lang-title"><a href="${escapeHtml(a.url)}">${escapeHtml(a.title)}</a></h1></td>`).join('')}</tr>`;
  return `<div class="body"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${titles}${rows.join('\n')}</table></div>`;
}

function footer(input: NewsletterEmailInput, articles: EmailArticle[]): string {
  return articles
    .map((a) => {
      const words = input.words[a.locale]!;
      const preferences = `${input.origin}/${a.locale}/members/account`;
      return `<p lang="${a.locale}" style="margin:0 0 8px">${escapeHtml(words.reason)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a> · <a href="${escapeHtml(preferences)}">${escapeHtml(words.preferences)}</a></p>`;
    })
    .join('\n');
}

function plainText(input: NewsletterEmailInput): string {
  const parts: string[] = [];
  if (input.note) parts.push(input.note, '');
  for (const article of input.articles) {
    const words = input.words[article.locale]!;
    parts.push(article.title, '', `${words.viewInBrowser}: ${article.url}`, '', article.text.trim(), '', '———', '');
  }
  for (const article of input.articles) {
    const words = input.words[article.locale]!;
    parts.push(`${words.reason} ${words.unsubscribe}: ${input.unsubscribeUrl}`, `${words.preferences}: ${input.origin}/${article.locale}/members/account`);
  }
  return `${parts.join('\n')}\n`;
}

export function composeNewsletterEmail(input: NewsletterEmailInput): NewsletterEmail {
  const { articles } = input;
  const lead = articles[0];
  if (!lead) throw new RangeError('A newsletter e-mail needs an article');
  const words = input.words[lead.locale]!;
  const zh = articles.find((a) => a.locale === 'zh');
  const en = articles.find((a) => a.locale === 'en');
  const isBilingual = articles.length === 2 && zh !== undefined && en !== undefined;
  const subject = articles.map((a) => a.title).join(' / ');
  const body = isBilingual ? bilingualBody(zh, en, input) : singleBody(lead, input, words);
  const note = input.note ? `<p class="note">${escapeHtml(input.note)}</p>` : '';
  const preheader = `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(articles.map((a) => a.excerpt).join(' / '))}</div>`;
  const lang = isBilingual ? 'zh' : lead.locale;
  const document = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(subject)}</title>
<style>${styles(input)}</style></head>
<body>
${preheader}
<table role="presentation" class="outer" width="100%" cellpadding="0" cellspacing="0"><tr><td>
<div class="wrap">
${header(input, lead, words)}
${note}
${body}
<div class="cta"><a class="button" href="${escapeHtml(lead.url)}">${escapeHtml(words.viewInBrowser)}</a></div>
<div class="foot">${footer(input, articles)}</div>
</div>
</td></tr></table>
</body>
</html>
`;
  const html = juice(document, { preserveMediaQueries: true, removeStyleTags: true, applyWidthAttributes: true, applyHeightAttributes: false });
  return { subject, html, text: plainText(input), language: isBilingual ? 'zh, en' : lead.locale };
}
