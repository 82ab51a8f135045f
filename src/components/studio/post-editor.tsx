'use client';
// The post editor: the source and its translation side by side (stacked on a phone),
// each pane saving on its own; the panes share their current text for alignment hints.
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { callApi } from './editor-api';
import { GlossaryMarksContext, type GlossaryMarks } from './glossary-marks-context';
import type { FreshPanes, PaneData, ServerTranslation } from './editor-api';
import { PaneLinkContext } from './markdown-editor/markdown-editor';
import { PaneLink } from './markdown-editor/pane-link';
import { TranslationPane } from './translation-pane';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Props {
  postId: number;
  uiLocale: 'zh' | 'en';
  panes: Array<PaneData & { slugFollowsTitle: boolean }>;
  canDelete: boolean;
  /** The site's time zone: schedules are set and shown on its clock. */
  timeZone: string;
}

export function PostEditor({ postId, uiLocale, panes, canDelete, timeZone }: Props) {
  const t = useTranslations('studio.editor');
  const source = panes.find((p) => p.isSource)!;
  const [bodies, setBodies] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(panes.map((p) => [p.locale, p.translation?.body ?? null])),
  );
  const router = useRouter();
  // Scrolls the two bodies together and shows, in one, the block facing the other's caret.
  const paneLink = useMemo(() => new PaneLink(), []);
  // The glossary the translation's checks loaded, underlined in the source's editor.
  const [glossaryMarks, setGlossaryMarks] = useState<GlossaryMarks | null>(null);
  const glossaryChannel = useMemo(() => ({ marks: glossaryMarks, show: setGlossaryMarks }), [glossaryMarks]);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = async () => {
    if (!window.confirm(t('deleteConfirm'))) return;
    const result = await callApi(`/api/v1/studio/posts/${postId}`, { method: 'DELETE' });
    if (result.ok) router.push(`/${uiLocale}/studio`);
    else setDeleteError(result.offline ? t('offline') : result.message);
  };
  // A new translation is made from the source as readers see it, else from its draft.
  const [sourceRevisionId, setSourceRevisionId] = useState<number | null>(source.publication.live?.revisionId ?? source.translation?.revisionId ?? null);
  const onBodyChange = useCallback((locale: 'zh' | 'en', body: string) => setBodies((b) => ({ ...b, [locale]: body })), []);
  // A publication step in one pane can change the other (a source update leaves the translation outdated).
  const [fresh, setFresh] = useState<FreshPanes | null>(null);
  const onPanes = useCallback(
    (answer: FreshPanes) => {
      setFresh(answer);
      // A translation begun from now on is made from the source readers see now.
      const sourceLive = answer.panes.find((p) => p.isSource)?.publication.live;
      if (sourceLive) setSourceRevisionId(sourceLive.revisionId);
    },
    [],
  );
  const onSaved = useCallback(
    (locale: 'zh' | 'en', saved: ServerTranslation) => {
      if (locale === source.locale && !source.publication.live) setSourceRevisionId(saved.revisionId);
    },
    [source.locale, source.publication.live],
  );
  return (
    <div>
      <p>
        <Link href={`/${uiLocale}/studio`}>← {t('back')}</Link>
      </p>
      <PaneLinkContext.Provider value={paneLink}>
      <GlossaryMarksContext.Provider value={glossaryChannel}>
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
              slugFollowsTitle={pane.slugFollowsTitle}
              timeZone={timeZone}
              onBodyChange={onBodyChange}
              onSaved={onSaved}
              fresh={fresh}
              onPanes={onPanes}
            />
          );
        })}
      </div>
      </GlossaryMarksContext.Provider>
      </PaneLinkContext.Provider>
      {canDelete && (
        <p className={styles.dangerZone}>
          <button type="button" className={controls.secondary} onClick={() => void remove()}>
            {t('delete')}
          </button>
          {deleteError && (
            <span role="alert" className={controls.fieldError}>
              {deleteError}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
