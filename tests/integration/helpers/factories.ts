// Test data with unique values (handles, keys, slugs), so suites never collide with each
// other or with the demo content, whatever order they run in.
import { randomBytes } from 'node:crypto';
import type { Author, Media, Post, Tag } from '@/core/content/types';
import type { ContentRepository, NewPost } from '@/db/repositories/content-repository';

const run = randomBytes(3).toString('hex');
let counter = 0;

export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${run}-${counter}`;
}

export function makeAuthor(repo: ContentRepository, overrides: Partial<Parameters<ContentRepository['createAuthor']>[0]> = {}): Promise<Author> {
  const handle = overrides.handle ?? unique('author');
  return repo.createAuthor({ handle, name: { zh: `作者 ${handle}`, en: `Author ${handle}` }, bio: { en: 'Writes.' }, ...overrides });
}

export function makeTag(repo: ContentRepository, overrides: Partial<Parameters<ContentRepository['createTag']>[0]> = {}): Promise<Tag> {
  const key = overrides.key ?? unique('tag');
  return repo.createTag({ key, names: { zh: { name: `标签 ${key}`, slug: `zh-${key}` }, en: { name: `Tag ${key}`, slug: key } }, ...overrides });
}

/** A published bilingual post (zh source, en translation), published a day ago unless told otherwise. */
export function makePost(repo: ContentRepository, overrides: Partial<NewPost> = {}): Promise<Post> {
  const slug = unique('post');
  return repo.createPost({
    kind: 'post',
    status: 'published',
    publishedAt: new Date(Date.now() - 24 * 3600 * 1000),
    sourceLocale: 'zh',
    translations: {
      zh: { slug: `zh-${slug}`, title: `标题 ${slug}`, excerpt: '摘要', body: '正文。'.repeat(50), state: 'published' },
      en: { slug, title: `Title ${slug}`, excerpt: 'Excerpt', body: 'Body text. '.repeat(50), state: 'published' },
    },
    ...overrides,
  });
}

export function makeImage(repo: ContentRepository): Promise<Media> {
  const name = unique('image');
  return repo.createMedia({
    kind: 'image',
    path: `/images/${name}.0123456789.webp`,
    mime: 'image/webp',
    bytes: 1234,
    sha256: '0123456789'.padEnd(64, '0'),
    width: 1200,
    height: 675,
    alt: { zh: '图', en: 'A picture' },
  });
}
