// Site settings: per language the site's name, description, links and the podcast's
// address; for every language its look (accent, logo, icon); its time zone; and what a
// newsletter send gives members whose language has no translation; the phrasing of the
// Traditional-script pages.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { SettingsFieldSection } from '@/components/studio/settings-field-section';
import { SiteLookSection } from '@/components/studio/site-look-section';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { formatLinkLines } from '@/core/studio/link-lines';
import { maxNavigationLinks, maxSocialLinks } from '@/core/studio/site-inputs';
import { isLocale, locales } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { saveLookAction, saveHantVariantAction, saveNewsletterFallbackAction, saveSettingsAction, saveTimeZoneAction } from '@/server/studio/actions/settings-actions';
import { getHantVariant, getLanguageSettings, getNewsletterFallback, getSiteLook, getSiteTimeZone, listMedia } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/settings'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.manage.settings' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function SettingsPage({ params }: PageProps<'/[locale]/studio/settings'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, m, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.manage.settings' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  if (!can(actor, 'settings.manage')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/settings">
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }
  const [settings, look, images, timeZone, fallback, hantVariant, messages] = await Promise.all([
    Promise.all(locales.map((l) => getLanguageSettings(l))),
    getSiteLook(),
    listMedia({ limit: 120, kinds: ['image'] }),
    getSiteTimeZone(),
    getNewsletterFallback(),
    getHantVariant(),
    getMessages({ locale }),
  ]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/settings">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {/* The link lists' rows (link-list-field.tsx) speak the Studio's language. */}
      <NextIntlClientProvider locale={locale} messages={{ studio: { links: messages.studio.links } }}>
      <div className={styles.twoColumns}>
        {locales.map((l, i) => (
          <section key={l} aria-labelledby={`settings-${l}`}>
            <h2 id={`settings-${l}`} className={styles.label}>
              {t('forLanguage', { language: langs(l) })}
            </h2>
            <StudioForm
              action={saveSettingsAction}
              locale={locale}
              idPrefix={`settings-${l}`}
              submitLabel={m('save')}
              pendingLabel={forms('saving')}
              fields={[
                { name: 'locale', type: 'hidden', label: '', defaultValue: l },
                { name: 'title', label: t('siteTitle'), hint: t('siteTitleHint'), defaultValue: settings[i]!.title, lang: l, required: true },
                { name: 'description', type: 'textarea', label: t('description'), hint: t('descriptionHint'), defaultValue: settings[i]!.description, lang: l },
                { name: 'navigation', type: 'links', max: maxNavigationLinks, label: t('navigation'), hint: t('navigationHint'), defaultValue: formatLinkLines(settings[i]!.navigation), lang: l },
                { name: 'socialLinks', type: 'links', max: maxSocialLinks, label: t('socialLinks'), hint: t('socialLinksHint'), defaultValue: formatLinkLines(settings[i]!.socialLinks), lang: l },
                { name: 'podcastEmail', type: 'email', label: t('podcastEmail'), hint: t('podcastEmailHint'), defaultValue: settings[i]!.podcastEmail, autoComplete: 'email' },
              ]}
            />
          </section>
        ))}
      </div>
      </NextIntlClientProvider>
      <SiteLookSection locale={locale} look={look} images={images} canUpload={can(actor, 'media.upload')} action={saveLookAction} />
      <SettingsFieldSection
        id="settings-time"
        title={t('timeZoneTitle')}
        locale={locale}
        action={saveTimeZoneAction}
        field={{
          name: 'timeZone',
          type: 'select',
          label: t('timeZone'),
          hint: t('timeZoneHint'),
          defaultValue: timeZone,
          options: Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
        }}
      />
      <SettingsFieldSection
        id="settings-newsletter"
        title={t('newsletterTitle')}
        locale={locale}
        action={saveNewsletterFallbackAction}
        field={{
          name: 'newsletterFallback',
          type: 'select',
          label: t('newsletterFallback'),
          hint: t('newsletterFallbackHint'),
          defaultValue: fallback,
          options: [
            { value: 'nothing', label: t('newsletterFallbackNothing') },
            { value: 'other', label: t('newsletterFallbackOther') },
          ],
        }}
      />
      <SettingsFieldSection
        id="settings-hant"
        title={t('hantTitle')}
        locale={locale}
        action={saveHantVariantAction}
        field={{
          name: 'hantVariant',
          type: 'select',
          label: t('hantVariant'),
          hint: t('hantVariantHint'),
          defaultValue: hantVariant,
          options: [
            { value: 'tw', label: t('hantVariantTw') },
            { value: 'hk', label: t('hantVariantHk') },
          ],
        }}
      />
    </StudioFrame>
  );
}
