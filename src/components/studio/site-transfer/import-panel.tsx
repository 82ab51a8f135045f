'use client';
// Importing in the Studio, in the steps the principle asks for: choose a file, see what it
// will create, pair, publish and skip (a dry run in a child process), then import that very
// file with a progress bar, and read the outcome with its report to download.
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import controls from '../studio.module.css';
import styles from './site-transfer.module.css';
import { ImportFailures, ReportDetails, ReportSummary } from './import-report-view';
import { JobFailure, JobProgress } from './job-status';
import { confirmImport, downloadUrl, formatSize, uploadForPreview, usePolledJob, type Failure, type JobView } from './site-jobs-client';

const sourceNames: Record<string, string> = { ghost: 'Ghost', wxr: 'WordPress', hugo: 'Hugo', hexo: 'Hexo', jekyll: 'Jekyll' };

export function ImportPanel({ maxBytes }: { maxBytes: number }) {
  const t = useTranslations('studio.site');
  const languages = useTranslations('studio.languages');
  const locale = useLocale();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('');
  const [upload, setUpload] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [previewStart, setPreviewStart] = useState<JobView | null>(null);
  const [importStart, setImportStart] = useState<JobView | null>(null);
  const preview = usePolledJob(previewStart, () => router.refresh());
  const imported = usePolledJob(importStart, () => router.refresh());
  const max = formatSize(maxBytes, locale);

  const explain = (f: Failure) => (f.reason in { 'job-running': 1, 'import-kind': 1, 'import-too-large': 1, 'preview-used': 1, 'preview-not-done': 1, 'jobs-unavailable': 1, network: 1 } ? t(`errors.${f.reason}` as 'errors.network', { max }) : t('errors.other', { message: f.message }));

  const startPreview = async () => {
    if (!file) return;
    setFailure(null);
    setImportStart(null);
    if (file.size > maxBytes) return setFailure({ reason: 'import-too-large', message: '' });
    setUpload(0);
    const started = await uploadForPreview(file, language, setUpload);
    setUpload(null);
    if (started.ok) setPreviewStart(started.view);
    else setFailure(started.failure);
  };

  const startImport = async () => {
    if (!preview) return;
    setFailure(null);
    const started = await confirmImport(preview.job.id);
    if (started.ok) setImportStart(started.view);
    else setFailure(started.failure);
  };

  const reset = () => {
    setPreviewStart(null);
    setImportStart(null);
    setFailure(null);
    setFile(null);
  };

  const isBusy = upload !== null || preview?.job.state === 'running' || imported?.job.state === 'running';
  const report = preview?.report;
  const toCreate = report ? report.counts.posts - report.counts.alreadyImported : 0;
  return (
    <section aria-labelledby="import-title" className={styles.panel}>
      <h2 id="import-title" className={styles.panelTitle}>
        {t('importTitle')}
      </h2>
      <p>{t('importIntro')}</p>
      {!preview && (
        <form
          className={controls.form}
          onSubmit={(e) => {
            e.preventDefault();
            void startPreview();
          }}
        >
          <div className={controls.field}>
            <label htmlFor="import-file">{t('file')}</label>
            <input id="import-file" type="file" accept=".json,.zip,.xml" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-describedby="import-file-hint" />
            <p id="import-file-hint" className={controls.hint}>
              {t('fileHint', { max })}
            </p>
          </div>
          <div className={controls.field}>
            <label htmlFor="import-language">{t('language')}</label>
            <select id="import-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
              <option value="">{t('languageDetect')}</option>
              <option value="zh">{languages('zh')}</option>
              <option value="en">{languages('en')}</option>
            </select>
          </div>
          <div>
            <button type="submit" className={controls.primary} disabled={!file || isBusy}>
              {t('preview')}
            </button>
          </div>
          {upload !== null && file && (
            <div className={styles.progress} role="status">
              <span>{t('uploading', { name: file.name, percent: upload })}</span>
              <progress max={100} value={upload} aria-label={file.name} />
            </div>
          )}
        </form>
      )}
      {failure && <JobFailure lead={explain(failure)} message={null} />}
      {preview && <PreviewStep preview={preview} imported={imported} toCreate={toCreate} onImport={() => void startImport()} onReset={reset} isBusy={isBusy} />}
      <p className={controls.muted}>{t('cliHint')}</p>
    </section>
  );
}

interface PreviewProps {
  preview: JobView;
  imported: JobView | null;
  toCreate: number;
  onImport: () => void;
  onReset: () => void;
  isBusy: boolean;
}

function PreviewStep({ preview, imported, toCreate, onImport, onReset, isBusy }: PreviewProps) {
  const t = useTranslations('studio.site');
  const locale = useLocale();
  const source = preview.job.source;
  return (
    <div className={styles.step}>
      {source && (
        <p className={controls.muted}>
          {preview.report
            ? t('previewOf', { name: source.name, size: formatSize(source.bytes, locale), kind: sourceNames[preview.report.source.kind] ?? preview.report.source.kind })
            : t('previewFile', { name: source.name, size: formatSize(source.bytes, locale) })}
        </p>
      )}
      {preview.job.state === 'running' && <JobProgress job={preview.job} />}
      {preview.job.state === 'failed' && <JobFailure lead={t('previewFailed')} message={preview.job.failure} />}
      {preview.report && !imported && (
        <>
          <h3 className={styles.stepTitle}>{t('previewTitle')}</h3>
          <ReportSummary report={preview.report} />
          <div className={controls.toolbar}>
            {toCreate > 0 ? (
              <button type="button" className={controls.primary} onClick={onImport} disabled={isBusy}>
                {t('confirm', { count: toCreate })}
              </button>
            ) : (
              <p>{t('nothingNew')}</p>
            )}
            <a href={downloadUrl(preview.job.id)} className={controls.secondary} download>
              {t('downloadReport')}
            </a>
          </div>
          <ReportDetails report={preview.report} />
        </>
      )}
      {imported && <ImportOutcome imported={imported} />}
      {preview.job.state !== 'running' && imported?.job.state !== 'running' && (
        <button type="button" className={controls.linkButton} onClick={onReset}>
          {t('another')}
        </button>
      )}
    </div>
  );
}

function ImportOutcome({ imported }: { imported: JobView }) {
  const t = useTranslations('studio.site');
  const locale = useLocale();
  if (imported.job.state === 'running') return <JobProgress job={imported.job} />;
  if (imported.job.state === 'failed' || !imported.report) return <JobFailure lead={t('importFailed')} message={imported.job.failure} />;
  const c = imported.report.counts;
  if (imported.job.state === 'partial') return <ImportFailures report={imported.report} jobId={imported.job.id} />;
  return (
    <div className={controls.formDone} role="status">
      <p>{t('importDone', { created: c.created, alreadyImported: c.alreadyImported, failed: c.failed })}</p>
      <p className={controls.toolbar}>
        <a href={`/${locale}/studio`}>{t('viewPosts')}</a>
        <a href={downloadUrl(imported.job.id)} download>
          {t('downloadReport')}
        </a>
      </p>
    </div>
  );
}
