'use client';
// The translation memory beside a translation: for the source block the translator is on
// (under the caret in either pane), the best earlier translations from the site's
// published pairs, with their match percentage and the post they came from. One is put
// into the translation with its button or Alt+1…3 (in place of the translation's block
// under the caret, else at the caret).
import { useTranslations } from 'next-intl';
import { useContext, useEffect, useRef, useState } from 'react';
import type { Suggestion } from '@/core/translation/suggester';
import { callApi } from './editor-api';
import { PaneLinkContext } from './markdown-editor/markdown-editor';
import styles from './memory-suggestions.module.css';
import controls from './studio.module.css';

interface Props {
  postId: number;
  /** The translation's language (this pane) and the source's. */
  locale: 'zh' | 'en';
  sourceLocale: 'zh' | 'en';
}

/** Wait this long after the caret stops before asking: typing does not send a request per key. */
const settleMs = 250;

export function MemorySuggestions({ postId, locale, sourceLocale }: Props) {
  const t = useTranslations('studio.memory');
  const link = useContext(PaneLinkContext);
  const [query, setQuery] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ text: string; suggestions: Suggestion[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!link) return;
    return link.onCaret((key) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setQuery(link.sourceBlockAt(key, sourceLocale)?.text || null), settleMs);
    });
  }, [link, sourceLocale]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!query) return;
    let cancelled = false;
    const params = new URLSearchParams({ postId: String(postId), to: locale, text: query.slice(0, 8_000) });
    void callApi<{ suggestions: Suggestion[] }>(`/api/v1/studio/translation-memory?${params}`).then((result) => {
      if (cancelled) return;
      setFailed(!result.ok);
      setAnswer(result.ok ? { text: query, suggestions: result.data.suggestions } : null);
    });
    return () => {
      cancelled = true;
    };
  }, [query, postId, locale]);

  const suggestions = answer && answer.text === query ? answer.suggestions : [];
  const insert = (suggestion: Suggestion) => link?.insertTranslation(locale, suggestion.targetText);

  const latest = useRef(suggestions);
  useEffect(() => {
    latest.current = suggestions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const digit = /^Digit([1-3])$/.exec(event.code);
      const chosen = digit ? latest.current[Number(digit[1]) - 1] : undefined;
      if (!chosen || !link) return;
      event.preventDefault();
      link.insertTranslation(locale, chosen.targetText);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [link, locale]);

  return (
    <aside className={styles.memory} aria-labelledby={`${locale}-memory`} data-testid="memory-suggestions">
      <h3 id={`${locale}-memory`} className={styles.heading}>
        {t('heading')}
      </h3>
      {!query ? (
        <p className={styles.hint}>{t('hint')}</p>
      ) : failed ? (
        <p className={styles.hint} role="alert">
          {t('failed')}
        </p>
      ) : suggestions.length === 0 ? (
        <p className={styles.hint}>{answer ? t('none') : t('looking')}</p>
      ) : (
        <ol className={styles.list}>
          {suggestions.map((suggestion, index) => (
            <li key={`${index}-${suggestion.targetText}`} className={styles.item}>
              <span className={styles.percentage} data-exact={suggestion.percentage === 100 || undefined}>
                {t('percentage', { percentage: suggestion.percentage })}
              </span>
              <p className={styles.target} lang={locale}>
                {suggestion.targetText}
              </p>
              <p className={styles.origin}>
                {suggestion.origin ? t('from', { title: suggestion.origin.title }) : t('fromDeleted')}
                {suggestion.percentage < 100 && (
                  <>
                    {' · '}
                    <span lang={sourceLocale}>{suggestion.sourceText}</span>
                  </>
                )}
              </p>
              <button type="button" className={controls.secondary} onClick={() => insert(suggestion)} aria-keyshortcuts={`Alt+${index + 1}`}>
                {t('insert', { n: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
