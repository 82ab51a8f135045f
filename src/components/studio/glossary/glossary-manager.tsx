'use client';
// The glossary's list with its search, and for those who keep it: a form to add a term,
// editing and deleting in place, and the CSV/TBX files in and out. Every change goes
// through the glossary's routes (which ask can() again) and then refreshes the page's
// server-rendered list; at 375 px each term is a card instead of a table row.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { Locale } from '@/core/locales';
import type { GlossaryTerm } from '@/core/translation/glossary';
import studio from '../studio.module.css';
import { useConfirm } from '../use-confirm';
import styles from './glossary.module.css';

export type GlossaryWords = Record<
  | 'search' | 'searchButton' | 'empty' | 'zh' | 'en' | 'note' | 'doNotTranslate' | 'doNotTranslateShort' | 'forbidden' | 'forbiddenHint' | 'actions' | 'add' | 'addButton'
  | 'edit' | 'save' | 'cancel' | 'delete' | 'files' | 'filesHint' | 'exportCsv' | 'exportTbx' | 'importFile' | 'importButton',
  string
>;

interface Props {
  locale: Locale;
  terms: GlossaryTerm[];
  query: string;
  canManage: boolean;
  words: GlossaryWords;
  countText: string;
  noMatchText: string;
  /** Sentences with {placeholders} filled in here. */
  templates: { editTitle: string; deleteConfirm: string; imported: string; failed: string };
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

async function answerError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    return body.error?.message ?? response.statusText;
  } catch {
    return response.statusText;
  }
}

function termBody(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    zh: text('zh'),
    en: text('en'),
    note: text('note'),
    doNotTranslate: data.get('doNotTranslate') === 'on',
    forbidden: text('forbidden')
      .split('\n')
      .map((v) => v.trim())
      .filter(Boolean),
  };
}

function TermFields({ idPrefix, term, words }: { idPrefix: string; term?: GlossaryTerm; words: GlossaryWords }) {
  return (
    <div className={styles.fields}>
      <div className={studio.field}>
        <label htmlFor={`${idPrefix}-zh`}>{words.zh}</label>
        <input id={`${idPrefix}-zh`} name="zh" lang="zh" required maxLength={200} defaultValue={term?.zh} className={studio.input} />
      </div>
      <div className={studio.field}>
        <label htmlFor={`${idPrefix}-en`}>{words.en}</label>
        <input id={`${idPrefix}-en`} name="en" lang="en" required maxLength={200} defaultValue={term?.en} className={studio.input} />
      </div>
      <div className={studio.field}>
        <label htmlFor={`${idPrefix}-note`}>{words.note}</label>
        <textarea id={`${idPrefix}-note`} name="note" rows={2} maxLength={1000} defaultValue={term?.note} className={studio.input} />
      </div>
      <div className={studio.field}>
        <label htmlFor={`${idPrefix}-forbidden`}>{words.forbidden}</label>
        <textarea id={`${idPrefix}-forbidden`} name="forbidden" rows={2} defaultValue={term?.forbidden.join('\n')} aria-describedby={`${idPrefix}-forbidden-hint`} className={studio.input} />
        <p id={`${idPrefix}-forbidden-hint`} className={studio.hint}>
          {words.forbiddenHint}
        </p>
      </div>
      <label className={styles.check}>
        <input type="checkbox" name="doNotTranslate" defaultChecked={term?.doNotTranslate} /> {words.doNotTranslate}
      </label>
    </div>
  );
}

export function GlossaryManager({ terms, query, canManage, words, countText, noMatchText, templates, locale }: Props) {
  const router = useRouter();
  const [editing, setEditing] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, ask] = useConfirm();

  async function run(work: () => Promise<Response>, done?: (response: Response) => Promise<string | null>) {
    setBusy(true);
    setMessage(null);
    try {
      const response = await work();
      if (!response.ok) {
        setMessage({ kind: 'error', text: fill(templates.failed, { message: await answerError(response) }) });
        return false;
      }
      const text = done ? await done(response) : null;
      if (text) setMessage({ kind: 'done', text });
      router.refresh();
      return true;
    } finally {
      setBusy(false);
    }
  }
  const json = (method: string, url: string, body?: unknown) => () => fetch(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (await run(json('POST', '/api/v1/studio/glossary', termBody(form)))) form.reset();
  }
  async function save(event: FormEvent<HTMLFormElement>, id: number) {
    event.preventDefault();
    if (await run(json('PUT', `/api/v1/studio/glossary/${id}`, termBody(event.currentTarget)))) setEditing(null);
  }
  async function remove(term: GlossaryTerm) {
    const label = locale === 'zh' ? term.zh : term.en;
    if (await ask(fill(templates.deleteConfirm, { term: label }), { confirm: words.delete, cancel: words.cancel, isDanger: true })) await run(json('DELETE', `/api/v1/studio/glossary/${term.id}`));
  }
  async function importFile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (new FormData(form).get('file') as File | null) ?? null;
    if (!file || file.size === 0) return;
    const format = /\.(tbx|xml)$/i.test(file.name) ? 'tbx' : 'csv';
    const ok = await run(
      () => fetch(`/api/v1/studio/glossary/file?format=${format}`, { method: 'POST', headers: { 'content-type': format === 'csv' ? 'text/csv' : 'application/xml' }, body: file }),
      async (response) => {
        const { report } = (await response.json()) as { report: { added: number; updated: number } };
        return fill(templates.imported, report);
      },
    );
    if (ok) form.reset();
  }

  return (
    <>
      {dialog}
      <form method="get" role="search" className={studio.toolbar}>
        <div className={studio.field}>
          <label htmlFor="glossary-q">{words.search}</label>
          <input id="glossary-q" name="q" type="search" defaultValue={query} className={studio.input} />
        </div>
        <button type="submit" className={studio.secondary}>
          {words.searchButton}
        </button>
      </form>
      {message && (
        <p className={message.kind === 'done' ? studio.formDone : studio.formError} role={message.kind === 'done' ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <p className={studio.count}>{countText}</p>
      {terms.length === 0 ? (
        <p>{noMatchText || words.empty}</p>
      ) : (
        <ul className={styles.terms}>
          {terms.map((term) => (
            <li key={term.id} className={styles.term}>
              {editing === term.id ? (
                <form onSubmit={(e) => void save(e, term.id)} aria-label={fill(templates.editTitle, { term: locale === 'zh' ? term.zh : term.en })}>
                  <TermFields idPrefix={`term-${term.id}`} term={term} words={words} />
                  <div className={styles.buttons}>
                    <button type="submit" className={studio.primary} disabled={busy}>
                      {words.save}
                    </button>
                    <button type="button" className={studio.secondary} onClick={() => setEditing(null)}>
                      {words.cancel}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <p className={styles.pair}>
                    <span lang="zh">{term.zh}</span>
                    <span aria-hidden="true" className={styles.arrow}>
                      ↔
                    </span>
                    <span lang="en">{term.en}</span>
                    {term.doNotTranslate && <span className={studio.badge}>{words.doNotTranslateShort}</span>}
                  </p>
                  {term.note && <p className={styles.note}>{term.note}</p>}
                  {term.forbidden.length > 0 && (
                    <p className={styles.forbidden}>
                      <span>{words.forbidden}</span>
                      {term.forbidden.map((v) => (
                        <del key={v}>{v}</del>
                      ))}
                    </p>
                  )}
                  {canManage && (
                    <div className={styles.buttons}>
                      <button type="button" className={studio.secondary} onClick={() => setEditing(term.id)}>
                        {words.edit}
                      </button>
                      <button type="button" className={studio.danger} disabled={busy} onClick={() => void remove(term)}>
                        {words.delete}
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <section aria-labelledby="glossary-add" className={studio.notice}>
          <h2 id="glossary-add" className={studio.label}>
            {words.add}
          </h2>
          <form onSubmit={(e) => void add(e)}>
            <TermFields idPrefix="new-term" words={words} />
            <button type="submit" className={studio.primary} disabled={busy}>
              {words.addButton}
            </button>
          </form>
        </section>
      )}
      <section aria-labelledby="glossary-files" className={styles.files}>
        <h2 id="glossary-files" className={studio.label}>
          {words.files}
        </h2>
        <p className={studio.hint}>{words.filesHint}</p>
        <p className={styles.buttons}>
          <a href="/api/v1/studio/glossary/file?format=csv" download="glossary.csv" className={studio.secondary}>
            {words.exportCsv}
          </a>
          <a href="/api/v1/studio/glossary/file?format=tbx" download="glossary.tbx" className={studio.secondary}>
            {words.exportTbx}
          </a>
        </p>
        {canManage && (
          <form onSubmit={(e) => void importFile(e)} className={styles.buttons}>
            <div className={studio.field}>
              <label htmlFor="glossary-file">{words.importFile}</label>
              <input id="glossary-file" name="file" type="file" accept=".csv,.tbx,.xml,text/csv,application/xml" required className={studio.input} />
            </div>
            <button type="submit" className={studio.secondary} disabled={busy}>
              {words.importButton}
            </button>
          </form>
        )}
      </section>
    </>
  );
}
