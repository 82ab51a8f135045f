'use client';
// The fields of one language: the title with its address right below it (the slug follows
// the title until the writer edits it), the body with a preview rendered by the site's
// own pipeline, and the excerpt and search fields folded away.
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { callApi, type EditableFields } from './editor-api';
import { MarkdownEditor } from './markdown-editor/markdown-editor';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Props {
  locale: 'zh' | 'en';
  fields: EditableFields;
  fieldErrors: Record<string, string[]>;
  readOnly: boolean;
  slugFollowsTitle: boolean;
  shownSlug: string;
  /** The address up to the slug, e.g. /en/posts/ */
  urlPrefix: string;
  onChange: (changes: Partial<EditableFields>) => void;
  onEditSlug: () => void;
  otherBody: string | null;
  otherLocale: 'zh' | 'en';
  explain: (reason: string | undefined) => string | null;
  onEditorReady?: () => void;
  /** The saved draft as a page of the site, e.g. /en/studio/posts/3/preview. */
  previewHref: string;
  /** Ways to copy the text into other editors (copy-elsewhere.tsx), beside the preview links. */
  copyTools?: ReactNode;
}

export function PaneFields(props: Props) {
  const { locale, fields, fieldErrors, readOnly, onChange } = props;
  const t = useTranslations('studio.editor');
  const [showPreview, setShowPreview] = useState(false);
  const [preview, setPreview] = useState<{ html: string; unmatched: number } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const id = (name: string) => `${locale}-${name}`;
  const errorsFor = (name: string) =>
    fieldErrors[name] ? (
      <small id={id(`${name}-error`)} className={controls.fieldError}>
        {fieldErrors[name]!.join(' ')}
      </small>
    ) : null;

  const loadPreview = async () => {
    const result = await callApi<{ html: string; unmatched: number }>('/api/v1/studio/preview', {
      method: 'POST',
      json: { locale, body: fields.body, ...(props.otherBody !== null ? { other: { locale: props.otherLocale, body: props.otherBody } } : {}) },
    });
    if (result.ok) {
      setPreview(result.data);
      setPreviewError(null);
    } else {
      setPreview(null);
      setPreviewError(result.offline ? t('offline') : (props.explain(result.reason) ?? result.message));
    }
  };

  return (
    <>
      <div className={controls.field}>
        <label htmlFor={id('title')}>{t('titleField')}</label>
        <input
          id={id('title')}
          value={fields.title}
          readOnly={readOnly}
          onChange={(e) => onChange({ title: e.target.value })}
          aria-invalid={fieldErrors.title ? true : undefined}
          aria-describedby={`${fieldErrors.title ? id('title-error') : ''} ${id('address')}`.trim()}
          className={styles.titleInput}
          lang={locale}
        />
        {errorsFor('title')}
        {props.slugFollowsTitle || readOnly ? (
          <p id={id('address')} className={styles.address}>
            <span className={styles.muted}>{t('address')} </span>
            <span lang="en">
              {props.urlPrefix}
              <strong>{props.shownSlug || '…'}</strong>
            </span>{' '}
            {!readOnly && (
              <button type="button" className={styles.linkButton} onClick={props.onEditSlug}>
                {t('editSlug')}
              </button>
            )}
          </p>
        ) : (
          <div className={styles.address} id={id('address')}>
            <label htmlFor={id('slug')}>
              {t('slug')} <span className={styles.muted} lang="en">{props.urlPrefix}</span>
            </label>
            <input
              id={id('slug')}
              value={fields.slug}
              readOnly={readOnly}
              onChange={(e) => onChange({ slug: e.target.value })}
              aria-invalid={fieldErrors.slug ? true : undefined}
              lang="en"
              className={controls.input}
            />
            {errorsFor('slug')}
          </div>
        )}
        {props.slugFollowsTitle && errorsFor('slug')}
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
        <div className={styles.previewLinks}>
          <a href={props.previewHref} target="_blank" rel="noopener">
            {t('previewPage')}
          </a>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => window.open(props.previewHref, `duet-phone-${locale}`, 'popup,width=390,height=844')}
          >
            {t('previewPhone')}
          </button>
          {props.copyTools}
        </div>
      </div>
      {showPreview ? (
        <div className={styles.preview} tabIndex={0} role="region" aria-label={t('preview')}>
          {previewError && (
            <p className={controls.fieldError} role="alert">
              {previewError}
            </p>
          )}
          {preview && props.otherBody !== null && <p className={styles.muted}>{t('alignment', { count: preview.unmatched })}</p>}
          <div className="prose" lang={locale} data-unaligned-label={t('unaligned')} dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }} />
        </div>
      ) : (
        <div className={controls.field}>
          <label id={id('body-label')} htmlFor={id('body')}>
            {t('body')}
          </label>
          <MarkdownEditor
            id={id('body')}
            labelId={id('body-label')}
            locale={locale}
            value={fields.body}
            readOnly={readOnly}
            invalid={Boolean(fieldErrors.body)}
            describedBy={fieldErrors.body ? id('body-error') : undefined}
            onChange={(body) => onChange({ body })}
            onReady={props.onEditorReady}
          />
          {errorsFor('body')}
        </div>
      )}

      <details className={styles.details}>
        <summary>{t('more')}</summary>
        <div className={controls.field}>
          <label htmlFor={id('excerpt')}>{t('excerpt')}</label>
          <textarea id={id('excerpt')} rows={3} value={fields.excerpt} readOnly={readOnly} onChange={(e) => onChange({ excerpt: e.target.value })} placeholder={t('excerptDerived')} lang={locale} />
          {errorsFor('excerpt')}
        </div>
        <div className={controls.field}>
          <label htmlFor={id('seoTitle')}>{t('seoTitle')}</label>
          <input id={id('seoTitle')} value={fields.seoTitle} readOnly={readOnly} onChange={(e) => onChange({ seoTitle: e.target.value })} lang={locale} />
          {errorsFor('seoTitle')}
        </div>
        <div className={controls.field}>
          <label htmlFor={id('seoDescription')}>{t('seoDescription')}</label>
          <textarea id={id('seoDescription')} rows={2} value={fields.seoDescription} readOnly={readOnly} onChange={(e) => onChange({ seoDescription: e.target.value })} lang={locale} />
          {errorsFor('seoDescription')}
        </div>
      </details>
    </>
  );
}
