'use client';
// One language's draft in the editor: its fields, autosave (a couple of seconds after
// typing stops, and when the page is left), the save state, a 409 kept as the other
// version, and the unsaved text kept in this browser's storage until the server has it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, sameFields, toEditable, type EditableFields, type PaneData, type ServerTranslation } from './editor-api';

export type SaveState = 'clean' | 'dirty' | 'saving' | 'saved' | 'offline' | 'error' | 'conflict';

const autosaveDelayMs = 2000;
const storageKey = (postId: number, locale: string) => `duet:draft:${postId}:${locale}`;

interface Options {
  postId: number;
  pane: PaneData;
  /** The source's revision a new translation is made from. */
  sourceRevisionId: number | null;
  /** Words a refusal in the writer's language, when the server names its reason. */
  explain: (reason: string | undefined) => string | null;
  /** The slug follows the title (the server makes it) until the writer sets one. */
  autoSlug: boolean;
  onSaved: (locale: 'zh' | 'en', translation: ServerTranslation) => void;
}

export function useDraft({ postId, pane, sourceRevisionId, explain, autoSlug: initialAutoSlug, onSaved }: Options) {
  const { locale } = pane;
  const [fields, setFields] = useState<EditableFields>(() => toEditable(pane.translation));
  const [saveState, setSaveState] = useState<SaveState>('clean');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [conflict, setConflict] = useState<ServerTranslation | null>(null);
  const [restored, setRestored] = useState(false);
  const [revisionId, setRevisionId] = useState<number | null>(pane.translation?.revisionId ?? null);
  const [savedFields, setSavedFields] = useState<EditableFields>(() => toEditable(pane.translation));
  const [autoSlug, setAutoSlug] = useState(initialAutoSlug);
  const [shownSlug, setShownSlug] = useState(pane.translation?.slug ?? '');
  const autoSlugRef = useRef(initialAutoSlug);
  // Refs mirror the state for the async save, which must see the latest values rather
  // than those of the render that scheduled it.
  const revisionRef = useRef<number | null>(pane.translation?.revisionId ?? null);
  const basedOnRef = useRef<number | null>(pane.translation?.basedOnRevisionId ?? (pane.isSource ? null : sourceRevisionId));
  const savedFieldsRef = useRef<EditableFields>(toEditable(pane.translation));
  const fieldsRef = useRef(fields);
  const inFlight = useRef(false);
  const retryDelay = useRef(2000);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef<(options?: { keepalive?: boolean }) => Promise<void>>(async () => {});
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
        setRestored(true);
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
      if (inFlight.current || !pane.can.edit) return;
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
          slug: autoSlugRef.current ? '' : sent.slug,
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
        // The server made the slug from the title, or kept the one sent.
        setShownSlug(saved.slug);
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
      const explained = explain(result.reason);
      setFieldErrors(explained && result.fields?.body ? { ...result.fields, body: [explained] } : (result.fields ?? {}));
      setErrorText(explained ?? result.message);
      setSaveState('error');
    },
    [pane.can.edit, pane.isSource, postId, locale, onSaved, explain],
  );
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  // Autosave a little after typing stops.
  useEffect(() => {
    if (!isDirty || saveState === 'conflict' || !pane.can.edit) return;
    window.localStorage.setItem(storageKey(postId, locale), JSON.stringify({ fields, revisionId: revisionRef.current }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), autosaveDelayMs);
    return () => clearTimeout(timer.current);
  }, [fields, isDirty, saveState, pane.can.edit, postId, locale, save]);

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

  const update = (changes: Partial<EditableFields>) => {
    setFields((f) => ({ ...f, ...changes }));
    if (saveState === 'saved' || saveState === 'clean' || saveState === 'error') setSaveState('dirty');
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

  /** Takes a text the server now holds as the draft (a discard): nothing left to save. */
  const replaceWithSaved = (translation: ServerTranslation) => {
    const fresh = toEditable(translation);
    revisionRef.current = translation.revisionId;
    savedFieldsRef.current = fresh;
    setRevisionId(translation.revisionId);
    setSavedFields(fresh);
    setFields(fresh);
    setShownSlug(translation.slug);
    window.localStorage.removeItem(storageKey(postId, locale));
    setSaveState('saved');
  };

  /**
   * Takes a revision the server made of the saved text (Mark as up to date): the next save
   * builds on it and its base; what the writer typed since stays, still to be saved.
   */
  const adoptSaved = (translation: ServerTranslation) => {
    const saved = toEditable(translation);
    revisionRef.current = translation.revisionId;
    basedOnRef.current = translation.basedOnRevisionId;
    savedFieldsRef.current = saved;
    setRevisionId(translation.revisionId);
    setSavedFields(saved);
    onSaved(locale, translation);
    if (sameFields(fieldsRef.current, saved)) setSaveState('saved');
  };

  /** The revision the server holds now (after a save that finished since the last render). */
  const currentRevisionId = () => revisionRef.current;

  /** The writer sets the slug from now on, starting from the one the title gave. */
  const takeOverSlug = () => {
    autoSlugRef.current = false;
    setAutoSlug(false);
    update({ slug: shownSlug });
  };

  return {
    fields,
    update,
    save,
    isDirty,
    saveState,
    savedAt,
    errorText,
    fieldErrors,
    conflict,
    resolveConflict,
    restored,
    revisionId,
    replaceWithSaved,
    adoptSaved,
    currentRevisionId,
    autoSlug,
    shownSlug: autoSlug ? shownSlug : fields.slug,
    takeOverSlug,
  };
}
