// The Studio's inputs for what surrounds the posts: tags, author profiles, the site's
// identity (its name, words and links per language; its colour, logo and icon), and the
// words that go with a media file.
import { z } from 'zod';
import { findAccentIssue, normalizeHex } from '@/core/site/accent-colour';
import { isTimeZone } from '@/core/time/zoned-time';
import { groupError, hrefField, localeField, optionalEmailField, perLocale, recordId, slugField, webAddressField } from './fields';
import { blockText, lineText, optionalLineText, textField } from './text-field';

export const maxNavigationLinks = 12;
export const maxSocialLinks = 12;

/** Longest tag description, per language: a few sentences under the tag page's heading. */
export const maxTagDescription = 1000;

/** A tag's stable key (used by imports and the demo), its name and slug per language, and what its page says about it. */
export const tagInput = z.strictObject({
  key: slugField(60),
  names: perLocale(z.strictObject({ name: lineText(80), slug: slugField() }, { error: groupError }), true),
  descriptions: perLocale(blockText(maxTagDescription)).optional(),
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
const socialLink = z.strictObject({ label: lineText(60), href: webAddressField }, { error: groupError });

/**
 * The site in one language: its name (header, home, every tab title, feeds, link
 * previews, the installed app), its description (under the name on the home page, in
 * feeds and search results), extra navigation, links to the owner elsewhere (footer),
 * and the address podcast directories write to about the podcast (empty: none given).
 */
export const siteSettingsInput = z.strictObject({
  locale: localeField,
  title: lineText(120),
  description: blockText(500),
  navigation: z
    .array(navigationLink, { error: 'Must be a list of links.' })
    .max(maxNavigationLinks, `Must have at most ${maxNavigationLinks} links.`),
  socialLinks: z.array(socialLink, { error: 'Must be a list of links.' }).max(maxSocialLinks, `Must have at most ${maxSocialLinks} links.`),
  podcastEmail: optionalEmailField,
});
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;

/** An accent colour as typed (`#B3402A`, `b42`): empty for Duet's own. Stored as `#rrggbb` (storedAccent). */
const accentField = textField({ max: 16, format: (text) => (text === '' ? null : findAccentIssue(text)) });

/** What an accepted accent is stored as: `#rrggbb`, or null for Duet's own. */
export function storedAccent(accent: string): string | null {
  return accent === '' ? null : normalizeHex(accent);
}

/** A media file chosen from the library, or none. */
const chosenMedia = recordId.nullable();

/**
 * The site's look, in every language: the accent colour (checked for contrast), a logo
 * for the header and, optionally, one for dark mode, and the square icon every other
 * picture of the site is made from (the favicon, the home-screen icons and the podcast
 * artwork).
 */
export const siteLookInput = z.strictObject({
  accent: accentField,
  logoMediaId: chosenMedia,
  darkLogoMediaId: chosenMedia,
  iconMediaId: chosenMedia,
});
export type SiteLookInput = z.infer<typeof siteLookInput>;

/** One's own picture, shown on one's author page: a library image, or none. */
export const profilePictureInput = z.strictObject({ imageMediaId: chosenMedia });
export type ProfilePictureInput = z.infer<typeof profilePictureInput>;

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
