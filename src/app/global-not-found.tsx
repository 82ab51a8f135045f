// 404 for paths outside every locale (e.g. /missing.txt): no language is known,
// so it speaks both and links to both homes.
import './globals.css';

/* eslint-disable @next/next/no-html-link-for-pages -- outside the app's layouts a full page load is the point */
import type { Metadata } from 'next';
import { errorMessages } from '@/i18n/error-messages';

const { en, zh } = errorMessages;

export const metadata: Metadata = { title: `404 · ${en.s404}` };

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main id="content" className="site-main">
          <section className="error-view" aria-labelledby="error-title" data-status={404}>
            <p className="error-view__code">404</p>
            <h1 id="error-title" className="error-view__title">
              {en.s404}
            </h1>
            <p className="error-view__title" lang="zh">
              {zh.s404}
            </p>
            <p className="error-view__actions">
              <a className="button" href="/en" hrefLang="en">
                {en.goHome}
              </a>
              <a className="button button--quiet" href="/zh" hrefLang="zh" lang="zh">
                {zh.goHome}
              </a>
            </p>
          </section>
        </main>
      </body>
    </html>
  );
}
