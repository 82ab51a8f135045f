'use client';
// A language's revisions, loaded when opened and again whenever the draft gets a new one
// (a save, a restore): compare any with the current text, or restore it (which saves it
// again as the newest revision; nothing is ever deleted). Autosaves in a row are one entry
// that opens (core/content/group-revisions.ts); the current draft and the revisions that
// readers see, a schedule will publish or a review request asks for are marked.
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { groupRevisions } from '@/core/content/group-revisions';
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

export interface RevisionMarks {
  live: number | null;
  scheduled: number | null;
  review: number | null;
}

interface Props {
  postId: number;
  locale: 'zh' | 'en';
  currentBody: string;
  currentRevisionId: number | null;
  marks: RevisionMarks;
  canRestore: boolean;
  onRestore: (revision: RevisionItem) => void;
  /** The site's time zone: revision times are shown on its clock. */
  timeZone: string;
}

export function RevisionList({ postId, locale, currentBody, currentRevisionId, marks, canRestore, onRestore, timeZone }: Props) {
  const t = useTranslations('studio.editor');
  // Dates in the language of the Studio's interface, not of the text being edited.
  const uiLocale = useLocale();
  const [revisions, setRevisions] = useState<RevisionItem[] | null>(null);
  const [comparing, setComparing] = useState<number | null>(null);
  const [opened, setOpened] = useState<Set<number>>(new Set());
  const isOpen = useRef(false);
  const load = useCallback(async () => {
    const result = await callApi<{ revisions: RevisionItem[] }>(`/api/v1/studio/posts/${postId}/revisions?locale=${locale}`);
    if (result.ok) setRevisions(result.data.revisions);
  }, [postId, locale]);
  // A new revision while the list is open: show it, rather than a list that stops at the old one.
  useEffect(() => {
    if (isOpen.current) void load();
  }, [currentRevisionId, load]);
  const dateTime = new Intl.DateTimeFormat(uiLocale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat(uiLocale === 'zh' ? 'zh-CN' : 'en-GB', { timeStyle: 'short', timeZone });
  const labels = (id: number) =>
    [id === currentRevisionId && t('revisionCurrent'), id === marks.live && t('revisionLive'), id === marks.scheduled && t('revisionScheduled'), id === marks.review && t('revisionReview')].filter(
      (label): label is string => typeof label === 'string',
    );
  const marked = new Set([currentRevisionId, marks.live, marks.scheduled, marks.review].filter((id): id is number => id !== null));
  const groups = revisions ? groupRevisions(revisions, marked) : [];

  const row = (r: RevisionItem) => (
    <li key={r.id}>
      <div className={styles.revisionRow}>
        <span>
          <time dateTime={r.createdAt}>{dateTime.format(new Date(r.createdAt))}</time>
          {r.authorName && <span className={styles.muted}> · {r.authorName}</span>}
          {labels(r.id).map((label) => (
            <span key={label} className={styles.revisionMark}>
              {label}
            </span>
          ))}
          <br />
          <span className={styles.muted}>{r.title}</span>
        </span>
        <span className={styles.actions}>
          <button type="button" className={styles.linkButton} onClick={() => setComparing(comparing === r.id ? null : r.id)} aria-expanded={comparing === r.id}>
            {t('compare')}
          </button>
          {canRestore && r.id !== currentRevisionId && (
            <button type="button" className={styles.linkButton} onClick={() => onRestore(r)}>
              {t('restore')}
            </button>
          )}
        </span>
      </div>
      {comparing === r.id && <DiffView lines={diffText(r.body, currentBody)} label={t('compare')} />}
    </li>
  );

  return (
    <details
      className={styles.details}
      onToggle={(e) => {
        isOpen.current = (e.currentTarget as HTMLDetailsElement).open;
        if (isOpen.current) void load();
      }}
    >
      <summary>{t('revisions')}</summary>
      {revisions === null ? null : revisions.length === 0 ? (
        <p className={styles.muted}>{t('noRevisions')}</p>
      ) : (
        <ol className={styles.revisions} tabIndex={0} aria-label={t('revisions')}>
          {groups.map(({ revisions: group }) => {
            const [newest, ...older] = group;
            if (older.length === 0) return row(newest!);
            const key = newest!.id;
            const open = opened.has(key);
            return (
              <li key={key}>
                <ol className={styles.revisionGroup}>{row(newest!)}</ol>
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-expanded={open}
                  onClick={() => setOpened((s) => (open ? new Set([...s].filter((k) => k !== key)) : new Set([...s, key])))}
                >
                  {t('revisionGroup', { count: older.length, from: time.format(new Date(older.at(-1)!.createdAt)), to: time.format(new Date(older[0]!.createdAt)) })}
                </button>
                {open && <ol className={styles.revisionGroup}>{older.map(row)}</ol>}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
