'use client';
// A language's revisions, loaded when opened: compare any with the current text, or
// restore it (which saves it again as the newest revision; nothing is ever deleted).
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { diffText } from '@/core/content/text-diff';
import { callApi } from './editor-api';
import { DiffView } from './diff-view';
import styles from './editor.module.css';

interface RevisionItem {
  id: number;
  title: string;
  excerpt: string;
  body: string;
  createdAt: string;
  authorName: string | null;
}

interface Props {
  postId: number;
  locale: 'zh' | 'en';
  currentBody: string;
  canRestore: boolean;
  onRestore: (revision: RevisionItem) => void;
  /** The site's time zone: revision times are shown on its clock. */
  timeZone: string;
}

export function RevisionList({ postId, locale, currentBody, canRestore, onRestore, timeZone }: Props) {
  const t = useTranslations('studio.editor');
  // Dates in the language of the Studio's interface, not of the text being edited.
  const uiLocale = useLocale();
  const [revisions, setRevisions] = useState<RevisionItem[] | null>(null);
  const [comparing, setComparing] = useState<number | null>(null);
  const load = async () => {
    const result = await callApi<{ revisions: RevisionItem[] }>(`/api/v1/studio/posts/${postId}/revisions?locale=${locale}`);
    if (result.ok) setRevisions(result.data.revisions);
  };
  const format = new Intl.DateTimeFormat(uiLocale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  return (
    <details className={styles.details} onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && void load()}>
      <summary>{t('revisions')}</summary>
      {revisions === null ? null : revisions.length === 0 ? (
        <p className={styles.muted}>{t('noRevisions')}</p>
      ) : (
        <ol className={styles.revisions} tabIndex={0} aria-label={t('revisions')}>
          {revisions.map((r) => (
            <li key={r.id}>
              <div className={styles.revisionRow}>
                <span>
                  <time dateTime={r.createdAt}>{format.format(new Date(r.createdAt))}</time>
                  {r.authorName && <span className={styles.muted}> · {r.authorName}</span>}
                  <br />
                  <span className={styles.muted}>{r.title}</span>
                </span>
                <span className={styles.actions}>
                  <button type="button" className={styles.linkButton} onClick={() => setComparing(comparing === r.id ? null : r.id)} aria-expanded={comparing === r.id}>
                    {t('compare')}
                  </button>
                  {canRestore && (
                    <button type="button" className={styles.linkButton} onClick={() => onRestore(r)}>
                      {t('restore')}
                    </button>
                  )}
                </span>
              </div>
              {comparing === r.id && <DiffView lines={diffText(r.body, currentBody)} label={t('compare')} />}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
