'use client';
// Where one language stands with readers, and the steps from here: publish, or update
// what is live (asked first), schedule either on the site's clock, cancel a schedule,
// compare the draft with the published text, discard the draft's changes, take the text
// off the site; for a role that cannot publish, submit for review, and for one that can,
// approve a request (which publishes what was submitted) or send it back with a note.
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { diffText } from '@/core/content/text-diff';
import { utcToZonedInput, zonedToUtc } from '@/core/time/zoned-time';
import { DiffView } from './diff-view';
import { callApi, publicationOf, publicPath, type PaneData, type PostAnswer, type PublicationState, type ServerTranslation } from './editor-api';
import { useConfirm } from './use-confirm';
import controls from './studio.module.css';
import styles from './editor.module.css';

type Action = 'publish' | 'schedule' | 'cancel-schedule' | 'unpublish' | 'discard' | 'submit-review' | 'approve' | 'return';

interface Props {
  postId: number;
  pane: PaneData;
  state: PublicationState;
  onState: (state: PublicationState) => void;
  draft: { title: string; body: string; isDirty: boolean; save: () => Promise<void> };
  liveText: { title: string; body: string } | null;
  onLiveText: (text: { title: string; body: string } | null) => void;
  onDiscarded: (draft: ServerTranslation) => void;
  timeZone: string;
}

export function PublicationPanel({ postId, pane, state, onState, draft, liveText, onLiveText, onDiscarded, timeZone }: Props) {
  const t = useTranslations('studio.editor');
  const apiErrors = useTranslations('studio.apiErrors');
  const uiLocale = useLocale();
  const [confirmDialog, ask] = useConfirm();
  const [scheduleValue, setScheduleValue] = useState('');
  const [note, setNote] = useState('');
  const [showDiff, setShowDiff] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { locale, can } = pane;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(uiLocale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const isLive = state.live !== null;
  const hasChanges = isLive && state.draftRevisionId !== state.live!.revisionId;
  const canPublishHere = isLive ? can.update : can.publish;
  const pending = state.review?.state === 'pending' ? state.review : null;

  const run = async (action: Action, extra: Record<string, unknown> = {}) => {
    setBusy(true);
    setMessage(null);
    // What is published is what the server has: save the last keystrokes first.
    if (draft.isDirty && (action === 'publish' || action === 'schedule' || action === 'submit-review')) await draft.save();
    const result = await callApi<{ post: PostAnswer & { translations: Record<string, ServerTranslation | undefined> }; liveText: { title: string; body: string } | null }>(
      `/api/v1/studio/posts/${postId}/publication`,
      { method: 'POST', json: { postId, locale, action, ...extra } },
    );
    setBusy(false);
    if (!result.ok) {
      const reason = !result.offline && result.reason && apiErrors.has(result.reason as 'render-timeout') ? apiErrors(result.reason as 'render-timeout') : null;
      setMessage(result.offline ? t('offline') : result.status === 403 ? t('publishRefused') : (reason ?? result.message));
      return;
    }
    onState(publicationOf(result.data.post, locale));
    onLiveText(result.data.liveText);
    if (action === 'discard' && result.data.post.translations[locale]) onDiscarded(result.data.post.translations[locale]!);
    if (action === 'submit-review' || action === 'return') setNote('');
    if (action === 'schedule') setScheduleValue('');
  };
  const confirmThen = async (question: string, confirmLabel: string, action: Action) => {
    if (await ask(question, { confirm: confirmLabel, cancel: t('keepAsIs') })) await run(action);
  };

  return (
    <div className={styles.publish} aria-labelledby={`${locale}-publication`} role="group">
      {confirmDialog}
      <h3 id={`${locale}-publication`} className={styles.publishTitle}>
        {t('publication')}
      </h3>
      <p className={styles.publishState} data-status={state.status}>
        {pending
          ? t('stateReview', { time: when(pending.requestedAt), name: pending.requestedByName ?? '—' })
          : state.publishAt
            ? t(isLive ? 'stateScheduledUpdate' : 'stateScheduled', { time: when(state.publishAt), zone: timeZone })
            : hasChanges
              ? t('stateChanges')
              : isLive
                ? t('statePublished', { time: when(state.live!.updatedAt) })
                : t('stateDraft')}
      </p>
      {pending?.note && <blockquote className={styles.reviewNote}>{pending.note}</blockquote>}
      {state.review?.state === 'returned' && (
        <div className={styles.notice} role="note">
          <p>{t('stateReturned', { name: state.review.decidedByName ?? '—', time: when(state.review.decidedAt ?? state.review.requestedAt) })}</p>
          {state.review.decisionNote && <blockquote className={styles.reviewNote}>{state.review.decisionNote}</blockquote>}
        </div>
      )}
      {state.review?.state === 'approved' && !hasChanges && (
        <p className={styles.muted}>{t('stateApproved', { name: state.review.decidedByName ?? '—', time: when(state.review.decidedAt ?? state.review.requestedAt) })}</p>
      )}
      {isLive && (
        <p>
          <a href={publicPath(pane.postKind, locale, state.live!.slug)} target="_blank" rel="noopener">
            {t('view')}
          </a>
        </p>
      )}

      {(hasChanges || pending) && liveText && (
        <div>
          <button type="button" className={styles.linkButton} aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}>
            {t('compareLive')}
          </button>
          {showDiff && <DiffView lines={diffText(`${liveText.title}\n\n${liveText.body}`, `${draft.title}\n\n${draft.body}`)} label={t('compareLive')} />}
        </div>
      )}

      <div className={styles.actions}>
        {canPublishHere && !isLive && (
          <button type="button" className={controls.primary} disabled={busy || state.draftRevisionId === null} onClick={() => void run('publish')}>
            {t('publish')}
          </button>
        )}
        {canPublishHere && hasChanges && (
          <button type="button" className={controls.primary} disabled={busy} onClick={() => void confirmThen(t('confirmUpdate'), t('update'), 'publish')}>
            {t('update')}
          </button>
        )}
        {can.review && pending && (
          <>
            <button type="button" className={controls.primary} disabled={busy} onClick={() => void confirmThen(t('confirmApprove'), t('approve'), 'approve')}>
              {t('approve')}
            </button>
          </>
        )}
        {can.discard && hasChanges && (
          <button type="button" className={controls.secondary} disabled={busy} onClick={() => void confirmThen(t('confirmDiscard'), t('discard'), 'discard')}>
            {t('discard')}
          </button>
        )}
        {can.publish && isLive && (
          <button type="button" className={controls.secondary} disabled={busy} onClick={() => void confirmThen(t('confirmUnpublish'), t('unpublish'), 'unpublish')}>
            {t('unpublish')}
          </button>
        )}
      </div>

      {can.review && pending && (
        <div className={controls.field}>
          <label htmlFor={`${locale}-return-note`}>{t('sendBackNote')}</label>
          <textarea id={`${locale}-return-note`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          <button type="button" className={controls.secondary} disabled={busy} onClick={() => void run('return', { note })}>
            {t('sendBack')}
          </button>
        </div>
      )}

      {canPublishHere && (isLive ? hasChanges : true) && !pending && (
        <div className={styles.actions}>
          {state.publishAt ? (
            <button type="button" className={controls.secondary} disabled={busy} onClick={() => void run('cancel-schedule')}>
              {t('cancelSchedule')}
            </button>
          ) : (
            <>
              <label className={styles.scheduleLabel}>
                <span>{t('scheduleAt', { zone: timeZone })}</span>
                <input type="datetime-local" className={controls.input} value={scheduleValue} min={utcToZonedInput(new Date(), timeZone)} onChange={(e) => setScheduleValue(e.target.value)} />
              </label>
              <button
                type="button"
                className={controls.secondary}
                disabled={busy || !scheduleValue}
                onClick={() => void run('schedule', { publishAt: zonedToUtc(scheduleValue, timeZone).toISOString() })}
              >
                {isLive ? t('scheduleUpdate') : t('schedule')}
              </button>
            </>
          )}
        </div>
      )}

      {!canPublishHere && can.submitReview && !pending && (isLive ? hasChanges : state.draftRevisionId !== null) && (
        <div className={controls.field}>
          <p className={styles.muted}>{t('reviewExplain')}</p>
          <label htmlFor={`${locale}-review-note`}>{t('reviewNote')}</label>
          <textarea id={`${locale}-review-note`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          <button type="button" className={controls.primary} disabled={busy} onClick={() => void run('submit-review', { note })}>
            {t('submitReview')}
          </button>
        </div>
      )}
      {!canPublishHere && !can.submitReview && <p className={styles.muted}>{t('publishRefused')}</p>}

      {message && (
        <p className={controls.fieldError} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
