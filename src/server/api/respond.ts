// The JSON API's one error shape, and the mapping from anything thrown to it.
// No stack trace or internal message ever reaches a client. The title is in the language
// the request asks for (error-titles.ts), English by default; the message is English.
import { ZodError } from 'zod';
import { AppError, type FieldErrors } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import { errorTitle } from './error-titles';

export interface ApiErrorBody {
  error: { status: number; title: string; message: string; fields?: FieldErrors; reason?: string; details?: Record<string, unknown> };
}

export function errorBody(status: number, message: string, fields?: FieldErrors, reason?: string, details?: Record<string, unknown>, locale: Locale = 'en'): ApiErrorBody {
  return { error: { status, title: errorTitle(status, locale), message, ...(fields ? { fields } : {}), ...(reason ? { reason } : {}), ...(details ? { details } : {}) } };
}

export function jsonError(status: number, message: string, init: { fields?: FieldErrors; headers?: HeadersInit; reason?: string; details?: Record<string, unknown>; locale?: Locale } = {}) {
  return Response.json(errorBody(status, message, init.fields, init.reason, init.details, init.locale), {
    status,
    headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(new Headers(init.headers)) },
  });
}

/** Field paths (a.b.0) to their messages, from a zod error. */
export function fieldsOf(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** What the client is told about a thrown value; `expose` false means log it as a fault. */
export interface DescribedError {
  status: number;
  message: string;
  fields?: FieldErrors;
  reason?: string;
  retryAfterSeconds?: number;
  details?: Record<string, unknown>;
  expose: boolean;
}

export function describeError(error: unknown): DescribedError {
  if (error instanceof ZodError) {
    return { status: 400, message: 'The request has invalid fields.', fields: fieldsOf(error), expose: true };
  }
  if (error instanceof AppError) {
    // A 503 says "busy, try again", which is safe and useful to show; other 5xx stay vague.
    const isFault = error.status >= 500 && error.status !== 503;
    return {
      status: error.status,
      message: isFault ? 'The server could not complete the request.' : error.message,
      fields: error.fields,
      reason: isFault ? undefined : error.reason,
      retryAfterSeconds: error.retryAfterSeconds,
      details: isFault ? undefined : error.details,
      expose: !isFault,
    };
  }
  return { status: 500, message: 'The server could not complete the request.', expose: false };
}

/** The one error shape for a thrown value, with Retry-After when the error names a wait. */
export function errorResponse(described: DescribedError, locale: Locale = 'en'): Response {
  const headers: Record<string, string> = described.retryAfterSeconds ? { 'Retry-After': String(Math.ceil(described.retryAfterSeconds)) } : {};
  return jsonError(described.status, described.message, { fields: described.fields, reason: described.reason, details: described.details, headers, locale });
}
