// The Studio's inputs for what surrounds the posts: tags, author profiles, the site's
// title and navigation per language, and the words that go with a media file.
import { z } from 'zod';
import { isTimeZone } from '@/core/time/zoned-time';
import { groupError, hrefField, localeField, perLocale, recordId, slugField } from './fields';
import { blockText, lineText, optionalLineText, textField } from './text-field';

export const maxNavigationLinks = 12;

/** A tag's stable key (used by imports and the demo) and its name and slug per language. */
export const tagInput = z.strictObject({
  key: slugField(60),
  names: perLocale(z.strictObject({ name: lineText(80), slug: slugField() }, { error: groupError }), true),
});
export type TagInput = z.infer<typeof tagInput>;

/** An author's public profile: the handle is the URL (/authors/{handle}). */
export const authorProfileInput = z.strictObject({
  handle: slugField(60),
  name: perLocale(lineText(80), true),
  bio: perLocale(blockText(2000)),
});
export type AuthorProfileInput = z.infer<typeof authorProfileInput>;

const navigationLink = z.strictObject({ label: lineText(60), href: hrefField }, { error: groupError });

/** The site's title, description and navigation in one language. */
export const siteSettingsInput = z.strictObject({
  locale: localeField,
  title: lineText(120),
  description: blockText(500),
  navigation: z
    .array(navigationLink, { error: 'Must be a list of links.' })
    .max(maxNavigationLinks, `Must have at most ${maxNavigationLinks} links.`),
});
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;

/** Alt text (one line; empty for a decorative image) and caption of a media file, per language. */
export const mediaTextInput = z.strictObject({
  mediaId: recordId,
  alt: perLocale(optionalLineText(500)),
  caption: perLocale(blockText(500)),
});
export type MediaTextInput = z.infer<typeof mediaTextInput>;

/** The site's time zone: schedules are set and shown on its clock (an IANA name). */
export const siteTimeZoneInput = z.strictObject({
  timeZone: textField({ max: 64, min: 1, format: (text) => (isTimeZone(text) ? null : 'Must be a time zone such as Asia/Shanghai.') }),
});
export type SiteTimeZoneInput = z.infer<typeof siteTimeZoneInput>;
