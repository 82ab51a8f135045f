// The demo articles that have both languages, as the translation memory's tests publish
// them: their two bodies, front matter cut, in the folder's order.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { renderDocument } from '@/core/markdown/render-document';
import { createContentRepository } from '@/db/repositories/content-repository';
import type { Database } from '@/db/schema';
import { unique } from './factories';

const demo = join(process.cwd(), 'demo', 'posts');
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');

export const demoPairs: Array<{ zh: string; en: string }> = readdirSync(demo)
  .sort()
  .filter((key) => existsSync(join(demo, key, 'zh.md')) && existsSync(join(demo, key, 'en.md')))
  .map((key) => ({ zh: bodyOf(join(demo, key, 'zh.md')), en: bodyOf(join(demo, key, 'en.md')) }));

/** Publishes a pair as post number `i`, Chinese its source, both languages live. */
export const publishPair = (db: Kysely<Database>, i: number, pair: { zh: string; en: string }) =>
  createContentRepository(db, renderDocument).createPost({
    status: 'published',
    sourceLocale: 'zh',
    translations: {
      zh: { slug: unique('zh'), title: `第 ${i} 篇`, body: pair.zh, state: 'published' },
      en: { slug: unique('en'), title: `Number ${i}`, body: pair.en, state: 'published' },
    },
  });
