// What a Studio form's server action answers: nothing yet, or a message and the fields at
// fault in the writer's language, with the values they typed (never passwords) so nothing
// is lost when a form comes back.
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { fieldErrors, wholeInputKey } from '@/core/studio/field-errors';
import { validationCodeOf } from '@/core/studio/validation-code';
import { isAppError, type FieldErrors } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import { logger } from '@/server/logger';

export interface FormState {
  status: 'idle' | 'error' | 'done';
  message?: string;
  fields?: FieldErrors;
  values?: Record<string, string>;
  /** Something the page shows once the action succeeded (an invite link). */
  result?: string;
}

export const idle: FormState = { status: 'idle' };

/** The form's text fields, passwords left out. */
export function echoValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !/password/i.test(key) && !key.startsWith('$')) values[key] = value;
  }
  return values;
}

/**
 * Field messages in the writer's language. English is each issue's own sentence; another
 * language words the issue by its stable code (core/studio/validation-code.ts), with the
 * numbers the refusal carries, from `studio.validation`.
 */
export async function localizedFieldErrors(locale: Locale, error: z.ZodError): Promise<FieldErrors> {
  if (locale === 'en') return fieldErrors(error);
  const t = await getTranslations({ locale, namespace: 'studio.validation' });
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : wholeInputKey;
    const { code, values } = validationCodeOf(issue);
    const message = t(code, values);
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}

export async function invalidForm(locale: Locale, error: z.ZodError, form: FormData): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'studio.forms' });
  return { status: 'error', message: t('fixErrors'), fields: await localizedFieldErrors(locale, error), values: echoValues(form) };
}

/**
 * An AppError becomes the form's message (with its fields), worded from
 * studio.apiErrors when its reason is one the Studio explains; anything else is logged.
 */
export async function failedForm(locale: Locale, error: unknown, form: FormData): Promise<FormState> {
  const [t, apiErrors] = await Promise.all([getTranslations({ locale, namespace: 'studio.forms' }), getTranslations({ locale, namespace: 'studio.apiErrors' })]);
  if (isAppError(error)) {
    if (error.code === 'FORBIDDEN') return { status: 'error', message: t('forbidden'), values: echoValues(form) };
    const reason = error.reason as Parameters<typeof apiErrors>[0] | undefined;
    if (reason && apiErrors.has(reason)) {
      const explained = apiErrors(reason);
      const fields = error.fields && Object.fromEntries(Object.keys(error.fields).map((key) => [key, [explained]]));
      return { status: 'error', message: explained, fields, values: echoValues(form) };
    }
    return { status: 'error', message: error.message, fields: error.fields, values: echoValues(form) };
  }
  logger.error({ err: error }, 'studio form failed');
  return { status: 'error', message: t('error', { message: 'internal error' }), values: echoValues(form) };
}
