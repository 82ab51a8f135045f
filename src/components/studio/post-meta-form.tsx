'use client';
// The details a post shares across its languages: cover, tags, narration per language,
// featured. Saved on demand (not autosaved: these are choices, not prose).
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { callApi } from './editor-api';
import controls from './studio.module.css';
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

function MediaSelect(props: { id: string; label: string; none: string; value: number | null; options: MetaOption[]; onChange: (id: number | null) => void }) {
  return (
    <div className={controls.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{props.none}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PostMetaForm({ postId, initial, images, audios, videos, subtitles, tags, canEdit }: Props) {
  const t = useTranslations('studio.editor');
  const langs = useTranslations('studio.languages');
  const [values, setValues] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async () => {
    const result = await callApi(`/api/v1/studio/posts/${postId}/meta`, { method: 'PUT', json: { postId, ...values } });
    if (result.ok) setMessage({ ok: true, text: t('detailsSaved') });
    else setMessage({ ok: false, text: result.offline ? t('offline') : result.message });
  };

  return (
    <details className={styles.metaBox}>
      <summary>{t('details')}</summary>
      <fieldset disabled={!canEdit} className={styles.metaFields}>
        <MediaSelect id="meta-cover" label={t('cover')} none={t('none')} value={values.coverMediaId} options={images} onChange={(id) => setValues({ ...values, coverMediaId: id })} />
        {(['zh', 'en'] as const).map((l) => (
          <MediaSelect
            key={`narration-${l}`}
            id={`meta-narration-${l}`}
            label={t('narration', { language: langs(l) })}
            none={t('none')}
            value={values.narration[l]}
            options={audios}
            onChange={(id) => setValues({ ...values, narration: { ...values.narration, [l]: id } })}
          />
        ))}
        <MediaSelect id="meta-video" label={t('video')} none={t('none')} value={values.videoMediaId} options={videos} onChange={(id) => setValues({ ...values, videoMediaId: id })} />
        {(['zh', 'en'] as const).map((l) => (
          <MediaSelect
            key={`subtitles-${l}`}
            id={`meta-subtitles-${l}`}
            label={t('subtitles', { language: langs(l) })}
            none={t('none')}
            value={values.subtitleMediaIds[l]}
            options={subtitles}
            onChange={(id) => setValues({ ...values, subtitleMediaIds: { ...values.subtitleMediaIds, [l]: id } })}
          />
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
          <button type="button" className={controls.primary} onClick={() => void save()}>
            {t('saveDetails')}
          </button>
          {message && (
            <span role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.muted : controls.fieldError}>
              {message.text}
            </span>
          )}
        </div>
      </fieldset>
    </details>
  );
}
