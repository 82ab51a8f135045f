// Makes a newsletter e-mail when the mail worker sends it: one version per send, language
// and kind (built once by core/newsletters/newsletter-email.ts and reused for every
// recipient of that kind), then the member's own unsubscribe link put in. Headers: the
// RFC 8058 one-click unsubscribe (`List-Unsubscribe` to the API, `List-Unsubscribe-Post`),
// Content-Language, and the newsletter's Reply-To.
import { createTranslator } from 'next-intl';
import { siteUrl } from '@/core/config/site-url';
import { otherLocale, type Locale } from '@/core/locales';
import { composeNewsletterEmail, type EmailArticle, type EmailWords, type NewsletterEmail } from '@/core/newsletters/newsletter-email';
import { signUnsubscribeToken } from '@/core/newsletters/unsubscribe-token';
import { accentPalette } from '@/core/site/accent-colour';
import type { OutboxRow } from '@/db/mail/email-outbox';
import { readLinkKey } from '@/db/newsletters/link-key';
import { readSendContent, type LiveText, type SendContent } from '@/db/newsletters/send-content';
import { createSiteSettings, type IdentityRows } from '@/db/repositories/site-settings';
import type { Db } from '@/db/client';
import type { ComposeRow } from '@/server/mail/deliver-outbox';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh.json';

const messages = { en, zh } as const;
/** Stands for the member's token in a version shared by every recipient. */
const tokenSlot = '__DUET_UNSUBSCRIBE_TOKEN__';

interface Version {
  email: NewsletterEmail;
  fromName: string;
  replyTo: string | null;
}

function wordsIn(locale: Locale, newsletter: string): EmailWords {
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'members.newsletter' });
  return { viewInBrowser: t('viewInBrowser'), reason: t('reason', { newsletter }), unsubscribe: t('unsubscribe'), preferences: t('preferences'), watch: t('watch') };
}

function siteNameIn(identity: IdentityRows, locale: Locale): string {
  return identity.languages[locale].title || identity.languages[otherLocale(locale)].title || messages[locale].site.name;
}

function articleOf(text: LiveText, origin: string): EmailArticle {
  return { ...text, url: `${origin}/${text.locale}/posts/${encodeURIComponent(text.slug)}` };
}

/** The languages of the article a row gets, and the language of the pages its links open. */
/** Who a version is for: an outbox row, or a preview standing for one. */
type Reader = Pick<OutboxRow, 'locale' | 'kind'>;

function shapeOf(row: Reader, content: SendContent): { articles: LiveText[]; pageLocale: Locale; noteIn: Locale | null } {
  const sent = content.live[content.send.locale];
  if (!sent) throw new Error(`The ${content.send.locale} text of post ${content.send.postId} is no longer live; its newsletter e-mail is not sent.`);
  if (row.locale === 'both') {
    const { zh: zhText, en: enText } = content.live;
    return { articles: zhText && enText ? [zhText, enText] : [sent], pageLocale: 'zh', noteIn: null };
  }
  if (row.kind === 'newsletter-note') {
    const memberLocale = otherLocale(content.send.locale);
    return { articles: [sent], pageLocale: memberLocale, noteIn: memberLocale };
  }
  return { articles: [sent], pageLocale: content.send.locale, noteIn: null };
}

function buildVersion(row: Reader, content: SendContent, identity: IdentityRows): Version {
  const origin = siteUrl().origin;
  const { articles, pageLocale, noteIn } = shapeOf(row, content);
  const palette = accentPalette(identity.look.accent);
  const logo = identity.logo;
  const words: Partial<Record<Locale, EmailWords>> = {};
  for (const locale of new Set<Locale>([...articles.map((a) => a.locale), pageLocale])) words[locale] = wordsIn(locale, content.newsletter.name[locale]);
  const note = noteIn
    ? createTranslator({ locale: noteIn, messages: messages[noteIn], namespace: 'members.newsletter' })(content.send.locale === 'zh' ? 'noteChinese' : 'noteEnglish')
    : null;
  const email = composeNewsletterEmail({
    origin,
    site: {
      name: siteNameIn(identity, articles[0]!.locale),
      accent: palette.light,
      accentInk: palette.lightInk,
      accentDark: palette.dark,
      logo: logo && logo.width && logo.height ? { url: `${origin}${logo.path}`, width: logo.width, height: logo.height } : null,
    },
    articles: articles.map((a) => articleOf(a, origin)),
    words,
    note,
    unsubscribeUrl: `${origin}/${pageLocale}/members/unsubscribe?token=${tokenSlot}`,
  });
  const senderLocale = articles[0]!.locale;
  return { email, fromName: content.newsletter.senderName || siteNameIn(identity, senderLocale), replyTo: content.newsletter.replyTo };
}

export interface PreviewEmail {
  subject: string;
  html: string;
  text: string;
  /** 'zh', 'en' or 'zh, en'. */
  language: string;
  fromName: string;
  replyTo: string | null;
}

/**
 * The e-mail a member reading `reader` would get of this content, by the same composer as
 * a real send; its unsubscribe link carries no token (a preview names no member).
 */
export async function composePreview(db: Db, content: SendContent, reader: Locale | 'both'): Promise<PreviewEmail> {
  const identity = await createSiteSettings(db).readIdentity();
  const version = buildVersion({ locale: reader, kind: 'newsletter' }, content, identity);
  return {
    subject: version.email.subject,
    html: version.email.html.replaceAll(tokenSlot, ''),
    text: version.email.text.replaceAll(tokenSlot, ''),
    language: version.email.language,
    fromName: version.fromName,
    replyTo: version.replyTo,
  };
}

/** A composer for one run of the worker: what it reads and builds is kept for that run only. */
export function createNewsletterComposer(db: Db): ComposeRow {
  const contents = new Map<number, Promise<SendContent | null>>();
  const versions = new Map<string, Version>();
  let identity: Promise<IdentityRows> | null = null;
  let key: Promise<string> | null = null;
  return async (row) => {
    if (row.send_id === null || row.member_id === null) return null;
    const sendId = Number(row.send_id);
    if (!contents.has(sendId)) contents.set(sendId, readSendContent(db, sendId));
    const content = await contents.get(sendId)!;
    if (!content) throw new Error(`Newsletter send ${sendId} no longer exists.`);
    identity ??= createSiteSettings(db).readIdentity();
    key ??= readLinkKey(db);
    const versionKey = `${sendId}:${row.locale}:${row.kind}`;
    let version = versions.get(versionKey);
    if (!version) {
      version = buildVersion(row, content, await identity);
      versions.set(versionKey, version);
    }
    const token = signUnsubscribeToken(await key, { memberId: Number(row.member_id), newsletterId: content.newsletter.id });
    const origin = siteUrl().origin;
    return {
      fromName: version.fromName,
      language: version.email.language,
      subject: version.email.subject,
      html: version.email.html.replaceAll(tokenSlot, token),
      text: version.email.text.replaceAll(tokenSlot, token),
      ...(version.replyTo ? { replyTo: version.replyTo } : {}),
      headers: {
        'List-Unsubscribe': `<${origin}/api/v1/members/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `<newsletter-${content.newsletter.id}.${siteUrl().hostname}>`,
      },
    };
  };
}
