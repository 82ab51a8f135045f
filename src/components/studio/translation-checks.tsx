'use client';
// The checks of a translation beside its publication controls: each names the block it
// concerns and can be dismissed with a reason (kept with the revision, so what a reviewer
// saw stays on record); the glossary's terms found in the source are listed underlined,
// with their approved translation as the title, and handed to the source's editor to
// underline there (glossary-marks-context.ts). The server answers both (the checks
// route); this component only shows them, and Publish is refused by the server as well.
import { useTranslations } from 'next-intl';
import { useCallback, useContext, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { TranslationCheck } from '@/core/translation/checks';
import type { GlossaryTerm } from '@/core/translation/glossary';
import { indexGlossary } from '@/core/translation/glossary-index';
import { splitMarkdownBlocks } from '@/core/translation/markdown-blocks';
import { callApi } from './editor-api';
import { GlossaryMarksContext, type FlaggedTerm } from './glossary-marks-context';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface ShownCheck extends TranslationCheck {
  dismissal: { reason: string; dismissedByName: string | null } | null;
}
interface Answer {
  revisionId: number;
  checks: ShownCheck[];
  glossary: GlossaryTerm[];
}

interface Props {
  postId: number;
  locale: 'zh' | 'en';
  sourceLocale: 'zh' | 'en';
  sourceBody: string;
  /** The saved revision of the draft; the checks are of what was saved. */
  revisionId: number | null;
  isDirty: boolean;
  mayPublish: boolean;
}

const allValues = { excerpt: '', missing: '', extra: '', href: '', src: '', term: '', approved: '', variant: '' };

/** Every value a sentence may name, an empty list shown as a dash ("Missing: 1200 Extra: —"). */
function wordValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries({ ...allValues, ...values }).map(([key, value]) => [key, value === '' ? '—' : value]));
}

const glossaryCodes = new Set(['glossary-missing', 'glossary-forbidden', 'glossary-do-not-translate']);

/** The terms the open glossary checks are about, each with the source lines of its block. */
function flaggedTerms(answer: Answer, sourceBody: string, sourceLocale: 'zh' | 'en', locale: 'zh' | 'en'): FlaggedTerm[] {
  const blocks = splitMarkdownBlocks(sourceBody);
  return answer.checks.flatMap((check) => {
    const block = check.sourceBlock !== null ? blocks[check.sourceBlock] : undefined;
    if (!glossaryCodes.has(check.code) || check.dismissal || !block) return [];
    const { term: written, approved, variant } = check.values;
    const term = answer.glossary.find((g) => (variant ? g.forbidden.includes(variant) && g[locale] === approved : g[sourceLocale] === written && (approved === undefined || g[locale] === approved)));
    return term ? [{ termId: term.id, fromLine: block.line, toLine: block.line + block.text.split('\n').length - 1 }] : [];
  });
}

export function TranslationChecks({ postId, locale, sourceLocale, sourceBody, revisionId, isDirty, mayPublish }: Props) {
  const t = useTranslations('studio.checks');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/v1/studio/posts/${postId}/translations/${locale}/checks`;
  const showMarks = useContext(GlossaryMarksContext)?.show;

  const load = useCallback(async () => {
    setBusy(true);
    const result = await callApi<Answer>(url);
    setBusy(false);
    if (result.ok) {
      setAnswer(result.data);
      setError(null);
    } else setError(result.offline ? null : result.message);
  }, [url]);
  // Each saved revision is checked again.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching the checks of a saved revision is the external system
    if (revisionId !== null) void load();
  }, [revisionId, load]);

  // The source's editor underlines the same terms, flagged where a check is open.
  useEffect(() => {
    if (!showMarks || !answer) return;
    showMarks({
      locale: sourceLocale,
      terms: answer.glossary,
      flagged: flaggedTerms(answer, sourceBody, sourceLocale, locale),
      describe: (term, isFlagged) =>
        term.doNotTranslate ? t(isFlagged ? 'keepFlagged' : 'keep', { term: term[sourceLocale] }) : t(isFlagged ? 'approvedFlagged' : 'approved', { approved: term[locale] }),
    });
    return () => showMarks(null);
  }, [showMarks, answer, sourceBody, sourceLocale, locale, t]);

  async function dismiss(event: FormEvent<HTMLFormElement>, check: ShownCheck) {
    event.preventDefault();
    if (!answer) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    const result = await callApi<Answer>(url, { method: 'POST', json: { revisionId: answer.revisionId, key: check.key, code: check.code, reason } });
    if (result.ok) setAnswer(result.data);
    else if (!result.offline) setError(result.message);
  }

  if (revisionId === null) return null;
  const checks = answer?.checks ?? [];
  const blocking = checks.filter((c) => c.severity === 'blocking' && !c.dismissal).length;
  const blocks = splitMarkdownBlocks(sourceBody);
  const index = answer ? indexGlossary(answer.glossary, sourceLocale) : null;
  const termBlocks = index ? blocks.map((b, i) => ({ i, text: b.text, hits: index.find(b.text) })).filter((b) => b.hits.length > 0) : [];

  return (
    <section className={styles.checks} aria-labelledby={`${locale}-checks`} data-blocking={blocking || undefined}>
      <h3 id={`${locale}-checks`} className={controls.label}>
        {t('title')}
      </h3>
      <p className={controls.hint}>{t('intro')}</p>
      {isDirty && <p className={controls.hint}>{t('saveFirst')}</p>}
      {error && (
        <p className={controls.fieldError} role="alert">
          {error}
        </p>
      )}
      {answer && (
        <p aria-live="polite" className={styles.checkCount}>
          {checks.length === 0 ? t('none') : t('count', { count: checks.length, blocking })}
        </p>
      )}
      <ol className={styles.checkList}>
        {checks.map((check) => (
          <li key={check.key} className={styles.check} data-severity={check.severity} data-code={check.code} data-dismissed={check.dismissal ? true : undefined}>
            <p className={styles.checkHead}>
              <span className={controls.badge} data-status={check.severity === 'blocking' ? 'outdated' : undefined}>
                {check.severity === 'blocking' ? t('blocking') : t('warning')}
              </span>{' '}
              <span className={styles.checkWhere}>{check.targetBlock !== null ? t('block', { number: check.targetBlock + 1 }) : t('blockOfSource', { number: (check.sourceBlock ?? 0) + 1 })}</span>
            </p>
            <p className={styles.checkText}>{t(`codes.${check.code}`, wordValues(check.values))}</p>
            {check.dismissal ? (
              <p className={controls.hint}>{t('dismissed', { name: check.dismissal.dismissedByName ?? t('someone'), reason: check.dismissal.reason })}</p>
            ) : (
              (check.severity === 'warning' || mayPublish) && (
                <form className={styles.dismiss} onSubmit={(e) => void dismiss(e, check)}>
                  <label htmlFor={`${locale}-dismiss-${check.key}`} className="sr-only">
                    {t('reason')}
                  </label>
                  <input id={`${locale}-dismiss-${check.key}`} name="reason" required maxLength={500} placeholder={t('reason')} className={controls.input} />
                  <button type="submit" className={controls.secondary}>
                    {t('dismiss')}
                  </button>
                </form>
              )
            )}
          </li>
        ))}
      </ol>
      <button type="button" className={controls.secondary} onClick={() => void load()} disabled={busy}>
        {busy ? t('running') : t('run')}
      </button>
      {termBlocks.length > 0 && (
        <div className={styles.terms}>
          <h4 className={controls.label}>{t('terms')}</h4>
          <p className={controls.hint}>{t('termsHint')}</p>
          {termBlocks.map(({ i, text, hits }) => (
            <p key={i} lang={sourceLocale} className={styles.termLine}>
              {hits
                .reduce<{ at: number; parts: ReactNode[] }>(
                  (acc, hit) => {
                    acc.parts.push(text.slice(acc.at, hit.start));
                    const title = hit.term.doNotTranslate ? t('keep', { term: hit.term[sourceLocale] }) : t('approved', { approved: hit.term[locale] });
                    acc.parts.push(
                      <u key={hit.start} title={title} tabIndex={0} className={styles.term} data-approved={hit.term[locale]}>
                        {text.slice(hit.start, hit.end)}
                      </u>,
                    );
                    return { at: hit.end, parts: acc.parts };
                  },
                  { at: 0, parts: [] },
                )
                .parts.concat(text.slice(hits.at(-1)!.end))}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
