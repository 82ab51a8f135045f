// 对照阅读: both versions of an article block by block, aligned by their Markdown
// blocks; side by side on a wide screen, alternating on a phone.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MathStylesheet } from '@/components/site/math-stylesheet';
import { PhrasedText } from '@/components/site/phrased-text';
import { SiteFrame } from '@/components/site/site-frame';
import { alignBlocks } from '@/core/markdown/split-blocks';
import { otherLocale } from '@/core/locales';
import { loadPostView } from '@/server/load-post';
import { postMetadata } from '@/server/post-metadata';
import { getRenderedBody } from '@/server/render/rendered-body';

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PageProps<'/[locale]/posts/[slug]/parallel'>): Promise<Metadata> {
  const { locale, slug } = await params;
  const view = await loadPostView(locale, slug, 'post', '/parallel');
  const t = await getTranslations({ locale: view.locale, namespace: 'nav' });
  return postMetadata(view, { titleSuffix: ` · ${t('parallel')}`, pathSuffix: '/parallel' });
}

export default async function ParallelPage({ params }: PageProps<'/[locale]/posts/[slug]/parallel'>) {
  const { locale: rawLocale, slug } = await params;
  const view = await loadPostView(rawLocale, slug, 'post', '/parallel');
  const { post, locale } = view;
  const other = otherLocale(locale);
  const mine = post.translations[locale];
  const theirs = post.translations[other];
  if (!mine || !theirs) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'post' });
  const [left, right] = await Promise.all([getRenderedBody(mine), getRenderedBody(theirs)]);
  const rows = alignBlocks(left.blocks, right.blocks);
  const paths = { [locale]: `${view.paths[locale]}/parallel`, [other]: `${view.paths[other]}/parallel` };
  return (
    <SiteFrame locale={locale} paths={paths}>
      <article className="parallel">
        <MathStylesheet html={[left.html, right.html]} />
        <header className="parallel__header">
          <p>
            <Link href={view.paths[locale]!}>← {t('backToPost')}</Link>
          </p>
          <h1 className="display">
            <PhrasedText text={t('parallelTitle', { title: mine.title })} lang={locale} />
          </h1>
          <p className="lead">{t('parallelIntro')}</p>
        </header>
        <div className="parallel__titles" aria-hidden="true">
          <p lang={locale}>
            <PhrasedText text={mine.title} lang={locale} />
          </p>
          <p lang={other}>
            <PhrasedText text={theirs.title} lang={other} />
          </p>
        </div>
        <ol className="parallel__rows">
          {rows.map((row, i) => (
            <li key={i} className="parallel__row">
              {[
                [row.left, locale],
                [row.right, other],
              ].map(([html, lang]) =>
                html ? (
                  <div key={lang} className="parallel__cell prose" lang={lang!} dangerouslySetInnerHTML={{ __html: html }} />
                ) : (
                  <div key={lang} className="parallel__cell parallel__cell--empty" lang={locale}>
                    {t('missingBlock')}
                  </div>
                ),
              )}
            </li>
          ))}
        </ol>
      </article>
    </SiteFrame>
  );
}
