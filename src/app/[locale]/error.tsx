'use client';
// Error boundary for every localized page. An error from the server carries a digest
// and shows 500; one thrown while rendering in the browser shows the client-side notice.
// When the server renders it in place of a page that threw (scripts/patch-next.mjs),
// it gets no error at all: that is a 500 too.
import { useEffect } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ErrorView } from '@/components/site/error-view';

export default function LocaleError({ error, reset }: { error?: Error & { digest?: string }; reset?: () => void }) {
  const t = useTranslations('errors');
  const locale = useLocale();
  const fromServer = !error || typeof error.digest === 'string';
  useEffect(() => {
    if (!fromServer) console.error(error);
  }, [error, fromServer]);
  const status = fromServer ? 500 : null;
  const title = fromServer ? t('s500') : t('client');
  return (
    <main id="content" className="site-main" tabIndex={-1}>
      <title>{status ? `${status} · ${title}` : title}</title>
      <ErrorView
        status={status}
        title={title}
        statusLabel={status ? t('statusLabel', { status }) : null}
        hint={fromServer ? undefined : t('clientHint')}
        homeHref={`/${locale}`}
        homeLabel={t('goHome')}
        action={
          reset && (
            <button type="button" className="button button--quiet" onClick={reset}>
              {t('retry')}
            </button>
          )
        }
      />
    </main>
  );
}
