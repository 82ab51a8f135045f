'use client';
// A list of links (the site's extra navigation, the owner's profiles) edited as rows: a
// label and an address each, moved up or down, removed, added. What the form sends is the
// same text the plain box takes ("Label | address", a line each), so the server reads one
// format and a page without JavaScript keeps the box: the rows replace it once hydrated.
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { formatLinkLines, parseLinkLines } from '@/core/studio/link-lines';
import styles from './link-list-field.module.css';
import studio from './studio.module.css';

interface Row {
  key: number;
  label: string;
  href: string;
}

interface Props {
  id: string;
  name: string;
  legend: string;
  /** The links as lines, `Label | address`. */
  value: string;
  max: number;
  lang?: string;
  hint?: string;
  errors?: string[];
}

const readRows = (value: string): Row[] => parseLinkLines(value).map((link, key) => ({ key, ...link }));

/** Rows left empty are dropped; the rest are sent as the lines parseLinkLines reads. */
const writeRows = (rows: Row[]) =>
  formatLinkLines(rows.map((row) => ({ label: row.label.trim(), href: row.href.trim() })).filter((link) => link.label || link.href));

export function LinkListField(props: Props) {
  const [enhanced, setEnhanced] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one render after hydration, on purpose
  useEffect(() => setEnhanced(true), []);
  // The rows show their own hint (how many links); the plain box shows the line format.
  const describedBy = [props.errors ? `${props.id}-error` : null, enhanced || props.hint ? `${props.id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={studio.field}>
      {enhanced ? (
        <LinkRows {...props} describedBy={describedBy} />
      ) : (
        <>
          <label htmlFor={props.id}>{props.legend}</label>
          <textarea id={props.id} name={props.name} rows={4} lang={props.lang} defaultValue={props.value} aria-invalid={props.errors ? true : undefined} aria-describedby={describedBy} />
        </>
      )}
      {props.hint && !enhanced && (
        <small id={`${props.id}-hint`} className={studio.hint}>
          {props.hint}
        </small>
      )}
      {props.errors && (
        <small id={`${props.id}-error`} className={studio.fieldError}>
          {props.errors.join(' ')}
        </small>
      )}
    </div>
  );
}

function LinkRows({ id, name, legend, value, max, lang, errors, describedBy }: Props & { describedBy?: string }) {
  const t = useTranslations('studio.links');
  const [rows, setRows] = useState(() => readRows(value));
  const nextKey = useRef(rows.length);
  const list = useRef<HTMLOListElement>(null);
  const focusRow = (index: number) => requestAnimationFrame(() => list.current?.querySelectorAll('li')[index]?.querySelector('input')?.focus());
  const update = (index: number, change: Partial<Row>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) => {
    setRows((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
    focusRow(index + by);
  };
  const remove = (index: number) => {
    setRows((all) => all.filter((_, i) => i !== index));
    focusRow(Math.max(0, index - 1));
  };
  const add = () => {
    setRows((all) => [...all, { key: nextKey.current++, label: '', href: '' }]);
    focusRow(rows.length);
  };
  return (
    <fieldset className={styles.links} aria-describedby={describedBy} aria-invalid={errors ? true : undefined}>
      <legend id={`${id}-legend`}>{legend}</legend>
      <input type="hidden" name={name} value={writeRows(rows)} />
      {rows.length === 0 && <p className={`${studio.muted} ${styles.none}`}>{t('none')}</p>}
      <ol ref={list} className={styles.rows}>
        {rows.map((row, index) => (
          <li key={row.key} className={styles.row}>
            <input aria-label={t('label', { n: index + 1 })} lang={lang} value={row.label} onChange={(e) => update(index, { label: e.target.value })} placeholder={t('labelPlaceholder')} />
            <input aria-label={t('address', { n: index + 1 })} value={row.href} onChange={(e) => update(index, { href: e.target.value })} placeholder="/zh/about · https://…" inputMode="url" />
            <span className={styles.actions}>
              <button type="button" onClick={() => move(index, -1)} disabled={index === 0} aria-label={t('moveUp', { n: index + 1 })}>↑</button>
              <button type="button" onClick={() => move(index, 1)} disabled={index === rows.length - 1} aria-label={t('moveDown', { n: index + 1 })}>↓</button>
              <button type="button" onClick={() => remove(index)} aria-label={t('remove', { n: index + 1 })}>×</button>
            </span>
          </li>
        ))}
      </ol>
      <button type="button" className={studio.secondary} onClick={add} disabled={rows.length >= max}>
        {t('add')}
      </button>
      <small id={`${id}-hint`} className={studio.hint}>
        {t('hint', { max })}
      </small>
    </fieldset>
  );
}
