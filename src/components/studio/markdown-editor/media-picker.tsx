'use client';
// The media library inside the editor: thumbnails with their descriptions and readable
// names (the hashed file name is never all a writer sees), filtered as one types.
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { Media } from '@/core/content/types';
import { callApi } from '../editor-api';
import controls from '../studio.module.css';
import styles from './markdown-editor.module.css';

interface Props {
  open: boolean;
  locale: 'zh' | 'en';
  onPick: (media: Media) => void;
  onClose: () => void;
}

/** "tea-and-time.3f9a1c2b.webp" → "tea-and-time.webp": the name as uploaded. */
export function readableName(path: string): string {
  const file = path.split('/').pop() ?? path;
  return file.replace(/\.[0-9a-f]{8,}(?=\.[a-z0-9]+$)/i, '');
}

function thumbnailOf(media: Media): string {
  const small = [...(media.variants ?? [])].filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)[0];
  return small?.path ?? media.path;
}

export function MediaPicker({ open, locale, onPick, onClose }: Props) {
  const t = useTranslations('studio.writer');
  const dialog = useRef<HTMLDialogElement>(null);
  const [media, setMedia] = useState<Media[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      void callApi<{ media: Media[] }>('/api/v1/studio/media').then((result) => {
        if (result.ok) setMedia(result.data.media);
        else setError(result.offline ? t('offline') : result.message);
      });
    } else if (!open && element.open) element.close();
  }, [open, t]);

  const needle = filter.trim().toLowerCase();
  const shown = (media ?? []).filter((m) => m.kind !== 'subtitle' && (!needle || `${readableName(m.path)} ${m.alt.zh ?? ''} ${m.alt.en ?? ''}`.toLowerCase().includes(needle)));

  return (
    <dialog ref={dialog} className={styles.picker} aria-labelledby="media-picker-title" onClose={onClose}>
      <header className={styles.pickerHeader}>
        <h2 id="media-picker-title">{t('mediaTitle')}</h2>
        <button type="button" className={controls.secondary} onClick={onClose}>
          {t('close')}
        </button>
      </header>
      <label className={styles.pickerFilter}>
        <span>{t('mediaFilter')}</span>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
      {media === null && !error && <p>{t('loading')}</p>}
      {media !== null && shown.length === 0 && <p>{t('mediaEmpty')}</p>}
      <ul className={styles.pickerGrid}>
        {shown.map((m) => {
          const alt = m.alt[locale] || m.alt[locale === 'zh' ? 'en' : 'zh'] || '';
          return (
            <li key={m.id}>
              <button type="button" className={styles.pickerItem} onClick={() => onPick(m)}>
                {m.kind === 'image' ? (
                  <img src={thumbnailOf(m)} alt="" loading="lazy" width={m.width ?? undefined} height={m.height ?? undefined} />
                ) : (
                  <span className={styles.pickerKind} aria-hidden="true">
                    {m.kind === 'audio' ? '♪' : '▶'}
                  </span>
                )}
                <span className={styles.pickerName}>{readableName(m.path)}</span>
                <span className={styles.pickerAlt}>{alt || t('noAlt')}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </dialog>
  );
}
