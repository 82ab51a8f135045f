'use client';
// One language of a post in the editor: its fields, autosave (a few seconds after typing
// stops, and when the page is left), the save state always in view, a 409 shown as both
// versions side by side, preview, publishing, revisions and the outdated-source diff.
// Unsaved text is also kept in this browser's storage until the server has it.
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { diffText } from '@/core/content/text-diff';
import { callApi, sameFields, toEditable, type EditableFields, type PaneData, type ServerTranslation } from './editor-api';
import { DiffView } from './diff-view';
import { RevisionList } from './revision-list';
import { StatusBadge } from './status-badge';
import controls from './studio.module.css';
import styles from './editor.module.css';

type SaveState = 'clean' | 'dirty' | 'saving' | 'saved' | 'offline' | 'error' | 'conflict';

interface Props {
  postId: number;
  pane: PaneData;
  /** The other language's current text, for the alignment hints in the preview. */
  otherBody: string | null;
  otherLocale: 'zh' | 'en';
  /** The source's current revision: a new translation is made from it. */
  sourceRevisionId: number | null;
  sourceSlug: string;
  onBodyChange: (locale: 'zh' | 'en', body: string) => void;
  onSaved: (locale: 'zh' | 'en', translation: ServerTranslation) => void;
}

const autosaveDelayMs = 2000;
const storageKey = (postId: number, locale: string) => `duet:draft:${postId}:${locale}`;

export function TranslationPane({ postId, pane, otherBody, otherLocale, sourceRevisionId, sourceSlug, onBodyChange, onSaved }: Props) {
  const t = useTranslations('studio.editor');
  const s = useTranslations('studio.status');
  const langs = useTranslations('studio.languages');
  const { locale } = pane;
  const [exists, setExists] = useState(pane.translation !== null);
  const [fields, setFields] = useState<EditableFields>(() => toEditable(pane.translation));
  const [saveState, setSaveState] = useState<SaveState>('clean');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [conflict, setConflict] = useState<ServerTranslation | null>(null);
  const [status, setStatus] = useState(pane.status);
  const [publishAt, setPublishAt] = useState(pane.publishAt);
  const [scheduleValue, setScheduleValue] = useState('');
  const [publishMessage, setPublishMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ html: string; unmatched: number } | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const [restoredNotice, setRestoredNotice] = useState(false);
  // Set once hydrated: tests (and impatient fingers) wait for it before typing.
  const [ready, setReady] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one render after hydration, on purpose
  useEffect(() => setReady(true), []);

  const revisionRef = useRef<number | null>(pane.translation?.revisionId ?? null);
  const basedOnRef = useRef<number | null>(pane.translation?.basedOnRevisionId ?? (pane.isSource ? null : sourceRevisionId));
  const savedFieldsRef = useRef<EditableFields>(toEditable(pane.translation));
  const fieldsRef = useRef(fields);
  const inFlight = useRef(false);
  const retryDelay = useRef(2000);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef<(options?: { keepalive?: boolean }) => Promise<void>>(async () => {});
  // State for rendering; the refs above mirror it for the async save, which must see the
  // latest values rather than those of the render that scheduled it.
  const [revisionId, setRevisionId] = useState<number | null>(pane.translation?.revisionId ?? null);
  const [savedFields, setSavedFields] = useState<EditableFields>(() => toEditable(pane.translation));
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);

  const isDirty = !sameFields(fields, savedFields);

  // Unsaved text survives a closed tab or a crash: kept locally until the server has it.
  useEffect(() => {
    const raw = window.localStorage.getItem(storageKey(postId, locale));
    if (!raw) return;
    try {
      const kept = JSON.parse(raw) as { fields: EditableFields; revisionId: number | null };
      if (kept.revisionId === revisionRef.current && !sameFields(kept.fields, savedFieldsRef.current)) {
        // eslint-disable-next-line react-hooks/set-state-in-effect -- restoring browser storage happens once, after hydration
        setFields(kept.fields);
        setExists(true);
        setRestoredNotice(true);
        setSaveState('dirty');
      } else {
        window.localStorage.removeItem(storageKey(postId, locale));
      }
    } catch {
      window.localStorage.removeItem(storageKey(postId, locale));
    }
  }, [postId, locale]);

  const save = useCallback(
    async (options: { keepalive?: boolean } = {}) => {
      if (!pane.canEdit) return;
      if (inFlight.current) return;
      const sent = fieldsRef.current;
      if (sameFields(sent, savedFieldsRef.current) && revisionRef.current !== null) return;
      inFlight.current = true;
      setSaveState('saving');
      const result = await callApi<{ translation: ServerTranslation }>(`/api/v1/studio/posts/${postId}/translations/${locale}`, {
        method: 'PUT',
        keepalive: options.keepalive,
        json: {
          postId,
          locale,
          title: sent.title,
          slug: sent.slug,
          excerpt: sent.excerpt,
          body: sent.body,
          seoTitle: sent.seoTitle || null,
          seoDescription: sent.seoDescription || null,
          expectedRevisionId: revisionRef.current,
          basedOnRevisionId: pane.isSource ? null : basedOnRef.current,
        },
      });
      inFlight.current = false;
      if (result.ok) {
        const saved = result.data.translation;
        revisionRef.current = saved.revisionId;
        basedOnRef.current = saved.basedOnRevisionId;
        savedFieldsRef.current = sent;
        setRevisionId(saved.revisionId);
        setSavedFields(sent);
        retryDelay.current = 2000;
        setSavedAt(new Date());
        setFieldErrors({});
        setErrorText(null);
        onSaved(locale, saved);
        if (sameFields(fieldsRef.current, sent)) {
          window.localStorage.removeItem(storageKey(postId, locale));
          setSaveState('saved');
        } else {
          setSaveState('dirty');
        }
        return;
      }
      if (result.offline) {
        setSaveState('offline');
        const delay = retryDelay.current;
        retryDelay.current = Math.min(delay * 2, 30_000);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void saveRef.current(), delay);
        return;
      }
      if (result.status === 409 && result.body.current) {
        setConflict(result.body.current as ServerTranslation);
        setSaveState('conflict');
        return;
      }
      setFieldErrors(result.fields ?? {});
      setErrorText(result.message);
      setSaveState('error');
    },
    [pane.canEdit, pane.isSource, postId, locale, onSaved],
  );
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  // Autosave a little after typing stops.
  useEffect(() => {
    if (!isDirty || saveState === 'conflict' || !pane.canEdit) return;
    window.localStorage.setItem(storageKey(postId, locale), JSON.stringify({ fields, revisionId: revisionRef.current }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), autosaveDelayMs);
    return () => clearTimeout(timer.current);
  }, [fields, isDirty, saveState, pane.canEdit, postId, locale, save]);

  // Leaving the page (tab closed, switched away, navigated): save what is there now.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === 'hidden' && !sameFields(fieldsRef.current, savedFieldsRef.current)) void save({ keepalive: true });
    };
    const warn = (event: BeforeUnloadEvent) => {
      if (!sameFields(fieldsRef.current, savedFieldsRef.current)) event.preventDefault();
    };
    const online = () => void save();
    document.addEventListener('visibilitychange', flush);
    window.addEventListener('beforeunload', warn);
    window.addEventListener('online', online);
    return () => {
      document.removeEventListener('visibilitychange', flush);
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('online', online);
    };
  }, [save]);

  const update = (key: keyof EditableFields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (saveState === 'saved' || saveState === 'clean' || saveState === 'error') setSaveState('dirty');
    if (key === 'body') onBodyChange(locale, value);
  };

  const loadPreview = async () => {
    const result = await callApi<{ html: string; unmatched: number }>('/api/v1/studio/preview', {
      method: 'POST',
      json: { locale, body: fields.body, ...(otherBody !== null ? { other: { locale: otherLocale, body: otherBody } } : {}) },
    });
    if (result.ok) setPreview(result.data);
  };

  const publication = async (action: 'publish' | 'unpublish' | 'schedule') => {
    if (isDirty) await save();
    const payload: Record<string, unknown> = { postId, locale, action };
    if (action === 'schedule') payload.publishAt = new Date(scheduleValue).toISOString();
    const result = await callApi<{ post: { editorial: Record<string, PaneData['status']>; publishAt: Record<string, string | null> } }>(
      `/api/v1/studio/posts/${postId}/publication`,
      { method: 'POST', json: payload },
    );
    if (result.ok) {
      setStatus(result.data.post.editorial[locale] ?? status);
      setPublishAt(result.data.post.publishAt[locale] ?? null);
      setPublishMessage(null);
    } else {
      setPublishMessage(result.offline ? t('offline') : result.status === 403 ? t('publishRefused') : result.message);
    }
  };

  const markUpToDate = async () => {
    const result = await callApi<{ post: { editorial: Record<string, PaneData['status']> } }>(
      `/api/v1/studio/posts/${postId}/translations/${locale}/up-to-date`,
      { method: 'POST' },
    );
    if (result.ok) setStatus(result.data.post.editorial[locale] ?? status);
  };

  const resolveConflict = (choice: 'mine' | 'theirs') => {
    if (!conflict) return;
    revisionRef.current = conflict.revisionId;
    setRevisionId(conflict.revisionId);
    if (choice === 'theirs') {
      const theirs = toEditable(conflict);
      savedFieldsRef.current = theirs;
      setSavedFields(theirs);
      setFields(theirs);
      window.localStorage.removeItem(storageKey(postId, locale));
      setSaveState('saved');
    } else {
      setSaveState('dirty');
      setTimeout(() => void save(), 0);
    }
    setConflict(null);
  };

  const restoreRevision = (revision: { title: string; excerpt: string; body: string }) => {
    setFields((f) => ({ ...f, title: revision.title, excerpt: revision.excerpt, body: revision.body }));
    onBodyChange(locale, revision.body);
    setSaveState('dirty');
  };

  const timeFormat = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { timeStyle: 'short' });
  const stateText =
    saveState === 'saving'
      ? t('saving')
      : saveState === 'offline'
        ? t('offline')
        : saveState === 'error'
          ? t('failed', { message: errorText ?? '' })
          : saveState === 'conflict'
            ? t('conflict')
            : saveState === 'dirty'
              ? t('unsaved')
              : savedAt
                ? t('saved', { time: timeFormat.format(savedAt) })
                : null;
  const id = (name: string) => `${locale}-${name}`;
  const errorsFor = (name: string) =>
    fieldErrors[name] ? (
      <small id={id(`${name}-error`)} className={controls.fieldError}>
        {fieldErrors[name]!.join(' ')}
      </small>
    ) : null;
  const readOnly = !pane.canEdit;

  return (
    <section className={styles.pane} aria-labelledby={id('heading')} data-ready={ready || undefined}>
      <header className={styles.paneHeader}>
        <h2 id={id('heading')} className={styles.paneTitle}>
          {langs(locale)} · {pane.isSource ? t('source') : t('translation')}
        </h2>
        <StatusBadge status={status} text={s(status)} />
        <span className={styles.saveState} role="status" aria-live="polite" data-state={saveState}>
          {stateText}
        </span>
      </header>

      {restoredNotice && <p className={styles.notice}>{t('unsaved')}</p>}

      {!exists ? (
        <div className={styles.missing}>
          <p>{t('missing', { language: langs(locale) })}</p>
          {pane.canEdit && (
            <button
              type="button"
              className={controls.primary}
              onClick={() => {
                setExists(true);
                setFields((f) => ({ ...f, slug: f.slug || sourceSlug }));
              }}
            >
              {t('createTranslation', { language: langs(locale) })}
            </button>
          )}
        </div>
      ) : (
        <>
          {readOnly && <p className={styles.notice}>{t('readOnly')}</p>}

          {status === 'outdated' && pane.sourceDiff && (
            <div className={styles.outdated}>
              <p>{t('outdated')}</p>
              <DiffView lines={pane.sourceDiff} label={t('outdated')} />
              {pane.canEdit && (
                <button type="button" className={controls.secondary} onClick={() => void markUpToDate()}>
                  {t('markUpToDate')}
                </button>
              )}
            </div>
          )}

          {conflict && (
            <div className={styles.conflict} role="alert">
              <p>{t('conflict')}</p>
              <div className={styles.conflictGrid}>
                <div>
                  <h3>{t('conflictTheirs')}</h3>
                  <p className={styles.conflictTitle}>{conflict.title}</p>
                  <DiffView lines={diffText(fields.body, conflict.body)} side="after" label={t('conflictTheirs')} />
                </div>
                <div>
                  <h3>{t('conflictYours')}</h3>
                  <p className={styles.conflictTitle}>{fields.title}</p>
                  <DiffView lines={diffText(conflict.body, fields.body)} side="after" label={t('conflictYours')} />
                </div>
              </div>
              <div className={styles.actions}>
                <button type="button" className={controls.secondary} onClick={() => resolveConflict('theirs')}>
                  {t('takeTheirs')}
                </button>
                <button type="button" className={controls.primary} onClick={() => resolveConflict('mine')}>
                  {t('keepMine')}
                </button>
              </div>
            </div>
          )}

          <div className={controls.field}>
            <label htmlFor={id('title')}>{t('titleField')}</label>
            <input
              id={id('title')}
              value={fields.title}
              readOnly={readOnly}
              onChange={(e) => update('title', e.target.value)}
              aria-invalid={fieldErrors.title ? true : undefined}
              aria-describedby={fieldErrors.title ? id('title-error') : undefined}
              className={styles.titleInput}
              lang={locale}
            />
            {errorsFor('title')}
          </div>

          <div className={styles.bodyTools}>
            <div role="tablist" aria-label={t('preview')}>
              <button type="button" role="tab" aria-selected={!showPreview} className={styles.tab} onClick={() => setShowPreview(false)}>
                {t('write')}
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={showPreview}
                className={styles.tab}
                onClick={() => {
                  setShowPreview(true);
                  void loadPreview();
                }}
              >
                {t('preview')}
              </button>
            </div>
          </div>
          {showPreview ? (
            <div className={styles.preview} tabIndex={0} role="region" aria-label={t('preview')}>
              {preview && otherBody !== null && <p className={styles.muted}>{t('alignment', { count: preview.unmatched })}</p>}
              <div className="prose" lang={locale} data-unaligned-label={t('unaligned')} dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }} />
            </div>
          ) : (
            <div className={controls.field}>
              <label htmlFor={id('body')}>{t('body')}</label>
              <textarea
                id={id('body')}
                value={fields.body}
                readOnly={readOnly}
                onChange={(e) => update('body', e.target.value)}
                aria-invalid={fieldErrors.body ? true : undefined}
                className={styles.bodyInput}
                lang={locale}
                spellCheck
              />
              {errorsFor('body')}
            </div>
          )}

          <details className={styles.details}>
            <summary>{t('more')}</summary>
            <div className={controls.field}>
              <label htmlFor={id('slug')}>{t('slug')}</label>
              <input id={id('slug')} value={fields.slug} readOnly={readOnly} onChange={(e) => update('slug', e.target.value)} aria-invalid={fieldErrors.slug ? true : undefined} lang="en" />
              {errorsFor('slug')}
            </div>
            <div className={controls.field}>
              <label htmlFor={id('excerpt')}>{t('excerpt')}</label>
              <textarea id={id('excerpt')} rows={3} value={fields.excerpt} readOnly={readOnly} onChange={(e) => update('excerpt', e.target.value)} />
              {errorsFor('excerpt')}
            </div>
            <div className={controls.field}>
              <label htmlFor={id('seoTitle')}>{t('seoTitle')}</label>
              <input id={id('seoTitle')} value={fields.seoTitle} readOnly={readOnly} onChange={(e) => update('seoTitle', e.target.value)} />
              {errorsFor('seoTitle')}
            </div>
            <div className={controls.field}>
              <label htmlFor={id('seoDescription')}>{t('seoDescription')}</label>
              <textarea id={id('seoDescription')} rows={2} value={fields.seoDescription} readOnly={readOnly} onChange={(e) => update('seoDescription', e.target.value)} />
              {errorsFor('seoDescription')}
            </div>
          </details>

          <div className={styles.publish}>
            {publishAt && status === 'scheduled' && (
              <p className={styles.muted}>{t('scheduledFor', { time: new Date(publishAt).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB') })}</p>
            )}
            {pane.canPublish ? (
              <div className={styles.actions}>
                {status === 'published' || status === 'outdated' ? (
                  <button type="button" className={controls.secondary} onClick={() => void publication('unpublish')}>
                    {t('unpublish')}
                  </button>
                ) : (
                  <button type="button" className={controls.primary} onClick={() => void publication('publish')} disabled={revisionId === null && !isDirty}>
                    {t('publish')}
                  </button>
                )}
                <label className={styles.scheduleLabel}>
                  <span>{t('scheduleAt')}</span>
                  <input type="datetime-local" className={controls.input} value={scheduleValue} onChange={(e) => setScheduleValue(e.target.value)} />
                </label>
                <button type="button" className={controls.secondary} disabled={!scheduleValue} onClick={() => void publication('schedule')}>
                  {t('schedule')}
                </button>
              </div>
            ) : (
              <p className={styles.muted}>{t('publishRefused')}</p>
            )}
            {publishMessage && (
              <p className={controls.fieldError} role="alert">
                {publishMessage}
              </p>
            )}
            {pane.publicUrl && (status === 'published' || status === 'outdated') && (
              <a href={pane.publicUrl} target="_blank" rel="noopener">
                {t('view')}
              </a>
            )}
          </div>

          {revisionId !== null && <RevisionList postId={postId} locale={locale} currentBody={fields.body} canRestore={pane.canEdit} onRestore={restoreRevision} />}
        </>
      )}
    </section>
  );
}
