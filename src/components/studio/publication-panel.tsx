'use client';
// Where one language stands with readers, and the steps from here: publish, or update
// what is live (asked first, with what readers will see change), schedule either on the
// site's clock, cancel a schedule, compare the draft with the published text, discard the
// draft's changes, take the text off the site; for a role that cannot publish, submit for
// review, and for one that can, a pending request's one button (review-box.tsx). Publishing
// or scheduling can also e-mail the text to a newsletter (newsletter-choice.tsx).
// Every step names the revision the person was shown: if the text moved meanwhile,
// nothing happens and the panel says so, with a way to load the latest version.
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { diffText } from '@/core/content/text-diff';
import { utcToZonedInput, zonedToUtc } from '@/core/time/zoned-time';
import type { PaneNewsletter } from '@/core/studio/pane-data';
import { DiffView } from './diff-view';
import { callApi, publicPath, type PaneData, type PublicationAction, type PublicationState } from './editor-api';
import { NewsletterChoice } from './newsletter-choice';
import { ReviewBox } from './review-box';
import { useConfirm } from './use-confirm';
import controls from './studio.module.css';
import styles from './editor.module.css';

type Action = PublicationAction;

/** Refusals that mean the text moved under the person: only the latest version helps. */
const movedReasons = new Set(['review-changed', 'no-review', 'draft-changed', 'state-moved', 'revision-conflict']);
/** Actions that publish or ask for it: the last keystrokes are saved first, and the revision named. */
const savesFirst = new Set<Action>(['publish', 'schedule', 'submit-review', 'approve']);

interface Props {
  postId: number;
  pane: PaneData;
  state: PublicationState;
  draft: { title: string; body: string; isDirty: boolean; save: () => Promise<void>; currentRevisionId: () => number | null };
  liveText: { title: string; body: string } | null;
  submittedText: { title: string; body: string } | null;
  /** The newsletters this language can be e-mailed to, with its sends, as the server last said. */
  newsletters: PaneNewsletter[];
  /** Both languages as the server answered after the step. */
  onPanes: (panes: PaneData[], action: Action) => void;
  timeZone: string;
}

interface Refusal {
  text: string;
  images?: string[];
  reload?: boolean;
}

export function PublicationPanel({ postId, pane, state, draft, liveText, submittedText, newsletters, onPanes, timeZone }: Props) {
  const t = useTranslations('studio.editor');
  const apiErrors = useTranslations('studio.apiErrors');
  const uiLocale = useLocale();
  const [confirmDialog, ask] = useConfirm();
  const [scheduleValue, setScheduleValue] = useState('');
  const [note, setNote] = useState('');
  const [showDiff, setShowDiff] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [emailTo, setEmailTo] = useState<number | null>(null);
  const { locale, can } = pane;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(uiLocale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const isLive = state.live !== null;
  const hasChanges = isLive && state.draftRevisionId !== state.live!.revisionId;
  const canPublishHere = isLive ? can.update : can.publish;
  const pending = state.review?.state === 'pending' ? state.review : null;
  const liveDiff = liveText ? diffText(`${liveText.title}\n\n${liveText.body}`, `${draft.title}\n\n${draft.body}`) : null;

  const run = async (action: Action, extra: Record<string, unknown> = {}) => {
    setBusy(true);
    setRefusal(null);
    // What is published is what the server has: save the last keystrokes first.
    if (draft.isDirty && savesFirst.has(action)) await draft.save();
    const shown = action === 'publish' || action === 'schedule' || action === 'approve' ? { revisionId: draft.currentRevisionId() } : {};
    const email = (action === 'publish' || action === 'schedule') && emailTo !== null ? { newsletter: emailTo } : {};
    const result = await callApi<{ panes: PaneData[] }>(`/api/v1/studio/posts/${postId}/publication`, { method: 'POST', json: { postId, locale, action, ...shown, ...email, ...extra } });
    setBusy(false);
    if (!result.ok) {
      if (result.offline) return setRefusal({ text: t('offline') });
      const known = result.reason && apiErrors.has(result.reason as 'render-timeout') ? apiErrors(result.reason as 'render-timeout') : null;
      const details = (result.body.error as { details?: { images?: string[] } } | undefined)?.details;
      setRefusal({
        text: result.status === 403 ? t('publishRefused') : (known ?? result.message),
        images: result.reason === 'foreign-images' ? details?.images : undefined,
        reload: movedReasons.has(result.reason ?? ''),
      });
      return;
    }
    onPanes(result.data.panes, action);
    if (action === 'publish' || action === 'schedule') setEmailTo(null);
    if (action === 'submit-review') setNote('');
    if (action === 'schedule') setScheduleValue('');
  };
  const confirmThen = async (question: string, confirmLabel: string, action: Action, detail?: ReactNode) => {
    if (await ask(question, { confirm: confirmLabel, cancel: t('keepAsIs'), detail })) await run(action);
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
      {pending && (
        <ReviewBox
          locale={locale}
          review={pending}
          canReview={can.review}
          draft={draft}
          submittedText={submittedText}
          busy={busy}
          when={when}
          onApprove={() => void confirmThen(t('confirmApprove'), t('approve'), 'approve', liveDiff && <DiffView lines={liveDiff} label={t('confirmUpdateDiff')} />)}
          onSendBack={(text) => void run('return', { note: text })}
        />
      )}
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

      {hasChanges && liveDiff && (
        <div>
          <button type="button" className={styles.linkButton} aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}>
            {t('compareLive')}
          </button>
          {showDiff && <DiffView lines={liveDiff} label={t('compareLive')} />}
        </div>
      )}

      <NewsletterChoice
        postId={postId}
        locale={locale}
        newsletters={newsletters}
        value={emailTo}
        onChange={setEmailTo}
        canChoose={canPublishHere && !pending && !state.publishAt && (!isLive || hasChanges)}
        disabled={busy}
        when={when}
      />

      <div className={styles.actions}>
        {canPublishHere && !isLive && !pending && (
          <button type="button" className={controls.primary} disabled={busy || state.draftRevisionId === null} onClick={() => void run('publish')}>
            {t('publish')}
          </button>
        )}
        {canPublishHere && hasChanges && !pending && (
          <button
            type="button"
            className={controls.primary}
            disabled={busy}
            onClick={() => void confirmThen(t('confirmUpdate'), t('update'), 'publish', liveDiff && <DiffView lines={liveDiff} label={t('confirmUpdateDiff')} />)}
          >
            {t('update')}
          </button>
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

      {refusal && (
        <div className={styles.refusal} role="alert">
          <p className={controls.fieldError}>{refusal.text}</p>
          {refusal.images && refusal.images.length > 0 && (
            <ul className={styles.refusedImages}>
              {refusal.images.map((url) => (
                <li key={url}>
                  <code>{url}</code>
                </li>
              ))}
            </ul>
          )}
          {refusal.reload && (
            <button type="button" className={controls.secondary} onClick={() => window.location.reload()}>
              {t('reloadLatest')}
            </button>
          )}
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

    </div>
  );
}
