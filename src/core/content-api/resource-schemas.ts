// The resources of the Content API as zod schemas: the handlers build their answers typed
// by these, and the OpenAPI document is generated from them (server/openapi), so the two
// cannot drift apart. A public contract: add fields, never rename or remove one.
import { z } from 'zod';
import { component } from '@/core/openapi/components';
import { locales, type Locale } from '@/core/locales';

export const localeSchema = component('Locale', z.enum(locales).meta({ description: 'A language of the site: `zh` (Simplified Chinese) or `en` (English).' }));
const url = z.url().meta({ description: 'An absolute URL.' });
const timestamp = z.iso.datetime().meta({ description: 'ISO 8601, UTC.' });
const id = z.int().min(1);

/**
 * One value per language. Without a chosen language both keys are present; with one
 * (`lang`, or Accept-Language), only that language's key. `null`: nothing in that language.
 */
function perLocale<T extends z.ZodType>(schema: T, description: string) {
  const shape = { zh: schema.nullable().optional(), en: schema.nullable().optional() } satisfies Record<Locale, unknown>;
  return z.object(shape).meta({ description });
}

export const mediaVariantSchema = z.object({
  url,
  width: z.int().min(1),
  height: z.int().min(1),
  format: z.enum(['webp', 'avif', 'mp4']),
});

export const imageSchema = component(
  'Image',
  z
    .object({
      url,
      mime: z.string(),
      width: z.int().min(1).nullable(),
      height: z.int().min(1).nullable(),
      alt: z.string().nullable().meta({ description: 'The description of the picture in the language of the text it belongs to; null when none was written.' }),
      variants: z.array(mediaVariantSchema).meta({ description: 'Smaller WebP and AVIF copies, for srcset; empty when there are none.' }),
    })
    .meta({ description: 'An image of the media library.' }),
);

export const narrationSchema = component(
  'Narration',
  z
    .object({
      url,
      mime: z.string(),
      bytes: z.int().min(0),
      durationSeconds: z.number().min(0).nullable(),
    })
    .meta({ description: 'A recording of the text read aloud, in its language.' }),
);

export const videoSchema = component(
  'Video',
  z
    .object({
      url,
      mime: z.string(),
      width: z.int().min(1).nullable(),
      height: z.int().min(1).nullable(),
      durationSeconds: z.number().min(0).nullable(),
      variants: z.array(mediaVariantSchema).meta({ description: 'Other encodings of the video (an MP4 copy of a WebM upload).' }),
      poster: imageSchema.nullable().meta({ description: 'The still shown before it plays; null when none was chosen (the page then shows the cover).' }),
      subtitles: z.array(z.object({ locale: localeSchema, url })).meta({ description: 'WebVTT subtitle tracks.' }),
    })
    .meta({ description: 'The video of a post.' }),
);

export const translationLinkSchema = component(
  'TranslationLink',
  z.object({ locale: localeSchema, id, slug: z.string(), url }).meta({ description: 'Where the other language of the same post is.' }),
);

export const translationSchema = component(
  'Translation',
  z
    .object({
      id,
      locale: localeSchema,
      slug: z.string().meta({ description: 'Unique among the texts of this language.' }),
      url: url.meta({ description: "The page's absolute URL on the site." }),
      title: z.string(),
      excerpt: z.string().meta({ description: 'The written excerpt, or one taken from the text when none was written.' }),
      html: z.string().meta({ description: 'The text as the page shows it (sanitized HTML), every link and media address made absolute.' }),
      markdown: z.string().meta({ description: 'The Markdown the HTML was made from; media addresses in it are relative to the site.' }),
      readingTimeMinutes: z.int().min(0),
      seoTitle: z.string().nullable(),
      seoDescription: z.string().nullable(),
      publishedAt: timestamp.meta({ description: 'When this language was last published.' }),
      updatedAt: timestamp.meta({ description: 'When what readers see of this language last changed.' }),
      cover: imageSchema.nullable(),
      narration: narrationSchema.nullable(),
      other: translationLinkSchema.nullable().meta({ description: "The other language's published text; null when it has none." }),
    })
    .meta({ description: 'One language of a post or page, as it is published.' }),
);

export const tagSchema = component(
  'Tag',
  z
    .object({
      id,
      translations: perLocale(z.object({ name: z.string(), slug: z.string(), url }), "The tag's name, slug and page per language."),
    })
    .meta({ description: 'A tag.' }),
);

export const authorSchema = component(
  'Author',
  z
    .object({
      id,
      handle: z.string().meta({ description: 'The same in every language; the author page is /{locale}/authors/{handle}.' }),
      translations: perLocale(
        z.object({ name: z.string().nullable(), bio: z.string().nullable(), url }),
        "The author's name, bio and page per language; a name or bio not written in that language is null.",
      ),
    })
    .meta({ description: 'A byline. No e-mail address or account data.' }),
);

export const postSchema = component(
  'Post',
  z
    .object({
      id,
      kind: z.enum(['post', 'page']).meta({ description: '`page`: a page at the top of the site, such as About.' }),
      sourceLocale: localeSchema.meta({ description: 'The language it was written in first.' }),
      featured: z.boolean(),
      publishedAt: timestamp.meta({ description: 'The publication date readers see; lists are ordered by it, newest first.' }),
      availableLocales: z.array(localeSchema).meta({ description: 'The languages it is published in.' }),
      authors: z.array(authorSchema),
      tags: z.array(tagSchema),
      video: videoSchema.nullable(),
      translations: perLocale(translationSchema, 'The published text per language; null when that language is not published (never the other language in its place).'),
    })
    .meta({ description: 'A post or page and its published translations.' }),
);

export const tagSummarySchema = component(
  'TagSummary',
  tagSchema.extend({ postCount: z.int().min(0).meta({ description: 'Published posts carrying the tag.' }) }).meta({ description: 'A tag and how many published posts carry it.' }),
);

export const authorProfileSchema = component(
  'AuthorProfile',
  authorSchema
    .extend({
      avatar: z.object({ url, variants: z.array(mediaVariantSchema) }).nullable().meta({ description: "The author's picture; null when none." }),
      postCount: z.int().min(0).meta({ description: 'Published posts with this byline.' }),
    })
    .meta({ description: 'An author with picture and number of posts.' }),
);

export const siteLinkSchema = z.object({ label: z.string(), url });

export const siteSettingsSchema = component(
  'SiteSettings',
  z
    .object({
      url: url.meta({ description: 'The root of the site.' }),
      locales: z.array(localeSchema),
      defaultLocale: localeSchema,
      accent: z
        .object({ light: z.string(), dark: z.string() })
        .meta({ description: 'The accent colour (#rrggbb) on the light paper, and the shade the site uses on the dark one.' }),
      logo: imageSchema.nullable(),
      icon: z.object({ url, width: z.int(), height: z.int() }).meta({ description: 'The square icon of the site (512 px).' }),
      translations: perLocale(
        z.object({
          title: z.string(),
          description: z.string(),
          url: url.meta({ description: 'The home page in this language.' }),
          navigation: z.array(siteLinkSchema),
          socialLinks: z.array(siteLinkSchema),
          feeds: z.object({ rss: url, atom: url, json: url, podcast: url }),
        }),
        "The site's name, description, links and feeds per language.",
      ),
    })
    .meta({ description: 'What the site says about itself. Nothing private.' }),
);

const chosenLocale = localeSchema.nullable().meta({
  description: 'The language the answer was given in (`lang`, else Accept-Language); null: every language.',
});

export const postListSchema = component(
  'PostList',
  z.object({
    locale: chosenLocale,
    data: z.array(postSchema),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  }),
);
export const postResponseSchema = component('PostResponse', z.object({ locale: chosenLocale, data: postSchema }));
export const tagListSchema = component('TagList', z.object({ locale: chosenLocale, data: z.array(tagSummarySchema) }));
export const tagResponseSchema = component('TagResponse', z.object({ locale: chosenLocale, data: tagSummarySchema }));
export const authorListSchema = component('AuthorList', z.object({ locale: chosenLocale, data: z.array(authorProfileSchema) }));
export const authorResponseSchema = component('AuthorResponse', z.object({ locale: chosenLocale, data: authorProfileSchema }));
export const settingsResponseSchema = component('SettingsResponse', z.object({ locale: chosenLocale, data: siteSettingsSchema }));

export type ApiPost = z.infer<typeof postSchema>;
export type ApiTranslation = z.infer<typeof translationSchema>;
export type ApiImage = z.infer<typeof imageSchema>;
export type ApiTag = z.infer<typeof tagSchema>;
export type ApiTagSummary = z.infer<typeof tagSummarySchema>;
export type ApiAuthor = z.infer<typeof authorSchema>;
export type ApiAuthorProfile = z.infer<typeof authorProfileSchema>;
export type ApiSiteSettings = z.infer<typeof siteSettingsSchema>;
export type ApiPostList = z.infer<typeof postListSchema>;
