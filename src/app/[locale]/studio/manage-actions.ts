'use server';
// Form actions for what surrounds the posts: tags, author profiles, site settings,
// media texts, people's roles and one's own password. Each checks the session and the
// permission rules, parses the form with the input's zod schema, and revalidates the
// pages that show what changed.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { can, isRole, type Action, type Resource, type Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import { authorProfileInput, changePasswordInput, mediaTextInput, siteSettingsInput, siteTimeZoneInput, tagInput } from '@/core/studio/inputs';
import { getDatabase } from '@/db/client';
import { createStudioAdmin, type StudioAdmin } from '@/db/repositories/studio-admin';
import { localeOrDefault, locales, type Locale } from '@/i18n/routing';
import { accountKey, addressKey } from '@/core/auth/login-throttle';
import { RateLimitedError, withAttemptThrottle } from '@/server/auth/accounts';
import { authFor } from '@/server/auth/auth';
import { actorFromHeaders, type StudioUser } from '@/server/auth/session';
import { revalidateContent } from '@/server/revalidate';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';
import { clientAddress } from '@/server/studio/guard';

function formLocale(form: FormData): Locale {
  return localeOrDefault(String(form.get('$locale') ?? ''));
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

async function done(locale: Locale): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'studio' });
  return { status: 'done', message: t('manage.saved') };
}

/** The signed-in actor allowed to do `action`, or an AppError the form shows. */
async function allowed(action: Action, resource?: Resource): Promise<StudioUser> {
  const actor = await actorFromHeaders(await headers());
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to the Studio first.');
  if (!can(actor, action, resource)) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
  return actor;
}

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
  const id = text(form, 'id');
  const parsed = tagInput.safeParse({
    key: text(form, 'key'),
    names: perLocale(form, (l) => {
      const name = text(form, `names.${l}.name`);
      const slug = text(form, `names.${l}.slug`);
      return name || slug ? { name, slug } : null;
    }),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowed('tag.manage');
    await createStudioAdmin(getDatabase()).saveTag(/^\d+$/.test(id) ? Number(id) : null, parsed.data);
    revalidateContent();
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveAuthorAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const id = Number(text(form, 'id'));
  const parsed = authorProfileInput.safeParse({
    handle: text(form, 'handle'),
    name: perLocale(form, (l) => text(form, `name.${l}`) || null),
    bio: perLocale(form, (l) => text(form, `bio.${l}`) || null),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const admin = createStudioAdmin(getDatabase());
    const owner = await admin.authorUserId(id);
    if (owner === undefined) throw new AppError('NOT_FOUND', 'There is no such author.');
    const actor = await actorFromHeaders(await headers());
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to the Studio first.');
    const own = owner !== null && owner === actor.id;
    if (!can(actor, own ? 'profile.edit-own' : 'author.manage')) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
    await admin.saveAuthor(id, parsed.data);
    revalidateContent();
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

/** Navigation is typed one link per line: `Label | /path` or `Label | https://…`. */
function parseNavigationLines(value: string): Array<{ label: string; href: string }> {
  return value
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.lastIndexOf('|');
      return at === -1 ? { label: line.trim(), href: '' } : { label: line.slice(0, at).trim(), href: line.slice(at + 1).trim() };
    });
}

export async function saveTimeZoneAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = siteTimeZoneInput.safeParse({ timeZone: text(form, 'timeZone') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowed('settings.manage');
    await createStudioAdmin(getDatabase()).saveTimeZone(parsed.data.timeZone);
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveSettingsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = siteSettingsInput.safeParse({
    locale: text(form, 'locale'),
    title: text(form, 'title'),
    description: text(form, 'description'),
    navigation: parseNavigationLines(text(form, 'navigation')),
  });
  if (!parsed.success) {
    const state = await invalidForm(locale, parsed.error, form);
    // Errors on navigation.3.href belong beside the one navigation box.
    const fields: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(state.fields ?? {})) {
      const target = key.startsWith('navigation.') ? 'navigation' : key;
      const line = key.match(/^navigation\.(\d+)/)?.[1];
      fields[target] = [...(fields[target] ?? []), ...messages.map((m) => (line !== undefined ? `${Number(line) + 1}: ${m}` : m))];
    }
    return { ...state, fields };
  }
  try {
    await allowed('settings.manage');
    await createStudioAdmin(getDatabase()).saveSettings(parsed.data);
    revalidateContent();
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveMediaTextsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = mediaTextInput.safeParse({
    mediaId: Number(text(form, 'mediaId')),
    alt: perLocale(form, (l) => text(form, `alt.${l}`) || null),
    caption: perLocale(form, (l) => text(form, `caption.${l}`) || null),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const admin = createStudioAdmin(getDatabase());
    const uploadedBy = await admin.mediaUploader(parsed.data.mediaId);
    if (uploadedBy === undefined) throw new AppError('NOT_FOUND', 'There is no such file.', { fields: { mediaId: ['No such file.'] } });
    await allowed('media.edit', { kind: 'media', uploadedBy });
    await admin.saveMediaTexts(parsed.data);
    revalidateContent();
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

/** The account a role change or removal is about, with a role the rules know. */
async function accountToManage(admin: StudioAdmin, userId: string): Promise<{ id: string; role: Role }> {
  const user = await admin.getUser(userId);
  if (!user || !isRole(user.role)) throw new AppError('NOT_FOUND', 'There is no such account.');
  return { id: user.id, role: user.role };
}

export async function setRoleAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const userId = text(form, 'userId');
  const role = text(form, 'role');
  try {
    if (!isRole(role)) throw new AppError('VALIDATION', 'Choose a role.', { fields: { role: ['Choose a role.'] } });
    const admin = createStudioAdmin(getDatabase());
    const user = await accountToManage(admin, userId);
    await allowed('user.manage', { kind: 'user', id: user.id, role: user.role, newRole: role as Role });
    await admin.setRole(user.id, role as Role);
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function removeUserAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  try {
    const admin = createStudioAdmin(getDatabase());
    const user = await accountToManage(admin, text(form, 'userId'));
    await allowed('user.manage', { kind: 'user', id: user.id, role: user.role });
    await admin.removeUser(user.id);
    return done(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function changePasswordAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = changePasswordInput.safeParse({ currentPassword: text(form, 'currentPassword'), newPassword: text(form, 'newPassword') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await allowed('profile.edit-own');
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
