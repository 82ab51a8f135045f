'use client';
// One button that acts on a webhook or a delivery (test, show or renew the secret,
// delete, send again): a form with its ids hidden, asking first when the step cannot be
// undone (with JavaScript; without it the form is sent as it is), and showing its answer
// (a secret as code) below the row of buttons. Works without JavaScript.
import { usePathname } from 'next/navigation';
import { useActionState, useId, useRef } from 'react';
import type { FormState } from '@/server/studio/form-state';
import controls from '../studio.module.css';
import styles from './webhooks.module.css';

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  locale: string;
  hidden: Record<string, string>;
  label: string;
  pendingLabel: string;
  /** Asked before sending: the question and its two answers. */
  confirm?: { message: string; yes: string; no: string };
  /** Shown when the action returns a result; `{result}` is where it goes. */
  resultTemplate?: string;
  isDanger?: boolean;
}

const idle: FormState = { status: 'idle' };

export function HookAction({ action, locale, hidden, label, pendingLabel, confirm, resultTemplate, isDanger }: Props) {
  const [state, formAction, pending] = useActionState(action, idle, usePathname());
  const form = useRef<HTMLFormElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);
  const questionId = useId();
  const [before, after] = (resultTemplate ?? '{result}').split('{result}');
  const answer = (yes: boolean) => {
    dialog.current?.close();
    if (!yes) return;
    confirmed.current = true;
    form.current?.requestSubmit();
  };
  return (
    <form
      ref={form}
      action={formAction}
      className={styles.actionForm}
      onSubmit={(event) => {
        if (confirm && !confirmed.current) {
          event.preventDefault();
          dialog.current?.showModal();
        }
        confirmed.current = false;
      }}
    >
      <input type="hidden" name="$locale" value={locale} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`${styles.small} ${isDanger ? styles.danger : ''}`} disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : label}
      </button>
      {state.status === 'error' && state.message && (
        <p className={`${controls.formError} ${styles.actionMessage}`} role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && (state.result || state.message) && (
        <p className={`${controls.formDone} ${styles.actionMessage}`} role="status">
          {state.result ? (
            <>
              {before}
              <code className={styles.secret}>{state.result}</code>
              {after}
            </>
          ) : (
            state.message
          )}
        </p>
      )}
      {confirm && (
        <dialog ref={dialog} className={styles.confirm} aria-labelledby={questionId} onCancel={() => answer(false)}>
          <p id={questionId}>{confirm.message}</p>
          <div className={styles.confirmButtons}>
            <button type="button" className={controls.secondary} onClick={() => answer(false)}>
              {confirm.no}
            </button>
            <button type="button" className={controls.primary} onClick={() => answer(true)} autoFocus>
              {confirm.yes}
            </button>
          </div>
        </dialog>
      )}
    </form>
  );
}
