// What an API key is, apart from where it is stored: its two scopes, its text form, what
// each scope lets a program do, and the Studio's form for making one. A key acts for the
// account that made it, with that account's role as it is when the key is used, and never
// more than its scope: a content key only reads what is published; an admin key also
// creates and edits drafts and asks for review. Publishing stays with people.
import { z } from 'zod';
import type { Action } from '@/core/auth/permissions';

export const apiKeyScopes = ['content', 'admin'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Requests per minute a new key may make, by scope (editable per key). */
export const defaultRateLimits: Record<ApiKeyScope, number> = { content: 600, admin: 120 };

const scopeMarks: Record<ApiKeyScope, string> = { content: 'c', admin: 'a' };

/** `duet_c_…` or `duet_a_…` followed by 43 base64url characters (256 random bits). */
export const apiKeyPattern = /^duet_([ca])_([A-Za-z0-9_-]{43})$/;

export function formatApiKey(scope: ApiKeyScope, random: Uint8Array): string {
  if (random.length !== 32) throw new Error('An API key takes 32 random bytes.');
  return `duet_${scopeMarks[scope]}_${Buffer.from(random).toString('base64url')}`;
}

/** The characters the Studio shows to tell keys apart; too few to guess the rest from. */
export function keyPrefix(key: string): string {
  return key.slice(0, 12);
}

export function isApiKeyText(value: string): boolean {
  return apiKeyPattern.test(value);
}

/** The Studio actions an admin key may be used for, on top of what its account's role allows. */
const adminKeyActions: ReadonlySet<Action> = new Set<Action>([
  'post.view',
  'post.create',
  'post.edit-source',
  'post.edit-translation',
  'post.submit-review',
]);

export function scopeAllows(scope: ApiKeyScope, action: Action): boolean {
  return scope === 'admin' && adminKeyActions.has(action);
}

function isOrigin(value: string): boolean {
  if (value === '*') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Origins typed one per line (or separated by spaces or commas). A wrong one is reported on
 * the list as a whole, the one field the writer typed them in.
 */
export const originList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : value),
  z
    .array(z.string().max(200))
    .max(20, { message: 'At most 20 origins.' })
    .superRefine((list, ctx) => {
      const wrong = list.filter((value) => !isOrigin(value));
      if (wrong.length > 0) ctx.addIssue({ code: 'custom', message: `Not an origin: ${wrong.join(', ')}. Write an origin such as https://app.example.com, or * for any.`, params: { validation: 'origin' } });
    }),
);

export const createApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, { message: 'Give the key a name.' }).max(80),
  scope: z.enum(apiKeyScopes),
  allowedOrigins: originList.default([]),
  rateLimitPerMinute: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;
