'use client';
// Asks for an image's description (its alt text, read to people who cannot see it) and an
// optional caption, while the file is still uploading: the writer types, the upload goes on.
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import controls from '../studio.module.css';
import styles from './markdown-editor.module.css';

export interface ImageText {
  alt: string;
  caption: string;
}

interface Request {
  preview: string;
  name: string;
  alt: string;
  resolve: (text: ImageText) => void;
}

/** Returns the dialog to render and `ask`, which resolves when the writer inserts or skips. */
export function useAltDialog(): [ReactNode, (image: { preview: string; name: string; alt?: string }) => Promise<ImageText>] {
  const t = useTranslations('studio.writer');
  const dialog = useRef<HTMLDialogElement>(null);
  const queue = useRef<Request[]>([]);
  const [current, setCurrent] = useState<Request | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');

  const showNext = useCallback(() => {
    const next = queue.current[0] ?? null;
    setCurrent(next);
    setAlt(next?.alt ?? '');
    setCaption('');
  }, []);

  useEffect(() => {
    if (current && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [current]);

  const ask = useCallback(
    (image: { preview: string; name: string; alt?: string }) =>
      new Promise<ImageText>((resolve) => {
        queue.current.push({ ...image, alt: image.alt ?? '', resolve });
        if (queue.current.length === 1) showNext();
      }),
    [showNext],
  );

  const answer = (text: ImageText) => {
    const request = queue.current.shift();
    dialog.current?.close();
    request?.resolve(text);
    showNext();
  };

  const element = (
    <dialog ref={dialog} className={styles.altDialog} aria-labelledby="alt-dialog-title" onCancel={() => answer({ alt: '', caption: '' })}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          answer({ alt: alt.trim(), caption: caption.trim() });
        }}
      >
        <h2 id="alt-dialog-title">{t('describeImage')}</h2>
        {current && (
          <img className={styles.altPreview} src={current.preview} alt="" />
        )}
        <p className={styles.altName}>{current?.name}</p>
        <label className={styles.altField}>
          <span>{t('altText')}</span>
          <input value={alt} onChange={(e) => setAlt(e.target.value)} autoFocus maxLength={500} />
          <small>{t('altHelp')}</small>
        </label>
        <label className={styles.altField}>
          <span>{t('caption')}</span>
          <input value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={500} />
        </label>
        <div className={styles.altActions}>
          <button type="button" className={controls.secondary} onClick={() => answer({ alt: '', caption: '' })}>
            {t('skipAlt')}
          </button>
          <button type="submit" className={controls.primary}>
            {t('insertImage')}
          </button>
        </div>
      </form>
    </dialog>
  );
  return [element, ask];
}
