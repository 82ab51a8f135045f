// The requests of a member's own account, from a program (JSON) and from the pages' forms
// (no JavaScript needed: each form post is answered 303 back to a page, to a notice its
// fragment names, shown by CSS :target). The session is the `duet_member` cookie; a
// request without a live one is 401 (JSON) or sent to the sign-in page (form).
import { AppError } from '@/core/errors/app-error';
import { isLocale, type Locale } from '@/core/locales';
import { accountFormInput, deleteAccountInput, preferencesInput, sessionInput, signInRequestInput } from '@/core/members/account-input';
import { ownView, type Member } from '@/core/members/member';
import { deleteMember, memberData, newsletterChoices, saveMemberPreferences, setMemberSubscribed } from '@/db/members/member-account';
import { getDatabase } from '@/db/client';
import { errorLocale } from '@/server/api/error-titles';
import { readJson, readLimitedBody } from '@/server/api/read-json';
import { ensureDatabase } from '@/server/ensure-database';
import { wakeMailWorker } from '@/server/mail/mail-worker';
import { clientAddress } from '@/server/studio/guard';
import { memberTranslator } from './member-messages';
import { memberCookieOf, memberOfCookie, requestSignIn, sessionCookie, signInPath, signInWithToken, signOut } from './member-session';
import { isFormPost } from './subscribe-request';

const maxBodyBytes = 8 * 1024;
const noStore = { 'Cache-Control': 'no-store' };

/** The page language a form names in its action's query (`?locale=zh`), else the request's. */
function formLocale(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get('locale');
  return isLocale(asked) ? asked : errorLocale(request);
}

function seeOther(path: string, extra: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { Location: path, ...noStore, ...extra } });
}

async function readForm(request: Request): Promise<Record<string, unknown> & { newsletters?: string[] }> {
  const params = new URLSearchParams(new TextDecoder().decode(await readLimitedBody(request, maxBodyBytes)));
  const fields: Record<string, unknown> = Object.fromEntries(params);
  if (params.has('newsletters')) fields.newsletters = params.getAll('newsletters');
  return fields;
}

async function database() {
  await ensureDatabase();
  return getDatabase();
}

/** POST /api/v1/members/sign-in */
export async function answerSignInRequest(request: Request): Promise<Response> {
  const form = isFormPost(request);
  const locale = formLocale(request);
  const parsed = form ? signInRequestInput.safeParse({ locale, ...(await readForm(request)) }) : { success: true as const, data: await readJson(request, signInRequestInput, maxBodyBytes) };
  if (!parsed.success) return seeOther(`${signInPath(locale)}#sign-in-invalid`);
  try {
    await requestSignIn(await database(), parsed.data, { clientAddress: clientAddress(request.headers) });
  } catch (error) {
    if (form && error instanceof AppError && error.code === 'RATE_LIMITED') return seeOther(`${signInPath(locale)}#sign-in-limited`);
    throw error;
  }
  wakeMailWorker();
  if (form) return seeOther(`${signInPath(locale)}#sign-in-sent`);
  return Response.json({ message: memberTranslator(parsed.data.locale ?? errorLocale(request))('signIn.sent') }, { status: 202, headers: noStore });
}

/** POST /api/v1/members/session: the sign-in link's token for a session cookie. */
export async function answerSessionRequest(request: Request): Promise<Response> {
  const form = isFormPost(request);
  const input = form ? sessionInput.safeParse({ locale: formLocale(request), ...(await readForm(request)) }) : { success: true as const, data: await readJson(request, sessionInput, maxBodyBytes) };
  const locale = (input.success && input.data.locale) || formLocale(request);
  const signedIn = input.success ? await signInWithToken(await database(), input.data.token) : { state: 'unknown' as const, session: null };
  if (!signedIn.session) {
    if (form) return seeOther(`${signInPath(locale)}?link=${signedIn.state}`);
    throw new AppError('VALIDATION', `This sign-in link is ${signedIn.state === 'unknown' ? 'not one that was sent' : signedIn.state}.`, { fields: { token: [signedIn.state] }, reason: `sign-in-${signedIn.state}` });
  }
  const cookie = { 'Set-Cookie': sessionCookie(signedIn.session) };
  if (form) return seeOther(`/${locale}/members/account`, cookie);
  return new Response(null, { status: 204, headers: { ...noStore, ...cookie } });
}

async function signedInMember(request: Request): Promise<Member | null> {
  return memberOfCookie(await database(), memberCookieOf(request));
}

async function requireMember(request: Request): Promise<Member> {
  const member = await signedInMember(request);
  if (!member) throw new AppError('UNAUTHENTICATED', 'Sign in with the link sent to your address first.', { reason: 'member-signed-out' });
  return member;
}

/** GET /api/v1/members/me */
export async function answerAccountRead(request: Request): Promise<Response> {
  const member = await requireMember(request);
  const newsletters = await newsletterChoices(getDatabase(), member.id);
  return Response.json({ member: ownView(member), newsletters }, { headers: noStore });
}

/** PATCH /api/v1/members/me: {language, newsletters} */
export async function answerPreferencesChange(request: Request): Promise<Response> {
  const member = await requireMember(request);
  const input = await readJson(request, preferencesInput, maxBodyBytes);
  await saveMemberPreferences(getDatabase(), member.id, input, new Date());
  return answerAccountRead(request);
}

/** DELETE /api/v1/members/me: {confirmEmail}, the member's own address typed again. */
export async function answerAccountDeletion(request: Request): Promise<Response> {
  const member = await requireMember(request);
  const { confirmEmail } = await readJson(request, deleteAccountInput, maxBodyBytes);
  if (confirmEmail.toLowerCase() !== member.email) throw new AppError('VALIDATION', 'Type the address of this account to delete it.', { fields: { confirmEmail: ['Not this account’s address'] } });
  await deleteMember(getDatabase(), member);
  return new Response(null, { status: 204, headers: { ...noStore, 'Set-Cookie': sessionCookie(null) } });
}

/** GET /api/v1/members/me/data: everything kept about the member, as a JSON file. */
export async function answerDataDownload(request: Request): Promise<Response> {
  const member = await requireMember(request);
  const data = await memberData(getDatabase(), member);
  return new Response(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': 'attachment; filename="member-data.json"', ...noStore },
  });
}

/** POST /api/v1/members/me: the account page's forms (save, unsubscribe, resubscribe, sign out, delete). */
export async function answerAccountForm(request: Request): Promise<Response> {
  const locale = formLocale(request);
  const account = `/${locale}/members/account`;
  const member = await signedInMember(request);
  if (!member) return seeOther(`${signInPath(locale)}?link=signed-out`);
  const parsed = accountFormInput.safeParse(await readForm(request));
  if (!parsed.success) return seeOther(`${account}#account-invalid`);
  const db = getDatabase();
  const now = new Date();
  const input = parsed.data;
  switch (input.intent) {
    case 'save':
      await saveMemberPreferences(db, member.id, input, now);
      return seeOther(`${account}#account-saved`);
    case 'unsubscribe':
    case 'resubscribe':
      await setMemberSubscribed(db, member.id, input.intent === 'resubscribe', now);
      return seeOther(`${account}#account-${input.intent}d`);
    case 'sign-out':
      await signOut(db, memberCookieOf(request), now);
      return seeOther(`${signInPath(locale)}#signed-out`, { 'Set-Cookie': sessionCookie(null) });
    case 'delete':
      if (input.confirmEmail.toLowerCase() !== member.email) return seeOther(`${account}#account-delete-mismatch`);
      await deleteMember(db, member);
      return seeOther(`${signInPath(locale)}#account-deleted`, { 'Set-Cookie': sessionCookie(null) });
  }
}

export { isFormPost };
