'use client';
// The details a post shares across its languages: cover, tags, narration per language,
// featured. Saved on demand (not autosaved: these are choices, not prose).
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { callApi } from './editor-api';
import styles from './editor.module.css';

export interface MetaOption {
  id: number;
  label: string;
}

export interface MetaValues {
  coverMediaId: number | null;
  tagIds: number[];
  featured: boolean;
  narration: { zh: number | null; en: number | null };
  videoMediaId: number | null;
  subtitleMediaIds: { zh: number | null; en: number | null };
}

interface Props {
  postId: number;
  initial: MetaValues;
  images: MetaOption[];
  audios: MetaOption[];
  videos: MetaOption[];
  subtitles: MetaOption[];
  tags: MetaOption[];
  canEdit: boolean;
}

export function PostMetaForm({ postId, initial, images, audios, videos, subtitles, tags, canEdit }: Props) {
  const t = useTranslations('studio.editor');
  const langs = useTranslations('studio.languages');
  const [values, setValues] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const select = (value: string) => (value === '' ? null : Number(value));

  const save = async () => {
    const result = await callApi(`/api/v1/studio/posts/${postId}/meta`, { method: 'PUT', json: { postId, ...values } });
    if (result.ok) setMessage({ ok: true, text: t('detailsSaved') });
    else setMessage({ ok: false, text: result.offline ? t('offline') : result.message });
  };

  return (
    <details className={styles.metaBox}>
      <summary>{t('details')}</summary>
      <fieldset disabled={!canEdit} className={styles.metaFields}>
        <div className={styles.field}>
          <label htmlFor="meta-cover">{t('cover')}</label>
          <select id="meta-cover" value={values.coverMediaId ?? ''} onChange={(e) => setValues({ ...values, coverMediaId: select(e.target.value) })}>
            <option value="">{t('none')}</option>
            {images.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {(['zh', 'en'] as const).map((l) => (
          <div className={styles.field} key={l}>
            <label htmlFor={`meta-narration-${l}`}>{t('narration', { language: langs(l) })}</label>
            <select
              id={`meta-narration-${l}`}
              value={values.narration[l] ?? ''}
              onChange={(e) => setValues({ ...values, narration: { ...values.narration, [l]: select(e.target.value) } })}
            >
              <option value="">{t('none')}</option>
              {audios.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className={styles.field}>
          <label htmlFor="meta-video">{t('video')}</label>
          <select id="meta-video" value={values.videoMediaId ?? ''} onChange={(e) => setValues({ ...values, videoMediaId: select(e.target.value) })}>
            <option value="">{t('none')}</option>
            {videos.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {(['zh', 'en'] as const).map((l) => (
          <div className={styles.field} key={`sub-${l}`}>
            <label htmlFor={`meta-subtitles-${l}`}>{t('subtitles', { language: langs(l) })}</label>
            <select
              id={`meta-subtitles-${l}`}
              value={values.subtitleMediaIds[l] ?? ''}
              onChange={(e) => setValues({ ...values, subtitleMediaIds: { ...values.subtitleMediaIds, [l]: select(e.target.value) } })}
            >
              <option value="">{t('none')}</option>
              {subtitles.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <fieldset className={styles.tagList}>
          <legend>{t('tags')}</legend>
          {tags.map((tag) => (
            <label key={tag.id}>
              <input
                type="checkbox"
                checked={values.tagIds.includes(tag.id)}
                onChange={(e) =>
                  setValues({ ...values, tagIds: e.target.checked ? [...values.tagIds, tag.id] : values.tagIds.filter((x) => x !== tag.id) })
                }
              />{' '}
              {tag.label}
            </label>
          ))}
        </fieldset>
        <label>
          <input type="checkbox" checked={values.featured} onChange={(e) => setValues({ ...values, featured: e.target.checked })} /> {t('featured')}
        </label>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => void save()}>
            {t('saveDetails')}
          </button>
          {message && (
            <span role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.muted : styles.fieldError}>
              {message.text}
            </span>
          )}
        </div>
      </fieldset>
    </details>
  );
}
