'use client';
// The review part of a language's publication panel. For the person who asked: what
// happens to their later edits (they go into the request). For a reviewer: what approving
// does, what changed since it was submitted (with the diff), Approve and publish, and send
// back with a note. One button publishes a pending request: approving it.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { diffText } from '@/core/content/text-diff';
import { DiffView } from './diff-view';
import type { PublicationState } from './editor-api';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Props {
  locale: 'zh' | 'en';
  review: NonNullable<PublicationState['review']>;
  canReview: boolean;
  /** The text as the editor shows it now, and what was first submitted when it moved since. */
  draft: { title: string; body: string };
  submittedText: { title: string; body: string } | null;
  busy: boolean;
  when: (iso: string) => string;
  onApprove: () => void;
  onSendBack: (note: string) => void;
}

export function ReviewBox({ locale, review, canReview, draft, submittedText, busy, when, onApprove, onSendBack }: Props) {
  const t = useTranslations('studio.editor');
  const [note, setNote] = useState('');
  const [showChanges, setShowChanges] = useState(false);
  const moved = review.revisionId !== review.submittedRevisionId;
  return (
    <>
      {review.note && <blockquote className={styles.reviewNote}>{review.note}</blockquote>}
      {moved && (
        <div>
          <p className={styles.reviewChanged}>{t('reviewChanged', { time: when(review.changedAt ?? review.requestedAt) })}</p>
          {submittedText && (
            <>
              <button type="button" className={styles.linkButton} aria-expanded={showChanges} onClick={() => setShowChanges(!showChanges)}>
                {t('compareSubmitted')}
              </button>
              {showChanges && <DiffView lines={diffText(`${submittedText.title}\n\n${submittedText.body}`, `${draft.title}\n\n${draft.body}`)} label={t('compareSubmitted')} />}
            </>
          )}
        </div>
      )}
      {canReview ? (
        <>
          <p className={styles.muted}>{t('reviewerExplain')}</p>
          <div className={styles.actions}>
            <button type="button" className={controls.primary} disabled={busy} onClick={onApprove}>
              {t('approve')}
            </button>
          </div>
          <div className={controls.field}>
            <label htmlFor={`${locale}-return-note`}>{t('sendBackNote')}</label>
            <textarea id={`${locale}-return-note`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
            <button
              type="button"
              className={controls.secondary}
              disabled={busy}
              onClick={() => {
                onSendBack(note);
                setNote('');
              }}
            >
              {t('sendBack')}
            </button>
          </div>
        </>
      ) : (
        <p className={styles.muted}>{t('reviewFollows')}</p>
      )}
    </>
  );
}
