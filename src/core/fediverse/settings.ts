// The fediverse's settings (#29): the handle of each language's actor (`@zh@host` by
// default), whether follow requests are accepted at once or held for the owner, and
// whether replies wait for moderation (the default) or are shown at once. Stored as rows
// of the site's settings; read back through `parseFediverseSettings`, which never fails.
import { z } from 'zod';
import { locales, type Locale } from '@/core/locales';

export const followPolicies = ['auto', 'held'] as const;
export type FollowPolicy = (typeof followPolicies)[number];
export const repliesPolicies = ['held', 'auto'] as const;
export type RepliesPolicy = (typeof repliesPolicies)[number];

export interface FediverseSettings {
  handles: Record<Locale, string>;
  followPolicy: FollowPolicy;
  repliesPolicy: RepliesPolicy;
}

export const defaultFediverseSettings: FediverseSettings = {
  handles: { zh: 'zh', en: 'en' },
  followPolicy: 'auto',
  repliesPolicy: 'held',
};

/** The longest handle: Mastodon's own limit for a username. */
export const maxHandleLength = 30;

/**
 * A handle is the user part of `acct:handle@host`: lower-case letters, digits and `_`
 * (what Mastodon accepts for a username), 1 to 30 of them.
 */
export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]+$/)
  .min(1)
  .max(maxHandleLength);

export function isValidHandle(value: string): boolean {
  return handleSchema.safeParse(value).success && value === value.trim().toLowerCase();
}

/** The Studio's form: both handles, different from each other, and the two policies. */
export const fediverseSettingsSchema = z
  .strictObject({
    handles: z.strictObject({ zh: handleSchema, en: handleSchema }),
    followPolicy: z.enum(followPolicies),
    repliesPolicy: z.enum(repliesPolicies),
  })
  .refine((s) => s.handles.zh !== s.handles.en, { path: ['handles', 'en'], message: 'The two languages need different handles.' });

export type FediverseSettingsInput = z.infer<typeof fediverseSettingsSchema>;

/** The settings as stored rows (key → value); anything missing or unreadable is the default. */
export function parseFediverseSettings(stored: { handles: Partial<Record<Locale, string | undefined>>; followPolicy?: string; repliesPolicy?: string }): FediverseSettings {
  const handles = Object.fromEntries(
    locales.map((l) => {
      const value = stored.handles[l];
      return [l, value !== undefined && isValidHandle(value) ? value : defaultFediverseSettings.handles[l]];
    }),
  ) as Record<Locale, string>;
  if (handles.zh === handles.en) Object.assign(handles, defaultFediverseSettings.handles);
  const followPolicy = (followPolicies as readonly string[]).includes(stored.followPolicy ?? '') ? (stored.followPolicy as FollowPolicy) : defaultFediverseSettings.followPolicy;
  const repliesPolicy = (repliesPolicies as readonly string[]).includes(stored.repliesPolicy ?? '') ? (stored.repliesPolicy as RepliesPolicy) : defaultFediverseSettings.repliesPolicy;
  return { handles, followPolicy, repliesPolicy };
}

/** The language whose actor has this handle, if any. */
export function localeOfHandle(settings: FediverseSettings, handle: string): Locale | null {
  const wanted = handle.toLowerCase();
  return locales.find((l) => settings.handles[l] === wanted) ?? null;
}
