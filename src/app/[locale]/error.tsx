'use client';
// Error boundary for every localized page. An error from the server carries a digest
// and shows 500; one thrown while rendering in the browser shows the client-side notice.
// When the server renders it in place of a page that threw (scripts/patch-next.mjs),
// it gets no error at all: that is a 500 too.
// Its words come from i18n/error-messages.ts, not next-intl, so no page ships the
// message formatter to the browser for a view it rarely shows.
import { useParams } from 'next/navigation';
import { useEffect } from 'react';
import { ErrorView } from '@/components/site/error-view';
import { errorMessages, statusLabel } from '@/i18n/error-messages';
import { localeOrDefault } from '@/core/locales';

export default function LocaleError({ error, reset }: { error?: Error & { digest?: string }; reset?: () => void }) {
  const locale = localeOrDefault(useParams<{ locale?: string }>()?.locale);
  const m = errorMessages[locale];
  const fromServer = !error || typeof error.digest === 'string';
  useEffect(() => {
    if (!fromServer) console.error(error);
  }, [error, fromServer]);
  const status = fromServer ? 500 : null;
  const title = fromServer ? m.s500 : m.client;
  return (
    <main id="content" className="site-main" tabIndex={-1}>
      <title>{status ? `${status} · ${title}` : title}</title>
      <ErrorView
        status={status}
        title={title}
        statusLabel={status ? statusLabel(m, status) : null}
        hint={fromServer ? undefined : m.clientHint}
        homeHref={`/${locale}`}
        homeLabel={m.goHome}
        action={
          reset && (
            <button type="button" className="button button--quiet" onClick={reset}>
              {m.retry}
            </button>
          )
        }
      />
    </main>
  );
}
