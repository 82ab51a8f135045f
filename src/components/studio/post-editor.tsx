'use client';
// The post editor: the source and its translation side by side (stacked on a phone),
// each pane saving on its own; the panes share their current text for alignment hints.
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useCallback, useState } from 'react';
import type { PaneData, ServerTranslation } from './editor-api';
import { TranslationPane } from './translation-pane';
import styles from './editor.module.css';

interface Props {
  postId: number;
  uiLocale: 'zh' | 'en';
  panes: PaneData[];
}

export function PostEditor({ postId, uiLocale, panes }: Props) {
  const t = useTranslations('studio.editor');
  const source = panes.find((p) => p.isSource)!;
  const [bodies, setBodies] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(panes.map((p) => [p.locale, p.translation?.body ?? null])),
  );
  const [sourceRevisionId, setSourceRevisionId] = useState<number | null>(source.translation?.revisionId ?? null);
  const onBodyChange = useCallback((locale: 'zh' | 'en', body: string) => setBodies((b) => ({ ...b, [locale]: body })), []);
  const onSaved = useCallback(
    (locale: 'zh' | 'en', saved: ServerTranslation) => {
      if (locale === source.locale) setSourceRevisionId(saved.revisionId);
    },
    [source.locale],
  );
  return (
    <div>
      <p>
        <Link href={`/${uiLocale}/studio`}>← {t('back')}</Link>
      </p>
      <div className={styles.grid}>
        {panes.map((pane) => {
          const other = panes.find((p) => p.locale !== pane.locale)!;
          return (
            <TranslationPane
              key={pane.locale}
              postId={postId}
              pane={pane}
              otherBody={bodies[other.locale] ?? null}
              otherLocale={other.locale}
              sourceRevisionId={sourceRevisionId}
              sourceSlug={source.translation?.slug ?? ''}
              onBodyChange={onBodyChange}
              onSaved={onSaved}
            />
          );
        })}
      </div>
    </div>
  );
}
