'use client';
// One form for the Studio's simple screens (setup, sign in, new post, invites): fields
// described as data, errors shown beside each field and announced, typed values kept
// when the server sends the form back. Works without JavaScript (progressive action);
// with it, a step that cannot be undone asks first, and a result can be copied.
import { usePathname } from 'next/navigation';
import { useActionState, useRef, type FormEvent } from 'react';
import type { FormState } from '@/server/studio/form-state';
import { CopyButton } from './copy-button';
import { ImageChoices, type ImageChoice } from './image-choices';
import { LinkListField } from './link-list-field';
import styles from './studio.module.css';
import { useConfirm } from './use-confirm';

export interface FormField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'select' | 'hidden' | 'textarea' | 'images' | 'links';
  /** The language of what is typed, when it is content (a name in Chinese). */
  lang?: string;
  autoComplete?: string;
  hint?: string;
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  /** For type 'images': the pictures to choose from, and the paper they will stand on. */
  images?: ImageChoice[];
  paper?: 'dark';
  /** For type 'links' (edited as rows, sent as `Label | address` lines): how many at most. */
  max?: number;
  defaultValue?: string;
}

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  locale: string;
  fields: FormField[];
  submitLabel: string;
  pendingLabel: string;
  /** Shown after a successful action that stays on the page ({result} is replaced). */
  resultTemplate?: string;
  inline?: boolean;
  /** Makes field ids unique when a page has several forms. */
  idPrefix?: string;
  /** Asked before sending (with JavaScript; without it the form is sent as it is). */
  confirm?: { message: string; confirm: string; cancel: string };
  /** 'danger' for a step that takes something away (revoking): outlined, not solid. */
  variant?: 'primary' | 'danger';
  /** A button beside the result that copies it, and what it says once it has. */
  copyResult?: { label: string; copied: string };
}

const idle: FormState = { status: 'idle' };

export function StudioForm({ action, locale, fields, submitLabel, pendingLabel, resultTemplate, inline, idPrefix = 'field', confirm, variant = 'primary', copyResult }: Props) {
  // The permalink becomes the form's action attribute: without it React writes
  // action="", which HTML does not allow. A form sent before JavaScript loads posts to
  // the path of the page it is on (its query string, a notice's flag, is left behind).
  const [state, formAction, pending] = useActionState(action, idle, usePathname());
  const [confirmDialog, ask] = useConfirm();
  const form = useRef<HTMLFormElement>(null);
  const isConfirmed = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!confirm || isConfirmed.current) {
      isConfirmed.current = false;
      return;
    }
    event.preventDefault();
    void ask(confirm.message, { confirm: confirm.confirm, cancel: confirm.cancel, isDanger: variant === 'danger' }).then((yes) => {
      if (!yes) return;
      isConfirmed.current = true;
      form.current?.requestSubmit();
    });
  };
  return (
    <form ref={form} action={formAction} onSubmit={confirm ? onSubmit : undefined} className={inline ? styles.inlineForm : styles.form} noValidate>
      <input type="hidden" name="$locale" value={locale} />
      {state.status === 'error' && state.message && (
        <p className={styles.formError} role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && !state.result && state.message && (
        <p className={styles.formDone} role="status">
          {state.message}
        </p>
      )}
      {state.status === 'done' && state.result && resultTemplate && (
        <div className={styles.formDone}>
          <p role="status" className={styles.resultText}>
            {resultTemplate.split('{result}')[0]}
            <code className={styles.breakAll}>{state.result}</code>
          </p>
          {copyResult && <CopyButton text={state.result} label={copyResult.label} copiedLabel={copyResult.copied} />}
        </div>
      )}
      {fields.map((field) => {
        if (field.type === 'hidden') return <input key={field.name} type="hidden" name={field.name} value={field.defaultValue} />;
        const errors = state.fields?.[field.name];
        const id = `${idPrefix}-${field.name}`;
        const describedBy = [errors ? `${id}-error` : null, field.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
        const value = state.values?.[field.name] ?? field.defaultValue;
        if (field.type === 'images') {
          return (
            <ImageChoices
              key={`${field.name}-${state.values?.[field.name] ?? 'initial'}`}
              id={id}
              name={field.name}
              legend={field.label}
              choices={field.images ?? []}
              value={value}
              hint={field.hint}
              errors={errors}
              paper={field.paper}
            />
          );
        }
        if (field.type === 'links') {
          return (
            <LinkListField
              key={`${field.name}-${state.values?.[field.name] ?? 'initial'}`}
              id={id}
              name={field.name}
              legend={field.label}
              value={value ?? ''}
              max={field.max ?? 12}
              lang={field.lang}
              hint={field.hint}
              errors={errors}
            />
          );
        }
        return (
          <div key={field.name} className={styles.field}>
            <label htmlFor={id}>{field.label}</label>
            {field.type === 'select' ? (
              <select id={id} name={field.name} defaultValue={value} aria-invalid={errors ? true : undefined} aria-describedby={describedBy}>
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'textarea' ? (
              <textarea
                id={id}
                name={field.name}
                rows={4}
                lang={field.lang}
                defaultValue={value}
                aria-invalid={errors ? true : undefined}
                aria-describedby={describedBy}
                key={state.values?.[field.name] ?? 'initial'}
              />
            ) : (
              <input
                id={id}
                lang={field.lang}
                name={field.name}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                required={field.required}
                defaultValue={field.type === 'password' ? undefined : value}
                aria-invalid={errors ? true : undefined}
                aria-describedby={describedBy}
                // The key makes React re-create the input when the server sends values back.
                key={state.values?.[field.name] ?? 'initial'}
              />
            )}
            {field.hint && (
              <small id={`${id}-hint`} className={styles.hint}>
                {field.hint}
              </small>
            )}
            {errors && (
              <small id={`${id}-error`} className={styles.fieldError}>
                {errors.join(' ')}
              </small>
            )}
          </div>
        );
      })}
      <button type="submit" className={variant === 'danger' ? styles.danger : styles.primary} disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : submitLabel}
      </button>
      {confirm && confirmDialog}
    </form>
  );
}
