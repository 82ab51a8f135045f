'use client';
// Importing members from another platform's export: choose the file and the language its
// members read (exports carry none), check it (a dry run that writes nothing and says what
// would happen), then import. The file goes as the request body; the report comes back as
// JSON and is shown in the Studio's language.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ImportReport } from '@/core/members/member-import';
import studio from '../studio.module.css';
import styles from './members.module.css';

type Option = { value: string; label: string };
type State = { phase: 'idle' | 'busy' } | { phase: 'checked' | 'done'; report: ImportReport } | { phase: 'error'; message: string };

export function MemberImportForm({ languages, newsletters }: { languages: Option[]; newsletters: Option[] }) {
  const t = useTranslations('studio.members.import');
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState(languages[0]?.value ?? 'zh');
  const [newsletter, setNewsletter] = useState('');
  const [state, setState] = useState<State>({ phase: 'idle' });

  async function send(mode: 'dry-run' | 'apply') {
    if (!file) return;
    setState({ phase: 'busy' });
    const query = new URLSearchParams({ mode, language, ...(newsletter ? { newsletter } : {}) });
    try {
      const answer = await fetch(`/api/v1/studio/members/import?${query}`, { method: 'POST', body: file, headers: { 'Content-Type': 'text/csv' } });
      const data = (await answer.json()) as { report?: ImportReport; error?: { message: string; fields?: Record<string, string[]> } };
      if (!answer.ok || !data.report) {
        setState({ phase: 'error', message: answer.status === 413 ? t('tooLarge') : data.error?.fields?.file ? t('unreadable') : (data.error?.message ?? t('failed')) });
        return;
      }
      setState({ phase: mode === 'apply' ? 'done' : 'checked', report: data.report });
      if (mode === 'apply') router.refresh();
    } catch {
      setState({ phase: 'error', message: t('failed') });
    }
  }

  const report = state.phase === 'checked' || state.phase === 'done' ? state.report : null;
  return (
    <div className={studio.form}>
      <p className={studio.muted}>{t('hint')}</p>
      <div className={studio.field}>
        <label htmlFor="import-file">{t('file')}</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          className={studio.input}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setState({ phase: 'idle' });
          }}
        />
      </div>
      <div className={styles.actions}>
        <div className={studio.field}>
          <label htmlFor="import-language">{t('language')}</label>
          <select id="import-language" className={studio.input} value={language} onChange={(event) => setLanguage(event.target.value)}>
            {languages.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className={studio.field}>
          <label htmlFor="import-newsletter">{t('newsletter')}</label>
          <select id="import-newsletter" className={studio.input} value={newsletter} onChange={(event) => setNewsletter(event.target.value)}>
            {newsletters.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className={studio.secondary} disabled={!file || state.phase === 'busy'} onClick={() => void send('dry-run')}>
          {t('check')}
        </button>
        {state.phase === 'checked' && (
          <button type="button" className="button" onClick={() => void send('apply')}>
            {t('apply', { count: state.report.subscribed + state.report.unsubscribed })}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {state.phase === 'busy' && <p className={studio.muted}>{t('busy')}</p>}
        {state.phase === 'error' && (
          <p className={studio.formError} role="alert">
            {state.message}
          </p>
        )}
        {report && (
          <div className={styles.report} data-import-report={report.mode}>
            <p>
              <strong>{report.mode === 'apply' ? t('doneHeading') : t('checkedHeading', { format: t(`format.${report.format}`) })}</strong>
            </p>
            <ul>
              <li>{t(report.mode === 'apply' ? 'added' : 'wouldAdd', { subscribed: report.subscribed, unsubscribed: report.unsubscribed })}</li>
              {report.existing > 0 && <li>{t('existing', { count: report.existing })}</li>}
              {report.repeated > 0 && <li>{t('repeated', { count: report.repeated })}</li>}
              {report.skipped.deleted > 0 && <li>{t('deleted', { count: report.skipped.deleted })}</li>}
              {report.skipped.cleaned > 0 && <li>{t('cleaned', { count: report.skipped.cleaned })}</li>}
              {report.skipped['invalid-email'] + report.skipped['no-email'] > 0 && <li>{t('invalid', { count: report.skipped['invalid-email'] + report.skipped['no-email'], lines: report.problems.map((p) => p.line).join(', ') })}</li>}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
