// The one-click unsubscribe of newsletter e-mails (RFC 8058): the link in an e-mail's
// footer and its `List-Unsubscribe` header carry a token naming the member and the
// newsletter (core/newsletters/unsubscribe-token.ts). A POST to the API with it, with no
// cookie and from any origin (a mail provider's servers send it), unsubscribes the member
// from that newsletter; a GET of the API's address (a person clicking the header's link)
// is sent to the confirmation page in the member's language, whose button posts it.
import { pageLocaleOf } from '@/core/members/member';
import { verifyUnsubscribeToken, type UnsubscribeTarget } from '@/core/newsletters/unsubscribe-token';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { readLinkKey } from '@/db/newsletters/link-key';
import { readUnsubscribeView, unsubscribeFromNewsletter, type UnsubscribeView } from '@/db/newsletters/unsubscribe';
import { ensureDatabase } from '@/server/ensure-database';

async function targetOf(token: unknown): Promise<UnsubscribeTarget | null> {
  await ensureDatabase();
  return verifyUnsubscribeToken(await readLinkKey(getDatabase()), token);
}

function unknownLink(): AppError {
  return new AppError('NOT_FOUND', 'This unsubscribe link is incomplete or was changed.', { fields: { token: ['Not a valid unsubscribe link.'] } });
}

/** POST: unsubscribes, and says where a browser goes next (the page, saying it is done). */
export async function answerUnsubscribe(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  const target = await targetOf(token);
  if (!target || !(await unsubscribeFromNewsletter(getDatabase(), target, new Date()))) throw unknownLink();
  // A form on the confirmation page: back to it. A mail provider's one-click POST: a plain answer.
  if (/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '') && request.headers.get('sec-fetch-mode') === 'navigate') {
    const view = await readUnsubscribeView(getDatabase(), target);
    const page = new URL(`/${pageLocaleOf(view?.language ?? 'zh')}/members/unsubscribe`, url);
    page.searchParams.set('token', token!);
    return new Response(null, { status: 303, headers: { Location: page.pathname + page.search, 'Cache-Control': 'no-store' } });
  }
  return Response.json({ unsubscribed: true }, { headers: { 'Cache-Control': 'no-store' } });
}

/** GET of the header's address: the confirmation page, in the member's language. */
export async function answerUnsubscribeLink(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  const target = await targetOf(token);
  const view = target ? await readUnsubscribeView(getDatabase(), target) : null;
  const page = new URL(`/${pageLocaleOf(view?.language ?? 'zh')}/members/unsubscribe`, url);
  if (token) page.searchParams.set('token', token);
  return new Response(null, { status: 303, headers: { Location: page.pathname + page.search, 'Cache-Control': 'no-store' } });
}

/** For the page: what the token names, or null when it names nothing. */
export async function readUnsubscribeLink(token: unknown): Promise<UnsubscribeView | null> {
  const target = await targetOf(token);
  return target ? readUnsubscribeView(getDatabase(), target) : null;
}
