'use client';
// Last-resort boundary when the document itself failed. It cannot use the locale
// layout, so it reads the language from the URL and carries both sets of titles.
import { useEffect } from 'react';
import { errorMessages } from '@/i18n/error-messages';
import './globals.css';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const isZh = typeof window !== 'undefined' ? window.location.pathname.startsWith('/zh') : false;
  const m = errorMessages[isZh ? 'zh' : 'en'];
  const fromServer = typeof error.digest === 'string';
  useEffect(() => {
    if (!fromServer) console.error(error);
  }, [error, fromServer]);
  return (
    <html lang={isZh ? 'zh' : 'en'}>
      <body>
        <main id="content" className="site-main">
          <title>{fromServer ? `500 · ${m.s500}` : m.client}</title>
          <section className="error-view" aria-labelledby="error-title" data-status={fromServer ? 500 : 'client'}>
            {fromServer && <p className="error-view__code">500</p>}
            <h1 id="error-title" className="error-view__title">
              {fromServer ? m.s500 : m.client}
            </h1>
            {!fromServer && <p className="error-view__hint">{m.clientHint}</p>}
            <p className="error-view__actions">
              <a className="button" href={isZh ? '/zh' : '/en'}>
                {m.goHome}
              </a>
            </p>
          </section>
        </main>
      </body>
    </html>
  );
}
