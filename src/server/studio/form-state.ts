// What a Studio form's server action answers: nothing yet, or a message and the fields at
// fault in the writer's language, with the values they typed (never passwords) so nothing
// is lost when a form comes back.
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import { fieldErrors } from '@/core/studio/field-errors';
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

/** Field messages in the writer's language: zod's codes mapped to our sentences. */
export async function localizedFieldErrors(locale: Locale, error: z.ZodError): Promise<FieldErrors> {
  if (locale === 'en') return fieldErrors(error);
  const t = await getTranslations({ locale, namespace: 'studio.validation' });
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const text = issue.message;
    const number = (m: RegExpExecArray) => Number(m[1]!.replace(/,/g, ''));
    let m: RegExpExecArray | null;
    let message: string;
    if ((m = /at least ([\d,]+) characters/.exec(text))) message = t('tooShort', { min: number(m) });
    else if ((m = /at most ([\d,]+) characters/.exec(text))) message = t('tooLong', { max: number(m) });
    else if (issue.code === 'invalid_type' || /^Required|must not be empty|visible character/i.test(text)) message = t('required');
    else if (/control character|broken character/i.test(text)) message = t('characters');
    else if (/line break/i.test(text)) message = t('lineBreak');
    else if (/e-?mail/i.test(text)) message = t('email');
    else if ((m = /contrast of ([\d.]+):1 on the light paper/.exec(text))) message = t('contrastLight', { ratio: m[1]! });
    else if ((m = /contrast of ([\d.]+):1 on the dark paper/.exec(text))) message = t('contrastDark', { ratio: m[1]! });
    else if (/colour in hex/.test(text)) message = t('colour');
    else if (/web address starting with/.test(text)) message = t('webAddress');
    else if (/origin such as/.test(text)) message = t('origin');
    else message = t('invalid');
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
