'use client';
// One language of a post in the editor: its fields (saved by use-draft), the save state
// always in view, a 409 shown once as both versions, preview, the outdated-source diff,
// where the language stands with readers (publication-panel) and its revisions.
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { callApi, publicPath, type FreshPanes, type PaneData, type PublicationState, type ServerTranslation } from './editor-api';
import { ConflictView } from './conflict-view';
import { CopyElsewhere } from './copy-elsewhere';
import { DiffView } from './diff-view';
import { MemorySuggestions } from './memory-suggestions';
import { PaneFields } from './pane-fields';
import { PublicationPanel } from './publication-panel';
import { RevisionList } from './revision-list';
import { StatusBadge } from './status-badge';
import { TranslationChecks } from './translation-checks';
import { useDraft } from './use-draft';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Props {
  postId: number;
  pane: PaneData;
  /** The other language's current text, for the alignment hints in the preview. */
  otherBody: string | null;
  otherLocale: 'zh' | 'en';
  /** The source's revision a new translation is made from. */
  sourceRevisionId: number | null;
  /** Whether the slug still follows the title (never published, never set by hand). */
  slugFollowsTitle: boolean;
  timeZone: string;
  onBodyChange: (locale: 'zh' | 'en', body: string) => void;
  onSaved: (locale: 'zh' | 'en', translation: ServerTranslation) => void;
  /** Both languages as the server answered a publication step in either pane. */
  fresh: FreshPanes | null;
  onPanes: (fresh: FreshPanes) => void;
}

export function TranslationPane({ postId, pane, otherBody, otherLocale, sourceRevisionId, slugFollowsTitle, timeZone, onBodyChange, onSaved, fresh, onPanes }: Props) {
  const t = useTranslations('studio.editor');
  const apiErrors = useTranslations('studio.apiErrors');
  const s = useTranslations('studio.status');
  const langs = useTranslations('studio.languages');
  const uiLocale = useLocale();
  const { locale } = pane;
  // A refusal the Studio knows by name is explained in the writer's language.
  const explain = useCallback(
    (reason: string | undefined): string | null => (reason && apiErrors.has(reason as 'render-timeout') ? apiErrors(reason as 'render-timeout') : null),
    [apiErrors],
  );
  const draft = useDraft({ postId, pane, sourceRevisionId, explain, autoSlug: slugFollowsTitle, onSaved });
  const [exists, setExists] = useState(pane.translation !== null);
  const [publication, setPublication] = useState<PublicationState>(pane.publication);
  const [liveText, setLiveText] = useState(pane.liveText);
  const [sourceDiff, setSourceDiff] = useState(pane.sourceDiff);
  const [submittedText, setSubmittedText] = useState(pane.submittedText);
  const [newsletters, setNewsletters] = useState(pane.newsletters);
  const [markError, setMarkError] = useState<string | null>(null);
  // Set once hydrated: tests (and impatient fingers) wait for it before typing.
  const [ready, setReady] = useState(false);
  // With the body's editor loaded, for a language that exists.
  const [editorReady, setEditorReady] = useState(false);
  const onEditorReady = useCallback(() => setEditorReady(true), []);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one render after hydration, on purpose
  useEffect(() => setReady(true), []);
  useEffect(() => onBodyChange(locale, draft.fields.body), [draft.fields.body, locale, onBodyChange]);

  // The draft moved on: the status follows until the server says otherwise.
  const status = publication.live && draft.revisionId !== null && publication.status === 'published' && draft.revisionId !== publication.live.revisionId ? 'changes' : publication.status;
  const draftState = { ...publication, draftRevisionId: draft.revisionId, status };

  // A publication step in either pane may change this one (an update leaves it outdated,
  // publishing it clears that): take what the server says of this language now.
  const { replaceWithSaved } = draft;
  useEffect(() => {
    const mine = fresh?.panes.find((p) => p.locale === locale);
    if (!fresh || !mine) return;
    /* eslint-disable react-hooks/set-state-in-effect -- the server's answer to a step, applied once per answer */
    setPublication(mine.publication);
    setLiveText(mine.liveText);
    setSourceDiff(mine.sourceDiff);
    setSubmittedText(mine.submittedText);
    setNewsletters(mine.newsletters);
    /* eslint-enable react-hooks/set-state-in-effect */
    if (fresh.action === 'discard' && fresh.locale === locale && mine.translation) replaceWithSaved(mine.translation);
  }, [fresh, locale, replaceWithSaved]);

  // Caught up with the source: a new revision of the text (saved first), made from the source readers see.
  const markUpToDate = async () => {
    setMarkError(null);
    if (draft.isDirty) await draft.save();
    const result = await callApi<{ translation: ServerTranslation }>(`/api/v1/studio/posts/${postId}/translations/${locale}/up-to-date`, {
      method: 'POST',
      json: { expectedRevisionId: draft.currentRevisionId() },
    });
    if (!result.ok) return setMarkError(result.offline ? t('offline') : result.status === 409 ? apiErrors('state-moved') : result.message);
    draft.adoptSaved(result.data.translation);
    setSourceDiff(null);
    setPublication((p) => ({ ...p, status: p.live ? 'changes' : 'draft', draftRevisionId: result.data.translation.revisionId }));
  };

  const timeFormat = new Intl.DateTimeFormat(uiLocale === 'zh' ? 'zh-CN' : 'en-GB', { timeStyle: 'short', timeZone });
  const stateText =
    draft.saveState === 'saving'
      ? t('saving')
      : draft.saveState === 'offline'
        ? t('offline')
        : draft.saveState === 'error'
          ? t('failed', { message: draft.errorText ?? '' })
          : draft.saveState === 'conflict'
            ? t('notSaved')
            : draft.saveState === 'dirty'
              ? t('unsaved')
              : draft.savedAt
                ? t('saved', { time: timeFormat.format(draft.savedAt) })
                : null;
  const id = (name: string) => `${locale}-${name}`;

  return (
    <section className={styles.pane} aria-labelledby={id('heading')} data-ready={(ready && (editorReady || !exists)) || undefined} data-missing={!exists || undefined}>
      <header className={styles.paneHeader}>
        <h2 id={id('heading')} className={styles.paneTitle}>
          {langs(locale)} · {pane.isSource ? t('source') : t('translation')}
        </h2>
        <StatusBadge status={status} text={s(status)} />
        <span className={styles.saveState} role="status" aria-live="polite" data-state={draft.saveState}>
          {stateText}
        </span>
      </header>

      {draft.restored && <p className={styles.notice}>{t('unsaved')}</p>}

      {!exists ? (
        <div className={styles.missing}>
          <p>{t('missing', { language: langs(locale) })}</p>
          {pane.can.edit && (
            <button type="button" className={controls.primary} onClick={() => setExists(true)}>
              {t('createTranslation', { language: langs(locale) })}
            </button>
          )}
        </div>
      ) : (
        <>
          {!pane.can.edit && <p className={styles.notice}>{t('readOnly')}</p>}

          {sourceDiff && (
            <div className={styles.outdated}>
              <p>{t('outdated')}</p>
              <DiffView lines={sourceDiff} label={t('outdated')} />
              {pane.can.edit && (
                <button type="button" className={controls.secondary} onClick={() => void markUpToDate()}>
                  {t('markUpToDate')}
                </button>
              )}
              {markError && (
                <p className={controls.fieldError} role="alert">
                  {markError}
                </p>
              )}
            </div>
          )}

          {draft.conflict && <ConflictView theirs={draft.conflict} mine={draft.fields} onResolve={draft.resolveConflict} />}

          <PaneFields
            locale={locale}
            fields={draft.fields}
            fieldErrors={draft.fieldErrors}
            readOnly={!pane.can.edit}
            slugFollowsTitle={draft.autoSlug}
            shownSlug={draft.shownSlug}
            urlPrefix={publicPath(pane.postKind, locale, '')}
            onChange={draft.update}
            onEditSlug={draft.takeOverSlug}
            otherBody={otherBody}
            otherLocale={otherLocale}
            explain={explain}
            onEditorReady={onEditorReady}
            previewHref={`/${locale}/studio/posts/${postId}/preview`}
            copyTools={pane.can.edit && <CopyElsewhere postId={postId} locale={locale} saveFirst={() => draft.save()} />}
          />

          {!pane.isSource && pane.can.edit && <MemorySuggestions postId={postId} locale={locale} sourceLocale={otherLocale} />}
          {!pane.isSource && otherBody !== null && (
            <TranslationChecks
              postId={postId}
              locale={locale}
              sourceLocale={otherLocale}
              sourceBody={otherBody}
              revisionId={draft.revisionId}
              isDirty={draft.isDirty}
              mayPublish={pane.can.publish || pane.can.update || pane.can.review}
            />
          )}

          <PublicationPanel
            postId={postId}
            pane={pane}
            state={draftState}
            draft={{ title: draft.fields.title, body: draft.fields.body, isDirty: draft.isDirty, save: () => draft.save(), currentRevisionId: draft.currentRevisionId }}
            liveText={liveText}
            submittedText={submittedText}
            newsletters={newsletters}
            onPanes={(panes, action) => onPanes({ panes, action, locale })}
            timeZone={timeZone}
          />

          {draft.revisionId !== null && (
            <RevisionList
              postId={postId}
              locale={locale}
              currentBody={draft.fields.body}
              currentRevisionId={draft.revisionId}
              marks={{ live: publication.live?.revisionId ?? null, scheduled: publication.publishAt ? publication.scheduledRevisionId : null, review: publication.review?.state === 'pending' ? publication.review.revisionId : null }}
              canRestore={pane.can.edit}
              timeZone={timeZone}
              onRestore={(revision) => draft.update({ title: revision.title, excerpt: revision.excerpt, body: revision.body })}
            />
          )}
        </>
      )}
    </section>
  );
}
