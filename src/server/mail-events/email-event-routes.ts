// The bounce and complaint webhooks, one route per provider under
// /api/v1/email-events/{ses|postmark|resend|mailgun|brevo}: each request is authenticated the
// provider's way (SNS certificate signature, HTTP Basic, Svix, Mailgun's HMAC, Brevo's
// token or HTTP Basic), its body
// read with a bound and parsed by zod, and its events recorded once
// (db/members/address-state.ts). A provider with nothing configured has no route here
// (404); a forged or stale request is a 401 that changes nothing.
import { AppError } from '@/core/errors/app-error';
import { emailEventsConfig, type EmailEventsConfig, type EmailEventsProvider } from '@/core/config/email-events';
import { brevoEvents, brevoInput, mailgunEvents, mailgunInput, postmarkEvents, postmarkInput, resendEvents, resendInput, sesEvents, snsEnvelopeInput } from '@/core/mail-events/provider-events';
import { isBasicAuthorized, isTokenAuthorized, verifyMailgunSignature, verifySvixSignature } from '@/core/mail-events/shared-secrets';
import { isSnsUrl, verifySnsSignature } from '@/core/mail-events/sns-signature';
import type { AddressEvent } from '@/core/members/address-state';
import { getDatabase, type Db } from '@/db/client';
import { recordAddressEvent } from '@/db/members/address-state';
import { readLimitedBody } from '@/server/api/read-json';
import { ensureDatabase } from '@/server/ensure-database';
import { logger } from '@/server/logger';
import { createCertificateCache, fetchOverNetwork, type CertificateCache, type FetchText } from './sns-certificates';

/** SES notifications carry the message's headers: SNS allows 256 KB, and so do we. */
const maxBodyBytes = 256 * 1024;
/** SNS retries for at most an hour by its default policies; an older signed message is a replay. */
const snsToleranceMs = 60 * 60 * 1000;

export interface EmailEventOptions {
  config?: EmailEventsConfig;
  certificates?: CertificateCache;
  /** Opens SNS's SubscribeURL when DUET_SES_CONFIRM_SUBSCRIPTIONS=1. */
  fetchText?: FetchText;
  db?: () => Promise<Db>;
  now?: () => Date;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function refused(why: string): AppError {
  return new AppError('UNAUTHENTICATED', `This event is not signed by the provider: ${why}.`, { reason: 'email-event-unsigned' });
}

async function readBody(request: Request): Promise<string> {
  try {
    return utf8.decode(await readLimitedBody(request, maxBodyBytes));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'The body is not valid UTF-8.', { fields: { _: ['Malformed body'] } });
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not valid JSON.', { fields: { _: ['Malformed JSON'] } });
  }
}

async function defaultDb(): Promise<Db> {
  await ensureDatabase();
  return getDatabase();
}

type Handler = (request: Request) => Promise<Response>;

export function createEmailEventHandlers(options: EmailEventOptions = {}): Record<EmailEventsProvider, Handler> {
  const config = () => options.config ?? emailEventsConfig();
  const certificates = options.certificates ?? createCertificateCache();
  const fetchText = options.fetchText ?? fetchOverNetwork;
  const openDb = options.db ?? defaultDb;
  const now = options.now ?? (() => new Date());

  async function record(events: AddressEvent[]): Promise<Response> {
    const db = await openDb();
    let changed = 0;
    for (const event of events) if ((await recordAddressEvent(db, event, now())).changed) changed += 1;
    if (events.length > 0) logger.info({ provider: events[0]!.provider, events: events.length, changed }, 'bounce and complaint events recorded');
    return Response.json({ events: events.length, changed }, { headers: { 'Cache-Control': 'no-store' } });
  }

  function configured<K extends EmailEventsProvider>(provider: K): NonNullable<EmailEventsConfig[K]> {
    const settings = config()[provider];
    if (!settings) throw new AppError('NOT_FOUND', 'No such route.');
    return settings as NonNullable<EmailEventsConfig[K]>;
  }

  async function ses(request: Request): Promise<Response> {
    const settings = configured('ses');
    const envelope = snsEnvelopeInput.parse(parseJson(await readBody(request)));
    if (!settings.topicArns.includes(envelope.TopicArn)) throw refused('topic not accepted');
    const pem = await certificates.get(envelope.SigningCertURL).catch(() => null);
    if (!pem || !verifySnsSignature(envelope, pem, now())) throw refused('SNS signature');
    const sent = Date.parse(envelope.Timestamp);
    if (!Number.isFinite(sent) || Math.abs(now().getTime() - sent) > snsToleranceMs) throw refused('stale timestamp');
    if (envelope.Type === 'SubscriptionConfirmation') {
      const url = envelope.SubscribeURL ?? '';
      const confirm = settings.confirmSubscriptions && isSnsUrl(url);
      logger.info({ topicArn: envelope.TopicArn, subscribeUrl: url, confirming: confirm }, 'Amazon SNS asks to confirm the subscription of this site’s bounce webhook');
      if (confirm) await fetchText(url);
      return Response.json({ confirmed: confirm }, { headers: { 'Cache-Control': 'no-store' } });
    }
    return record(envelope.Type === 'Notification' ? sesEvents(envelope.MessageId, envelope.Message) : []);
  }

  async function postmark(request: Request): Promise<Response> {
    const settings = configured('postmark');
    // Identified before a byte of the body is read.
    if (!isBasicAuthorized(request.headers.get('authorization'), settings.user, settings.password)) throw refused('credentials');
    return record(postmarkEvents(postmarkInput.parse(parseJson(await readBody(request)))));
  }

  async function resend(request: Request): Promise<Response> {
    const settings = configured('resend');
    const [id, timestamp, signature] = ['svix-id', 'svix-timestamp', 'svix-signature'].map((name) => request.headers.get(name) ?? '');
    if (!id || !timestamp || !signature) throw refused('no Svix headers');
    const body = await readBody(request);
    if (!verifySvixSignature(settings.secret, { id, timestamp, signature }, body, now())) throw refused('Svix signature');
    return record(resendEvents(id, resendInput.parse(parseJson(body))));
  }

  async function mailgun(request: Request): Promise<Response> {
    const settings = configured('mailgun');
    const input = mailgunInput.parse(parseJson(await readBody(request)));
    if (!verifyMailgunSignature(settings.signingKey, input.signature, now())) throw refused('Mailgun signature');
    return record(mailgunEvents(input));
  }

  async function brevo(request: Request): Promise<Response> {
    const settings = configured('brevo');
    // Identified before a byte of the body is read: the token (header or URL), or Basic credentials.
    const authorization = request.headers.get('authorization');
    const byToken = settings.token !== null && isTokenAuthorized(authorization, new URL(request.url).searchParams.get('token'), settings.token);
    const byBasic = settings.user !== null && settings.password !== null && isBasicAuthorized(authorization, settings.user, settings.password);
    if (!byToken && !byBasic) throw refused('credentials');
    return record(brevoEvents(brevoInput.parse(parseJson(await readBody(request)))));
  }

  return { ses, postmark, resend, mailgun, brevo };
}

let shared: Record<EmailEventsProvider, Handler> | null = null;

/** The handlers routes use: one certificate cache per process. */
export function emailEventHandler(provider: EmailEventsProvider): Handler {
  return (request) => {
    shared ??= createEmailEventHandlers();
    return shared[provider](request);
  };
}
