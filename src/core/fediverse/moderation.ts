// The Studio's side of the fediverse, as rules: what a moderator may send (the inputs of
// the Followers, Replies and Settings screens), which page of a list a link asks for, and
// the address a reader types into Mastodon. Pure: the Studio's forms and the server
// actions parse with the same schemas.
import { z } from 'zod';
import { isLocale, type Locale } from '@/core/locales';
import { problem, problemParams } from '@/core/studio/validation-code';
import { followPolicies, isValidHandle, maxHandleLength, repliesPolicies } from './settings';
import { replyStates, type FollowerState, type ReplyState } from './types';

/** A page of followers, replies or blocks. */
export const fediversePageSize = 25;

/** The two lists the Followers screen shows per language. */
export const followerStates = ['accepted', 'pending'] as const satisfies readonly FollowerState[];

/**
 * A language's handle as the Studio's form sends it: the rule is the federation's
 * (`isValidHandle`), the refusal carries the code the form words it by.
 */
export const fediverseHandle = z.string().refine((value) => isValidHandle(value), {
  params: problemParams(problem('handle', `Use 1 to ${maxHandleLength} characters: lowercase letters a–z, digits and _.`)),
});

export const fediverseSettingsInput = z
  .strictObject({
    zhHandle: fediverseHandle,
    enHandle: fediverseHandle,
    followPolicy: z.enum(followPolicies),
    repliesPolicy: z.enum(repliesPolicies),
  })
  .refine((input) => input.zhHandle !== input.enHandle, {
    path: ['enHandle'],
    params: problemParams(problem('handlesDistinct', 'The two languages need different handles.')),
  });
export type FediverseSettingsInput = z.infer<typeof fediverseSettingsInput>;

const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const followerDecisionInput = z.strictObject({ id: rowId, decision: z.enum(['accept', 'reject']) });
export const replyDecisionInput = z.strictObject({ id: rowId, state: z.enum(replyStates) });
export const blockIdInput = z.strictObject({ id: rowId });

const hostPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/** What is blocked: an actor by its id (an http(s) URL), or an instance by its host name. */
export const blockInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('actor'), value: z.url({ protocol: /^https?$/ }).max(2000) }),
  z.strictObject({
    kind: z.literal('instance'),
    value: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => hostPattern.test(value), { params: problemParams(problem('invalid', 'Enter a host name, such as social.example.')) }),
  }),
]);
export type BlockInput = z.infer<typeof blockInput>;

/** Which followers a Followers link shows: a language, accepted or waiting, and the page after an id. */
export interface FollowerQuery {
  locale: Locale;
  state: FollowerState;
  before?: number;
}

/** Which replies a Replies link shows: a state and the page after an id. */
export interface ReplyQuery {
  state: ReplyState;
  before?: number;
}

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A keyset cursor from a link: a positive id, or none (the first page) for anything else. */
function parseBefore(value: string | string[] | undefined): number | undefined {
  const text = first(value);
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

/** A link's query, read leniently: what it does not understand is the default view. */
export function parseFollowerQuery(params: SearchParams, fallback: Locale): FollowerQuery {
  const locale = first(params.language);
  const state = first(params.state);
  const before = parseBefore(params.before);
  return {
    locale: isLocale(locale) ? locale : fallback,
    state: state === 'pending' ? 'pending' : 'accepted',
    ...(before ? { before } : {}),
  };
}

export function parseReplyQuery(params: SearchParams): ReplyQuery {
  const state = first(params.state);
  const before = parseBefore(params.before);
  return { state: (replyStates as readonly (string | undefined)[]).includes(state) ? (state as ReplyState) : 'held', ...(before ? { before } : {}) };
}

/** One page of a list and the cursor of the next (null: this is the last). */
export interface KeysetPage<T> {
  items: T[];
  next: number | null;
}

/** Cuts a list read with one row more than a page into the page and the next page's cursor. */
export function toKeysetPage<T extends { id: number }>(rows: T[], size = fediversePageSize): KeysetPage<T> {
  const items = rows.slice(0, size);
  return { items, next: rows.length > size ? items.at(-1)!.id : null };
}

/** The address a reader types into Mastodon's search to follow a language: `@zh@example.com`. */
export function fediverseAddress(handle: string, host: string): string {
  return `@${handle}@${host}`;
}
