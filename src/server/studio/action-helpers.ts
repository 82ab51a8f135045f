// What every Studio form action shares: the writer's language and the form's texts, the
// actor allowed to act (or the AppError the form shows), and the answer after a save.
// Kept out of the 'use server' files, whose every export becomes an action a client can call.
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { can, type Action, type Resource } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import { localeOrDefault, type Locale } from '@/core/locales';
import { actorFromHeaders, type StudioUser } from '@/server/auth/session';
import type { FormState } from './form-state';

/** The language the writer sees the Studio in (each form sends it as `$locale`). */
export function formLocale(form: FormData): Locale {
  return localeOrDefault(String(form.get('$locale') ?? ''));
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? '');

/** A chosen library image's id, or null for "none" (the empty choice); anything else as sent, for zod to refuse. */
export function chosenId(form: FormData, name: string): number | null | string {
  const value = formText(form, name);
  return value === '' ? null : /^\d+$/.test(value) ? Number(value) : value;
}

export async function savedState(locale: Locale): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'studio' });
  return { status: 'done', message: t('manage.saved') };
}

/** The signed-in actor allowed to do `action`, or an AppError the form shows. */
export async function allowedActor(action: Action, resource?: Resource): Promise<StudioUser> {
  const actor = await actorFromHeaders(await headers());
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to the Studio first.');
  if (!can(actor, action, resource)) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
  return actor;
}
