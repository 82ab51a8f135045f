'use server';
// The Studio's form actions (setup, sign in and out, new post, invites). Next refuses a
// server action whose Origin is not this site's, and each action checks the session and
// the permission rules itself before it writes.
import { refresh } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { can } from '@/core/auth/permissions';
import { acceptInviteInput, inviteInput, loginInput, newPostInput, setupOwnerInput } from '@/core/studio/inputs';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { localeOrDefault, type Locale } from '@/core/locales';
import { RateLimitedError, setupOwner, signIn } from '@/server/auth/accounts';
import { authFor } from '@/server/auth/auth';
import { acceptInvite, createInvite, revokeInvite } from '@/server/auth/invites';
import { actorFromHeaders } from '@/server/auth/session';
import { createDraft } from '@/server/studio/draft-writes';
import { echoValues, failedForm, invalidForm, type FormState } from '@/server/studio/form-state';
import { clientAddress } from '@/server/studio/guard';
import { siteUrl } from '@/core/config/site-url';

/** SITE_URL when set; otherwise the address the owner is using right now. */
async function requestOrigin(): Promise<string> {
  if (process.env.SITE_URL) return siteUrl().origin;
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  return `${h.get('x-forwarded-proto') ?? 'http'}://${host}`;
}

function formLocale(form: FormData): Locale {
  return localeOrDefault(String(form.get('$locale') ?? ''));
}

function fieldsOf(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? '')]));
}

/**
 * Signs in an account that was just made (the owner at setup, or an invite accepted) and
 * returns where to go: the Studio, or the sign-in page should that fail for any reason.
 */
async function signInAfterSignUp(locale: Locale, credentials: { email: string; password: string }): Promise<string> {
  try {
    const requestHeaders = await headers();
    await signIn(getDatabase(), credentials, { headers: requestHeaders, address: clientAddress(requestHeaders) });
    return `/${locale}/studio`;
  } catch {
    return `/${locale}/studio/login?setup=1`;
  }
}

export async function setupAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = setupOwnerInput.safeParse(fieldsOf(form, ['name', 'email', 'password']));
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await ensureDatabase();
    await setupOwner(getDatabase(), parsed.data);
  } catch (error) {
    return failedForm(locale, error, form);
  }
  redirect(await signInAfterSignUp(locale, parsed.data));
}

export async function loginAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = loginInput.safeParse(fieldsOf(form, ['email', 'password']));
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  const t = await getTranslations({ locale, namespace: 'studio.login' });
  try {
    await ensureDatabase();
    const requestHeaders = await headers();
    // better-auth's nextCookies plugin writes the session cookie through next/headers.
    await signIn(getDatabase(), parsed.data, { headers: requestHeaders, address: clientAddress(requestHeaders) });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return { status: 'error', message: t('locked', { minutes: Math.ceil(error.retryAfter / 60) }), values: echoValues(form) };
    }
    if (error instanceof Error && 'code' in error && error.code === 'UNAUTHENTICATED') {
      return { status: 'error', message: t('wrong'), values: echoValues(form) };
    }
    return failedForm(locale, error, form);
  }
  redirect(`/${locale}/studio`);
}

export async function logoutAction(form: FormData): Promise<void> {
  const locale = formLocale(form);
  await authFor(getDatabase()).api.signOut({ headers: await headers() });
  redirect(`/${locale}/studio/login?signedOut=1`);
}

export async function createPostAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = newPostInput.safeParse(fieldsOf(form, ['title', 'sourceLocale']));
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  let id: number;
  try {
    const actor = await actorFromHeaders(await headers());
    if (!actor) redirect(`/${locale}/studio/login`);
    id = await createDraft(actor, parsed.data);
  } catch (error) {
    return failedForm(locale, error, form);
  }
  redirect(`/${locale}/studio/posts/${id}`);
}

export async function inviteAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = inviteInput.safeParse(fieldsOf(form, ['email', 'role']));
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await actorFromHeaders(await headers());
    if (!actor) redirect(`/${locale}/studio/login`);
    if (!can(actor, 'user.invite')) {
      const t = await getTranslations({ locale, namespace: 'studio.forms' });
      return { status: 'error', message: t('forbidden'), values: echoValues(form) };
    }
    const { token } = await createInvite(getDatabase(), { email: parsed.data.email, role: parsed.data.role, invitedBy: actor.id });
    const url = new URL(`/${locale}/studio/invite/${token}`, await requestOrigin()).toString();
    // The page's list of open invites shows the new one with the answer.
    refresh();
    return { status: 'done', result: url };
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

const revokeInviteInput = z.strictObject({ id: z.coerce.number().int().min(1) });

export async function revokeInviteAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = revokeInviteInput.safeParse(fieldsOf(form, ['id']));
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await actorFromHeaders(await headers());
    if (!actor) redirect(`/${locale}/studio/login`);
    if (!can(actor, 'user.invite')) throw new AppError('FORBIDDEN', 'Your role cannot manage invites.');
    await revokeInvite(getDatabase(), parsed.data.id);
  } catch (error) {
    return failedForm(locale, error, form);
  }
  redirect(`/${locale}/studio/users?revoked=1`);
}

export async function acceptInviteAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = acceptInviteInput.safeParse(fieldsOf(form, ['token', 'name', 'password']));
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  let account: { email: string };
  try {
    await ensureDatabase();
    account = await acceptInvite(getDatabase(), parsed.data.token, { name: parsed.data.name, password: parsed.data.password });
  } catch (error) {
    return failedForm(locale, error, form);
  }
  redirect(await signInAfterSignUp(locale, { email: account.email, password: parsed.data.password }));
}
