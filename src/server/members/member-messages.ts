// The words of members' e-mails and of the names they carry, outside any request: the
// interface messages of each language (messages/*.json) through next-intl's translator,
// and the site's name as the owner set it (else Duet's own), read from the settings.
import { createTranslator } from 'next-intl';
import { composeConfirmationEmail, type ComposedEmail } from '@/core/members/confirmation-email';
import { mailLocalesOf, type MemberLanguage } from '@/core/members/member';
import type { Db } from '@/db/client';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { locales, otherLocale, type Locale } from '@/core/locales';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh.json';

const messages = { en, zh } as const;

export function memberTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'members' });
}

/** The site's name in each language, as the pages show it (site-identity.ts's rule). */
export async function readSiteNames(db: Db): Promise<Record<Locale, string>> {
  const { languages } = await createSiteSettings(db).readIdentity();
  const nameIn = (locale: Locale) => languages[locale].title || languages[otherLocale(locale)].title || messages[locale].site.name;
  return Object.fromEntries(locales.map((l) => [l, nameIn(l)])) as Record<Locale, string>;
}

export function confirmationEmail(language: MemberLanguage, siteNames: Record<Locale, string>, link: string): ComposedEmail {
  const isBoth = language === 'both';
  const sections = mailLocalesOf(language).map((locale) => {
    const t = memberTranslator(locale);
    const site = siteNames[locale];
    return {
      locale,
      subject: t('email.subject', { site }),
      heading: t('email.heading'),
      intro: isBoth ? t('email.introBoth', { site }) : t('email.intro', { site }),
      action: t('email.action'),
      ignore: t('email.ignore'),
    };
  });
  return composeConfirmationEmail(sections, link);
}
