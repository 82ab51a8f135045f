// What the Studio's webhook forms share: reading a hook from the form (checkbox groups
// come as repeated fields), and its refusals worded in the reader's language from
// studio.webhooks.errors, beside the field at fault, with what was typed kept.
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { isAppError } from '@/core/errors/app-error';
import { maxWebhooks, webhookProblems } from '@/core/webhooks/webhook-inputs';
import type { Locale } from '@/core/locales';
import { formText } from '@/server/studio/action-helpers';
import { failedForm, localizedFieldErrors, type FormState } from '@/server/studio/form-state';

/** The hook as the form sent it, for webhookInput to parse. */
export function readWebhookForm(form: FormData, mode: 'create' | 'edit') {
  return {
    url: formText(form, 'url'),
    events: form.getAll('events').map(String),
    locales: form.getAll('locales').map(String),
    allowPrivateNetwork: form.get('allowPrivateNetwork') === 'on',
    // A new hook is on; the edit form has the box.
    active: mode === 'create' || form.get('active') === 'on',
  };
}

/** Checkbox groups come back as comma lists, boxes as 'on' or ''. */
function echoWebhookValues(form: FormData): Record<string, string> {
  return {
    url: formText(form, 'url'),
    events: form.getAll('events').map(String).join(','),
    locales: form.getAll('locales').map(String).join(','),
    allowPrivateNetwork: form.get('allowPrivateNetwork') === 'on' ? 'on' : '',
    active: form.get('active') === 'on' ? 'on' : '',
  };
}

type ProblemKey = keyof typeof webhookProblems;
const problemKeys = new Map(Object.entries(webhookProblems).map(([key, message]) => [message as string, key as ProblemKey]));

export async function invalidWebhookForm(locale: Locale, error: z.ZodError, form: FormData): Promise<FormState> {
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.webhooks.errors' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  const fields = await localizedFieldErrors(locale, error);
  for (const issue of error.issues) {
    // events.0 (an unknown event) is the events group's problem.
    const field = String(issue.path[0] ?? '_');
    const key = problemKeys.get(issue.message) ?? (field === 'events' || field === 'locales' ? field : undefined);
    if (key) fields[field] = [t(key)];
  }
  for (const key of Object.keys(fields)) if (/\.\d+$/.test(key)) delete fields[key];
  return { status: 'error', message: forms('fixErrors'), fields, values: echoWebhookValues(form) };
}

const explained = ['webhook-limit', 'webhook-not-found', 'webhook-off', 'not-finished'] as const;

export async function failedWebhookForm(locale: Locale, error: unknown, form: FormData): Promise<FormState> {
  const reason = isAppError(error) ? error.reason : undefined;
  if (reason && (explained as readonly string[]).includes(reason)) {
    const t = await getTranslations({ locale, namespace: 'studio.webhooks.errors' });
    return { status: 'error', message: t(reason as (typeof explained)[number], { max: maxWebhooks }), values: echoWebhookValues(form) };
  }
  const state = await failedForm(locale, error, form);
  return { ...state, values: echoWebhookValues(form) };
}
