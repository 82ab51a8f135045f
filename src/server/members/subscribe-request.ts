// The two ways a subscription arrives at POST /api/v1/members: JSON from a program, or the
// subscribe form posted by a browser (with or without JavaScript). JSON is answered 202
// with one generic sentence in the request's language; a form is sent back to the page it
// came from (303), to the notice of the form it came from, named by the fragment
// (`#subscribe-sent`, `#subscribe-main-sent`…), which the page shows by CSS `:target`: the
// page itself stays static and cacheable.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { noticePrefix, subscribeFormInput, subscribeInput, subscribePlaces, type SubscribeInput, type SubscribePlace } from '@/core/members/subscribe-input';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { errorLocale } from '@/server/api/error-titles';
import { readJson, readLimitedBody } from '@/server/api/read-json';
import { wakeMailWorker } from '@/server/mail/mail-worker';
import { clientAddress } from '@/server/studio/guard';
import { memberTranslator } from './member-messages';
import { subscribeMember } from './subscribe-member';

const maxBodyBytes = 8 * 1024;

async function subscribe(request: Request, input: SubscribeInput): Promise<void> {
  await ensureDatabase();
  await subscribeMember(getDatabase(), input, { clientAddress: clientAddress(request.headers) });
  wakeMailWorker();
}

export function isFormPost(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');
}

export async function answerJsonSubscription(request: Request): Promise<Response> {
  await subscribe(request, await readJson(request, subscribeInput, maxBodyBytes));
  const message = memberTranslator(errorLocale(request))('accepted');
  return Response.json({ message }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}

type FormNotice = 'sent' | 'invalid' | 'limited';

function backTo(request: Request, path: string, place: SubscribePlace, notice: FormNotice): Response {
  const target = new URL(path, request.url);
  target.hash = `${noticePrefix(place)}-${notice}`;
  return new Response(null, { status: 303, headers: { Location: `${target.pathname}${target.search}${target.hash}`, 'Cache-Control': 'no-store' } });
}

export async function answerFormSubscription(request: Request): Promise<Response> {
  const params = new URLSearchParams(new TextDecoder().decode(await readLimitedBody(request, maxBodyBytes)));
  const fields: Record<string, unknown> = Object.fromEntries(params);
  if (params.has('newsletters')) fields.newsletters = params.getAll('newsletters');
  const parsed = subscribeFormInput.safeParse(fields);
  const returnTo = parsed.success ? (parsed.data.returnTo ?? '/') : z.string().regex(/^\/(?![/\\])[^\s#]*$/).max(2000).catch('/').parse(fields.returnTo);
  const place = parsed.success ? (parsed.data.place ?? 'footer') : z.enum(subscribePlaces).catch('footer').parse(fields.place);
  if (!parsed.success) return backTo(request, returnTo, place, 'invalid');
  const { email, language, newsletters, website } = parsed.data;
  const input: SubscribeInput = { email, language, newsletters, website };
  try {
    await subscribe(request, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return backTo(request, returnTo, place, 'limited');
    throw error;
  }
  return backTo(request, returnTo, place, 'sent');
}
