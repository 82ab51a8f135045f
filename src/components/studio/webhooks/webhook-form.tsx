'use client';
// The form that adds a webhook or changes one: its address, the events and languages it
// wants (checkbox groups), whether it may reach a private network, and (when changing)
// whether it is on. Errors are shown beside the field or group at fault, in the reader's
// language; what was typed comes back with them. A new hook's secret is shown once made.
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useActionState, type ReactNode } from 'react';
import { webhookEvents } from '@/core/webhooks/events';
import { locales } from '@/core/locales';
import type { FormState } from '@/server/studio/form-state';
import controls from '../studio.module.css';
import { eventLabelKeys } from './event-labels';
import styles from './webhooks.module.css';

export interface WebhookFormValues {
  id?: number;
  url: string;
  events: readonly string[];
  locales: readonly string[];
  allowPrivateNetwork: boolean;
  active: boolean;
}

interface Props {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  locale: string;
  mode: 'create' | 'edit';
  idPrefix: string;
  hook?: WebhookFormValues;
}

const idle: FormState = { status: 'idle' };
const fresh: WebhookFormValues = { url: '', events: ['post.published', 'post.updated', 'post.unpublished'], locales: ['zh', 'en'], allowPrivateNetwork: false, active: true };

/** The values to show: what came back with an error, else the hook as stored (or a new one's defaults). */
function shownValues(state: FormState, hook: WebhookFormValues): WebhookFormValues {
  const v = state.status === 'error' ? state.values : undefined;
  if (!v) return hook;
  const list = (text = '') => text.split(',').filter(Boolean);
  return { ...hook, url: v.url ?? '', events: list(v.events), locales: list(v.locales), allowPrivateNetwork: v.allowPrivateNetwork === 'on', active: v.active === 'on' };
}

/** A checkbox, its label, and its hint read after the label (not inside its name). */
function Choice({ id, name, value, isChecked, hint, children }: { id: string; name: string; value?: string; isChecked: boolean; hint?: string; children: ReactNode }) {
  return (
    <div className={styles.choice}>
      <input id={id} type="checkbox" name={name} value={value} defaultChecked={isChecked} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{children}</label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

export function WebhookForm({ action, locale, mode, idPrefix, hook = fresh }: Props) {
  const t = useTranslations('studio.webhooks');
  const languages = useTranslations('studio.languages');
  const forms = useTranslations('studio.forms');
  const [state, formAction, pending] = useActionState(action, idle, usePathname());
  const values = shownValues(state, hook);
  const errorOf = (field: string) => state.fields?.[field]?.join(' ');
  const described = (field: string, hint?: boolean) => [errorOf(field) ? `${idPrefix}-${field}-error` : '', hint ? `${idPrefix}-${field}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const error = (field: string) =>
    errorOf(field) && (
      <small id={`${idPrefix}-${field}-error`} className={controls.fieldError}>
        {errorOf(field)}
      </small>
    );
  const [before, after] = t('createdSecret', { result: '{result}' }).split('{result}');
  return (
    <form action={formAction} className={controls.form} noValidate>
      <input type="hidden" name="$locale" value={locale} />
      {hook.id !== undefined && <input type="hidden" name="id" value={hook.id} />}
      {state.status === 'error' && state.message && (
        <p className={controls.formError} role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && (
        <p className={controls.formDone} role="status">
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
      {/* Re-made when the server answers, so the inputs show what it sent back. */}
      <div key={JSON.stringify(state)} className={controls.form}>
        <div className={controls.field}>
          <label htmlFor={`${idPrefix}-url`}>{t('url')}</label>
          <input id={`${idPrefix}-url`} name="url" type="url" inputMode="url" autoComplete="off" spellCheck={false} defaultValue={values.url} aria-invalid={errorOf('url') ? true : undefined} aria-describedby={described('url', true)} />
          <small id={`${idPrefix}-url-hint`} className={controls.hint}>
            {t('urlHint')}
          </small>
          {error('url')}
        </div>
        <fieldset className={styles.group} aria-describedby={described('events')}>
          <legend>{t('events')}</legend>
          {webhookEvents.map((event) => (
            <Choice key={event} id={`${idPrefix}-${event}`} name="events" value={event} isChecked={values.events.includes(event)} hint={t(`eventHints.${eventLabelKeys[event]}`)}>
              {t(`eventNames.${eventLabelKeys[event]}`)}
              <code>{event}</code>
            </Choice>
          ))}
          {error('events')}
        </fieldset>
        <fieldset className={styles.group} aria-describedby={described('locales', true)}>
          <legend>{t('locales')}</legend>
          <div className={styles.inline}>
            {locales.map((l) => (
              <Choice key={l} id={`${idPrefix}-${l}`} name="locales" value={l} isChecked={values.locales.includes(l)}>
                {languages(l)}
              </Choice>
            ))}
          </div>
          <small id={`${idPrefix}-locales-hint`} className={controls.hint}>
            {t('localesHint')}
          </small>
          {error('locales')}
        </fieldset>
        <Choice id={`${idPrefix}-private`} name="allowPrivateNetwork" isChecked={values.allowPrivateNetwork} hint={t('allowPrivateHint')}>
          {t('allowPrivate')}
        </Choice>
        {mode === 'edit' && (
          <Choice id={`${idPrefix}-active`} name="active" isChecked={values.active} hint={t('activeHint')}>
            {t('active')}
          </Choice>
        )}
      </div>
      <button type="submit" className={controls.primary} disabled={pending} aria-busy={pending || undefined}>
        {pending ? forms('saving') : t(mode === 'create' ? 'create' : 'save')}
      </button>
    </form>
  );
}
