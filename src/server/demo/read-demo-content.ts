// Reads and validates the demo magazine in demo/: authors, tags, site settings, the
// media manifest and every post folder. All of it is checked before anything is
// written, so a typo in a demo file fails the seed with the file's name and no half-import.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { locales, type Locale } from '@/core/locales';
import { parseFrontMatter, type FrontMatter } from './parse-front-matter';

const localeEnum = z.enum(locales);
const perLocaleText = z.strictObject({ zh: z.string().min(1).optional(), en: z.string().min(1).optional() });
const tagName = z.strictObject({ name: z.string().min(1), slug: z.string().min(1) });

const authorsSchema = z.array(z.strictObject({ handle: z.string().min(1), name: perLocaleText, bio: perLocaleText }));
const tagsSchema = z.array(z.strictObject({ key: z.string().min(1), zh: tagName.optional(), en: tagName.optional() }));
const siteSchema = z.strictObject({ title: perLocaleText, description: perLocaleText });
const manifestSchema = z.strictObject({
  note: z.string().optional(),
  files: z.record(
    z.string(),
    z.strictObject({
      durationSeconds: z.number().positive(),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
    }),
  ),
});
const metaSchema = z.strictObject({
  kind: z.enum(['post', 'page']),
  sourceLocale: localeEnum,
  featured: z.boolean(),
  publishedAt: z.iso.datetime(),
  authors: z.array(z.string()),
  tags: z.array(z.string()),
  narration: z.boolean().optional(),
  video: z.boolean().optional(),
  /** This language was translated from an older revision of the source (demo of an outdated translation). */
  outdatedLocale: localeEnum.optional(),
  coverAlt: perLocaleText,
});

export type DemoMeta = z.infer<typeof metaSchema>;
export type DemoManifest = z.infer<typeof manifestSchema>;

export interface DemoTranslation extends FrontMatter {
  body: string;
}

export interface DemoPost {
  /** The folder name; media files are named after it. */
  key: string;
  meta: DemoMeta;
  translations: Partial<Record<Locale, DemoTranslation>>;
  /** `<source>.previous.md`: the source as it was when the outdated translation was made. */
  previousSource: DemoTranslation | null;
}

export interface DemoContent {
  authors: z.infer<typeof authorsSchema>;
  tags: z.infer<typeof tagsSchema>;
  site: z.infer<typeof siteSchema>;
  manifest: DemoManifest;
  /** Oldest first, so ids grow with publication time. */
  posts: DemoPost[];
}

async function readJson<T>(demoDir: string, file: string, schema: z.ZodType<T>): Promise<T> {
  const path = join(demoDir, file);
  const parsed = schema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${relative(process.cwd(), path)}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

async function readTranslation(file: string): Promise<DemoTranslation | null> {
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (source === null) return null;
  const { fields, body } = parseFrontMatter(source, file);
  return { ...fields, body };
}

async function readPost(postsDir: string, key: string): Promise<DemoPost> {
  const dir = join(postsDir, key);
  const meta = await readJson(postsDir, join(key, 'meta.json'), metaSchema);
  const translations: DemoPost['translations'] = {};
  for (const locale of locales) {
    const translation = await readTranslation(join(dir, `${locale}.md`));
    if (translation) translations[locale] = translation;
  }
  if (!translations[meta.sourceLocale]) throw new Error(`${dir}: missing ${meta.sourceLocale}.md (its source language)`);
  if (meta.outdatedLocale === meta.sourceLocale) throw new Error(`${dir}: outdatedLocale must be the translated language`);
  const previousSource = meta.outdatedLocale ? await readTranslation(join(dir, `${meta.sourceLocale}.previous.md`)) : null;
  if (meta.outdatedLocale && (!previousSource || !translations[meta.outdatedLocale])) {
    throw new Error(`${dir}: outdatedLocale needs ${meta.sourceLocale}.previous.md and ${meta.outdatedLocale}.md`);
  }
  return { key, meta, translations, previousSource };
}

export async function readDemoContent(demoDir: string): Promise<DemoContent> {
  const postsDir = join(demoDir, 'posts');
  const keys = (await readdir(postsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const [authors, tags, site, manifest, posts] = await Promise.all([
    readJson(demoDir, 'authors.json', authorsSchema),
    readJson(demoDir, 'tags.json', tagsSchema),
    readJson(demoDir, 'site.json', siteSchema),
    readJson(demoDir, join('media', 'media.json'), manifestSchema),
    Promise.all(keys.map((key) => readPost(postsDir, key))),
  ]);
  posts.sort((a, b) => a.meta.publishedAt.localeCompare(b.meta.publishedAt) || a.key.localeCompare(b.key));
  return { authors, tags, site, manifest, posts };
}
