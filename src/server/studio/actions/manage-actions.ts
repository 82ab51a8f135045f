'use server';
// Form actions for what surrounds the posts: tags, author profiles, media texts, people's
// roles and one's own password (the site's settings are settings-actions.ts). Each checks
// the session and the permission rules, parses the form with the input's zod schema, and
// revalidates the pages that show what changed.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { can, isRole, type Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import { authorProfileInput, changePasswordInput, mediaTextInput, tagInput } from '@/core/studio/inputs';
import { getDatabase } from '@/db/client';
import { createAccountRepository, type AccountRepository } from '@/db/repositories/accounts';
import { createAuthorRepository } from '@/db/repositories/authors';
import { createMediaFiles } from '@/db/repositories/media-files';
import { createTagRepository } from '@/db/repositories/tags';
import { locales, type Locale } from '@/core/locales';
import { accountKey, addressKey } from '@/core/auth/login-throttle';
import { RateLimitedError, withAttemptThrottle } from '@/server/auth/accounts';
import { authFor } from '@/server/auth/auth';
import { changeAccountRole, removeAccount } from '@/server/auth/manage-accounts';
import { actorFromHeaders } from '@/server/auth/session';
import { revalidateContent } from '@/server/revalidate';
import { allowedActor, formLocale, formText, savedState } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';
import { clientAddress } from '@/server/studio/guard';

/** Per-language pairs: a language with every field empty is left out. */
function perLocale<T>(form: FormData, build: (l: Locale) => T | null): Partial<Record<Locale, T>> {
  const out: Partial<Record<Locale, T>> = {};
  for (const l of locales) {
    const value = build(l);
    if (value !== null) out[l] = value;
  }
  return out;
}

export async function saveTagAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const id = formText(form, 'id');
  const parsed = tagInput.safeParse({
    key: formText(form, 'key'),
    names: perLocale(form, (l) => {
      const name = formText(form, `names.${l}.name`);
      const slug = formText(form, `names.${l}.slug`);
      return name || slug ? { name, slug } : null;
    }),
    // A browser sends a textarea's line breaks as CR LF: kept as LF, as imports write them.
    descriptions: perLocale(form, (l) => formText(form, `descriptions.${l}`).replace(/\r\n?/g, '\n') || null),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('tag.manage');
    await createTagRepository(getDatabase()).saveTag(/^\d+$/.test(id) ? Number(id) : null, parsed.data);
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveAuthorAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const id = Number(formText(form, 'id'));
  const parsed = authorProfileInput.safeParse({
    handle: formText(form, 'handle'),
    name: perLocale(form, (l) => formText(form, `name.${l}`) || null),
    bio: perLocale(form, (l) => formText(form, `bio.${l}`) || null),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const authors = createAuthorRepository(getDatabase());
    const owner = await authors.authorUserId(id);
    if (owner === undefined) throw new AppError('NOT_FOUND', 'There is no such author.');
    const actor = await actorFromHeaders(await headers());
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to the Studio first.');
    const own = owner !== null && owner === actor.id;
    if (!can(actor, own ? 'profile.edit-own' : 'author.manage')) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
    await authors.saveAuthor(id, parsed.data);
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveMediaTextsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = mediaTextInput.safeParse({
    mediaId: Number(formText(form, 'mediaId')),
    alt: perLocale(form, (l) => formText(form, `alt.${l}`) || null),
    caption: perLocale(form, (l) => formText(form, `caption.${l}`) || null),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const files = createMediaFiles(getDatabase());
    const uploadedBy = await files.mediaUploader(parsed.data.mediaId);
    if (uploadedBy === undefined) throw new AppError('NOT_FOUND', 'There is no such file.', { fields: { mediaId: ['No such file.'] } });
    await allowedActor('media.edit', { kind: 'media', uploadedBy });
    await files.saveMediaTexts(parsed.data);
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

/** The account a role change or removal is about, with a role the rules know. */
async function accountToManage(accounts: AccountRepository, userId: string): Promise<{ id: string; role: Role }> {
  const user = await accounts.getUser(userId);
  if (!user || !isRole(user.role)) throw new AppError('NOT_FOUND', 'There is no such account.');
  return { id: user.id, role: user.role };
}

export async function setRoleAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const userId = formText(form, 'userId');
  const role = formText(form, 'role');
  try {
    if (!isRole(role)) throw new AppError('VALIDATION', 'Choose a role.', { fields: { role: ['Choose a role.'] } });
    const accounts = createAccountRepository(getDatabase());
    const user = await accountToManage(accounts, userId);
    await allowedActor('user.manage', { kind: 'user', id: user.id, role: user.role, newRole: role as Role });
    await changeAccountRole(getDatabase(), user.id, role as Role);
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function removeUserAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  try {
    const accounts = createAccountRepository(getDatabase());
    const user = await accountToManage(accounts, formText(form, 'userId'));
    await allowedActor('user.manage', { kind: 'user', id: user.id, role: user.role });
    await removeAccount(getDatabase(), user.id);
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function changePasswordAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = changePasswordInput.safeParse({ currentPassword: formText(form, 'currentPassword'), newPassword: formText(form, 'newPassword') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await allowedActor('profile.edit-own');
    const requestHeaders = await headers();
    // A stolen session must not become a way to guess the password: the current
    // password is checked under the same throttle as signing in.
    const keys = [accountKey(actor.email), addressKey(clientAddress(requestHeaders))];
    // Every other session of the account ends; this one gets a fresh token.
    await withAttemptThrottle(getDatabase(), keys, () =>
      authFor(getDatabase()).api.changePassword({
        body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
        headers: requestHeaders,
      }),
    );
  } catch (error) {
    const t = await getTranslations({ locale, namespace: 'studio' });
    if (error instanceof RateLimitedError) {
      return { status: 'error', message: t('login.locked', { minutes: Math.ceil(error.retryAfter / 60) }), values: {} };
    }
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      return { status: 'error', message: t('manage.wrongPassword'), fields: { currentPassword: [t('manage.wrongPassword')] } };
    }
    return failedForm(locale, error, form);
  }
  // better-auth replaced this session too: a fresh request carries the new cookie, where
  // a re-render of this one would still carry the old.
  redirect(`/${locale}/studio/account?changed=1`);
}
