// How an API operation is declared: its method and path, who may call it, and the zod
// schemas of its inputs and of its answer. The handler parses with these very schemas
// and builds its answer typed by them; the OpenAPI document (build-document.ts) is
// generated from the same objects, so what is documented is what runs.
import type { z } from 'zod';

/** `content`/`admin`: an API key of that scope is required; `public`: nothing is. */
export type ApiAuth = 'content' | 'admin' | 'public';
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Error statuses an operation may declare beyond the ones added for it (see errorsOf). */
export type DeclaredErrorStatus = 400 | 404 | 409 | 412 | 413 | 415 | 422;

/** A strict object of text values: path segments or query parameters. */
export type TextInputs = z.ZodObject;

export interface ApiOperation {
  /** Unique, camelCase: names the operation in the document and in client generators. */
  operationId: string;
  method: ApiMethod;
  /** The path as OpenAPI writes it: /api/v1/content/posts/{id}. */
  path: `/api/${string}`;
  /** The group it is listed under in the reference (e.g. "Posts"). */
  tag: string;
  summary: string;
  description?: string;
  auth: ApiAuth;
  /** The path's {segments}, one key each. */
  params?: TextInputs;
  /** Query parameters (a z.strictObject: unknown ones are a 400). The key's `key` is not one of them. */
  query?: TextInputs;
  /** The JSON request body. */
  body?: z.ZodType;
  /** The success answer; `schema` is its JSON body (none for 204). */
  ok: { status: 200 | 201 | 202 | 204; description: string; schema?: z.ZodType };
  /** Other errors this operation answers with; 400 (inputs) and 401/403/429 (keys) are added as they apply. */
  errors?: readonly DeclaredErrorStatus[];
  /** An error answer with more than the one error shape (a 409 with the current version), named with component(). */
  errorBodies?: Partial<Record<DeclaredErrorStatus, z.ZodType>>;
  /** Answered with an ETag, and 304 Not Modified to a matching If-None-Match. */
  cacheable?: boolean;
  /** Values for the reference's example request: path segments, query parameters, a body. */
  example?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
}

/** Declares an operation, keeping its exact schema types for the handler that serves it. */
export function defineOperation<const O extends ApiOperation>(operation: O): O {
  return operation;
}

/** The body type an operation's success answer has. */
export type OkBody<O extends ApiOperation> = O['ok']['schema'] extends z.ZodType ? z.output<O['ok']['schema']> : never;
/** The parsed path segments and query of an operation. */
export type ParsedParams<O extends ApiOperation> = O['params'] extends z.ZodType ? z.output<O['params']> : Record<string, never>;
export type ParsedQuery<O extends ApiOperation> = O['query'] extends z.ZodType ? z.output<O['query']> : Record<string, never>;

/** Every error status the operation can answer with, in order. */
export function errorsOf(operation: ApiOperation): number[] {
  const statuses = new Set<number>(operation.errors ?? []);
  if (operation.params || operation.query || operation.body) statuses.add(400);
  if (operation.auth !== 'public') {
    statuses.add(401);
    statuses.add(403);
    statuses.add(429);
  }
  return [...statuses].sort((a, b) => a - b);
}
