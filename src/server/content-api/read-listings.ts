// The Content API's tags, authors and site settings: the same reads the tag pages, author
// pages and every page's header and footer make, as API resources.
import type { ApiSiteSettings } from '@/core/content-api/resource-schemas';
import { shownLocales, toApiAuthorProfile, toApiImage, toApiTagSummary } from '@/core/content-api/to-api-resources';
import { createContentApiReader } from '@/db/repositories/content-api-reader';
import { createContentRepository } from '@/db/repositories/content-repository';
import { defaultLocale, locales, otherLocale, type Locale } from '@/core/locales';
import { feedPath } from '@/server/feeds/feed-links';
import { getSiteIdentity } from '@/server/site/site-identity';
import { absoluteUrl, siteUrl } from '@/core/config/site-url';
import { apiContext, cachedAnswer, contentDatabase } from './cached-answer';

export const readTags = cachedAnswer('tags', async (locale: Locale | null) => {
  const tags = await createContentRepository(await contentDatabase()).listTags();
  return { locale, data: tags.map((tag) => toApiTagSummary(tag, apiContext(locale))) };
});

/** By its slug in the chosen language first, then in the other (a slug is per language). */
export const readTag = cachedAnswer('tag', async (slug: string, locale: Locale | null) => {
  const tags = await createContentRepository(await contentDatabase()).listTags();
  const first = locale ?? defaultLocale;
  const tag = [first, otherLocale(first)].map((l) => tags.find((t) => t.names[l]?.slug === slug)).find((t) => t !== undefined);
  return tag ? { locale, data: toApiTagSummary(tag, apiContext(locale)) } : null;
});

/** Bylines with a published post, as the sitemap lists them; a newcomer is not announced before their first post. */
export const readAuthors = cachedAnswer('authors', async (locale: Locale | null) => {
  const profiles = await createContentApiReader(await contentDatabase()).listAuthorProfiles();
  return { locale, data: profiles.filter((p) => p.postCount > 0).map((p) => toApiAuthorProfile(p.author, p.avatar, p.postCount, apiContext(locale))) };
});

export const readAuthor = cachedAnswer('author', async (handle: string, locale: Locale | null) => {
  const [profile] = await createContentApiReader(await contentDatabase()).listAuthorProfiles({ handle });
  return profile ? { locale, data: toApiAuthorProfile(profile.author, profile.avatar, profile.postCount, apiContext(locale)) } : null;
});

/** What every page says about the site: its name and words per language, links, feeds and look. */
export const readSettings = cachedAnswer('settings', async (locale: Locale | null) => {
  const context = apiContext(locale);
  const identities = await Promise.all(shownLocales(context).map((l) => getSiteIdentity(l)));
  const look = identities[0]!;
  const link = ({ label, href }: { label: string; href: string }) => ({ label, url: absoluteUrl(href) });
  const settings: ApiSiteSettings = {
    url: siteUrl().toString(),
    locales: [...locales],
    defaultLocale,
    accent: { light: look.accent.light, dark: look.accent.dark },
    logo: look.logo && toApiImage(look.logo, locale, context),
    icon: { url: absoluteUrl(look.icons.icon512.path), width: 512, height: 512 },
    translations: Object.fromEntries(
      identities.map((site) => [
        site.locale,
        {
          title: site.name,
          description: site.description,
          url: absoluteUrl(`/${site.locale}`),
          navigation: site.navigation.map(link),
          socialLinks: site.socialLinks.map(link),
          feeds: {
            rss: absoluteUrl(feedPath(site.locale, 'rss')),
            atom: absoluteUrl(feedPath(site.locale, 'atom')),
            json: absoluteUrl(feedPath(site.locale, 'json')),
            podcast: absoluteUrl(feedPath(site.locale, 'podcast')),
          },
        },
      ]),
    ),
  };
  return { locale, data: settings };
});
