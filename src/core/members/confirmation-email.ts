// The confirmation e-mail of a subscription, put together from sentences already
// translated (messages/*.json, `members.email`): one section per language of the member's
// choice (both: Chinese, then English), each with the site's name and the link, as a
// plain-text part and a simple HTML part. Pure, so its shape is tested without a mailer.
import type { Locale } from '@/core/locales';

export interface ConfirmationSection {
  locale: Locale;
  subject: string;
  heading: string;
  intro: string;
  action: string;
  ignore: string;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

const fonts = `-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif`;

function htmlSection(section: ConfirmationSection, link: string): string {
  const href = escapeHtml(link);
  return `<div lang="${section.locale}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(section.heading)}</h1>
<p style="margin:0 0 16px">${escapeHtml(section.intro)}</p>
<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(section.action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all;overflow-wrap:anywhere">${escapeHtml(link)}</p>
<p style="margin:0;font-size:13px;color:#4b5563">${escapeHtml(section.ignore)}</p>
</div>`;
}

/** Sections in the order given (the caller passes Chinese first for a `both` member). */
export function composeConfirmationEmail(sections: readonly ConfirmationSection[], link: string): ComposedEmail {
  if (sections.length === 0) throw new RangeError('A confirmation e-mail needs at least one language');
  const subject = sections.map((s) => s.subject).join(' / ');
  const text = sections.map((s) => [s.heading, '', s.intro, '', `${s.action}:`, link, '', s.ignore].join('\n')).join('\n\n———\n\n');
  const lang = sections[0]!.locale;
  const body = sections.map((s) => htmlSection(s, link)).join('\n<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0">\n');
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#111827;font-family:${escapeHtml(fonts)};font-size:16px;line-height:1.6">
<div style="max-width:600px;margin:0 auto">
${body}
</div>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}
