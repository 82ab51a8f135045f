'use client';
// The body of one language: a toolbar, the text (CodeMirror, loaded when the editor opens;
// until then, and without JavaScript, a plain text box with the same text), files dropped
// or pasted in uploaded with their progress shown where they land, HTML pasted from a
// document or a page turned into Markdown, and the counts a writer watches.
import { useTranslations } from 'next-intl';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Media } from '@/core/content/types';
import { GlossaryMarksContext } from '../glossary-marks-context';
import { useAltDialog } from './alt-dialog';
import type { EditorHandle, EditorMode } from './create-editor';
import { EditorToolbar, type ToolbarAction } from './editor-toolbar';
import { insertDroppedFiles, insertFromLibrary, pasteConverted, type InsertDeps } from './insert-content';
import { MediaPicker } from './media-picker';
import { copyRemoteImage, removeImage } from './remote-import';
import type { PaneLink } from './pane-link';
import type { TextStats } from './text-stats';
import styles from './markdown-editor.module.css';

/** The translator's two panes, shared by the post editor with both bodies. */
export const PaneLinkContext = createContext<PaneLink | null>(null);

interface Props {
  /** The editable element's id, e.g. "en-body". */
  id: string;
  labelId: string;
  locale: 'zh' | 'en';
  value: string;
  readOnly: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (body: string) => void;
  /** The editor has replaced the plain text box (tests and the pane wait for it). */
  onReady?: () => void;
}

function contentAttributes(p: Pick<Props, 'id' | 'locale' | 'labelId' | 'describedBy' | 'invalid'>): Record<string, string> {
  // tabindex: a read-only text (not editable, so not focusable by itself) still scrolls by keyboard.
  return { id: p.id, lang: p.locale, tabindex: '0', 'aria-labelledby': p.labelId, ...(p.describedBy ? { 'aria-describedby': p.describedBy } : {}), ...(p.invalid ? { 'aria-invalid': 'true' } : {}) };
}

const modeKey = 'duet.editor-mode';

export function MarkdownEditor(props: Props) {
  const t = useTranslations('studio.writer');
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<EditorHandle | null>(null);
  const link = useContext(PaneLinkContext);
  const glossary = useContext(GlossaryMarksContext)?.marks ?? null;
  const [loaded, setLoaded] = useState(false);
  const [mode, setMode] = useState<EditorMode>('rich');
  const [stats, setStats] = useState<TextStats | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [altDialog, askAlt] = useAltDialog();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploads = useRef(0);
  const emitted = useRef(new Set<string>());
  // The latest props and helpers for the editor's callbacks, which are made once.
  const latest = useRef<{ props: Props; insertFiles: (files: File[], pos: number) => Promise<void>; pasteHtml: (html: string, from: number, to: number) => Promise<void>; copyImage: (url: string) => Promise<boolean> }>({
    props,
    insertFiles: async () => {},
    pasteHtml: async () => {},
    copyImage: async () => false,
  });

  const deps: InsertDeps = { t, askAlt, setNotice, nextId: () => ++uploads.current };
  const insertFiles = (files: File[], pos: number) => (handle.current ? insertDroppedFiles(handle.current.view, files, pos, deps) : Promise.resolve());
  const pasteHtml = (html: string, from: number, to: number) => (handle.current ? pasteConverted(handle.current.view, html, from, to, deps) : Promise.resolve());
  const copyImage = (url: string) => (handle.current ? copyRemoteImage(handle.current.view, url, deps) : Promise.resolve(false));

  useEffect(() => {
    latest.current = { props, insertFiles, pasteHtml, copyImage };
  });

  useEffect(() => {
    const saved = window.localStorage.getItem(modeKey);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the writer's choice, read once the page is in a browser
    if (saved === 'markdown' || saved === 'rich') setMode(saved);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let unregister: (() => void) | undefined;
    void import('./create-editor').then(({ createEditor }) => {
      if (cancelled || !host.current) return;
      const { props: p } = latest.current;
      const editor = createEditor({
        parent: host.current,
        doc: p.value,
        mode: (window.localStorage.getItem(modeKey) as EditorMode | null) ?? 'rich',
        readOnly: p.readOnly,
        // Named (id, label) by the effect below once the plain text box is gone: never two
        // fields with one label at once.
        attributes: { lang: p.locale, tabindex: '0' },
        labels: {
          placeholder: t('placeholder'),
          malformedLink: t('malformedLink'),
          malformedLinkHelp: t('malformedLinkHelp'),
          malformedImage: t('malformedImage'),
          malformedImageHelp: t('malformedImageHelp'),
          remoteImage: { remote: t('remoteImage'), notLibrary: t('notLibraryImage'), upload: t('uploadToLibrary'), remove: t('removeImage'), fetching: t('fetchingImage') },
        },
        remoteImageActions: {
          upload: (_view, url) => void latest.current.copyImage(url),
          remove: (view, url, at) => removeImage(view, url, at),
        },
        onChange: (text) => {
          // Remembered so their echo through the parent's state is not applied back over
          // newer typing (see the effect below).
          emitted.current.add(text);
          if (emitted.current.size > 20) emitted.current.delete(emitted.current.values().next().value!);
          latest.current.props.onChange(text);
        },
        onFiles: (files, pos) => void latest.current.insertFiles(files, pos),
        onHtml: (html, from, to) => void latest.current.pasteHtml(html, from, to),
        onScroll: () => link?.scrolled(p.locale),
        onCaret: (focused) => (focused ? link?.caretMoved(p.locale) : link?.caretLeft(p.locale)),
      });
      handle.current = editor;
      unregister = link?.register(p.locale, editor.view);
      setLoaded(true);
    });
    return () => {
      cancelled = true;
      unregister?.();
      handle.current?.destroy();
      handle.current = null;
    };
  }, [link, t]);

  // A text that changed outside the editor (a restored revision, a conflict resolved,
  // changes discarded); the editor's own changes coming back are not applied again.
  useEffect(() => {
    if (!handle.current || emitted.current.has(props.value)) return;
    handle.current.replaceText(props.value);
    emitted.current.clear();
  }, [props.value, loaded]);
  useEffect(() => handle.current?.setReadOnly(props.readOnly), [props.readOnly, loaded]);
  // The glossary is underlined in the source only, the text a translation is made from.
  const sourceGlossary = glossary?.locale === props.locale ? glossary : null;
  useEffect(() => handle.current?.setGlossary(sourceGlossary), [sourceGlossary, loaded]);
  const { id, locale, labelId, describedBy, invalid } = props;
  useEffect(() => handle.current?.setAttributes(contentAttributes({ id, locale, labelId, describedBy, invalid })), [id, locale, labelId, describedBy, invalid, loaded]);
  const { onReady } = props;
  useEffect(() => {
    if (loaded) onReady?.();
  }, [loaded, onReady]);
  useEffect(() => handle.current?.setMode(mode), [mode, loaded]);

  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      void import('./text-stats').then(({ textStats }) => {
        if (handle.current) setStats(textStats(handle.current.view.state));
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [props.value, loaded]);

  const chooseMode = (next: EditorMode) => {
    setMode(next);
    window.localStorage.setItem(modeKey, next);
  };

  const onAction = (action: ToolbarAction) => {
    if (action.kind === 'format') handle.current?.run(action.make);
    else if (action.kind === 'media') setPickerOpen(true);
    else fileInput.current?.click();
  };

  const pick = async (media: Media) => {
    setPickerOpen(false);
    if (handle.current) await insertFromLibrary(handle.current.view, media, props.locale, deps);
  };

  return (
    <div className={styles.editor} data-editor={loaded ? 'ready' : 'loading'} data-mode={mode}>
      {/* A text the writer may not change has no formatting bar at all (its shortcuts are off too). */}
      {!props.readOnly && (
        <div className={styles.bar}>
          <EditorToolbar controls={props.id} disabled={!loaded} onAction={onAction} />
        </div>
      )}
      {!loaded && (
        <textarea
          id={props.id}
          aria-labelledby={props.labelId}
          value={props.value}
          readOnly={props.readOnly}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          className={styles.fallback}
          lang={props.locale}
          spellCheck
        />
      )}
      <div ref={host} className={styles.host} hidden={!loaded} onClick={(e) => e.target === host.current && handle.current?.view.focus()} />
      <div className={styles.footer}>
        <span className={styles.stats} data-testid="text-stats">
          {stats ? t('stats', { words: stats.words, characters: stats.characters, minutes: stats.minutes }) : '\u00a0'}
        </span>
        <span role="status" className={styles.notice}>
          {notice}
        </span>
        <div className={styles.modes} role="group" aria-label={t('mode')}>
          <button type="button" aria-pressed={mode === 'rich'} onClick={() => chooseMode('rich')}>
            {t('modeRich')}
          </button>
          <button type="button" aria-pressed={mode === 'markdown'} onClick={() => chooseMode('markdown')}>
            {t('modeMarkdown')}
          </button>
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/*,audio/*,video/*"
        multiple
        hidden
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length && handle.current) void insertFiles(files, handle.current.view.state.selection.main.head);
        }}
      />
      <MediaPicker open={pickerOpen} locale={props.locale} onPick={(m) => void pick(m)} onClose={() => setPickerOpen(false)} />
      {altDialog}
    </div>
  );
}
