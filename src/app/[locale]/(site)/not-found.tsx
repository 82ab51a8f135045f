// 404 inside a locale: the error view in the page's language, with header and a way home.
import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/site/error-view';
import { SiteFrame } from '@/components/site/site-frame';
import { localeOrDefault, type Locale } from '@/core/locales';
import { samePathInAllLocales } from '@/server/alternates';

type Props = { params?: Promise<{ locale?: string }> };

// Rendered as a page (the server-rendered 404, see scripts/patch-next.mjs) it gets the
// route's params; as a boundary in the client router it does not, and asks next-intl.
async function localeOf(props: Props): Promise<Locale> {
  return localeOrDefault((await props.params)?.locale ?? (await getLocale()));
}

export default async function NotFound(props: Props) {
  const locale = await localeOf(props);
  const t = await getTranslations({ locale, namespace: 'errors' });
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales('/')}>
      <title>{`404 · ${t('s404')}`}</title>
      <ErrorView
        status={404}
        title={t('s404')}
        statusLabel={t('statusLabel', { status: 404 })}
        homeHref={`/${locale}`}
        homeLabel={t('goHome')}
      />
    </SiteFrame>
  );
}
