import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { makePublishInput, maxBodyLength, postMetaInput, translationDraftInput } from './post-inputs';

const fieldsAtFault = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? [] : Object.keys(fieldErrors(result.error!));

const draft = {
  locale: 'zh',
  title: '茶与时间',
  slug: 'cha-yu-shi-jian',
  excerpt: '',
  body: '',
  expectedRevisionId: null,
  basedOnRevisionId: null,
};

describe('translationDraftInput', () => {
  it('takes a new post (no id, no revision yet) and keeps every byte', () => {
    const body = '# 标题\r\n\r\n<script>alert(1)</script>\n\n\t代码\n';
    expect(translationDraftInput.parse({ ...draft, body })).toEqual({ ...draft, body });
  });

  it('takes a save of an existing translation with its optional SEO fields, null or absent', () => {
    const save = { ...draft, postId: 4, locale: 'en', slug: 'tea-and-time', expectedRevisionId: 0, basedOnRevisionId: 17, seoTitle: null };
    expect(translationDraftInput.safeParse(save).success).toBe(true);
    expect(translationDraftInput.safeParse({ ...save, seoDescription: 'About tea.' }).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a revision for a post that does not exist yet', { expectedRevisionId: 3 }, 'expectedRevisionId'],
    ['a negative revision', { postId: 1, expectedRevisionId: -1 }, 'expectedRevisionId'],
    ['a revision 0 to base a translation on', { basedOnRevisionId: 0 }, 'basedOnRevisionId'],
    ['a missing expectedRevisionId', { expectedRevisionId: undefined }, 'expectedRevisionId'],
    ['postId 0', { postId: 0 }, 'postId'],
    ['a postId given as text', { postId: '4' }, 'postId'],
    ['an unknown locale', { locale: 'fr' }, 'locale'],
    ['an empty title', { title: '' }, 'title'],
    ['a title with a line break', { title: 'a\nb' }, 'title'],
    ['a title of 301 characters', { title: 'x'.repeat(301) }, 'title'],
    ['an upper-case slug', { slug: 'Tea' }, 'slug'],
    ['an excerpt of 1,001 characters', { excerpt: 'x'.repeat(1001) }, 'excerpt'],
    ['a body past the cap', { body: 'x'.repeat(maxBodyLength + 1) }, 'body'],
    ['a body with NUL', { body: 'a\u0000b' }, 'body'],
    ['an SEO description of 501 characters', { seoDescription: 'x'.repeat(501) }, 'seoDescription'],
    ['an unknown field', { status: 'published' }, 'status'],
  ])('refuses %s', (_name, change, field) => {
    expect(fieldsAtFault(translationDraftInput.safeParse({ ...draft, ...change }))).toEqual([field]);
  });

  it('takes a title about HTML as it is', () => {
    expect(translationDraftInput.parse({ ...draft, title: 'Why <script> blocks rendering' }).title).toBe('Why <script> blocks rendering');
  });
});

describe('postMetaInput', () => {
  const meta = {
    postId: 1,
    tagIds: [3, 1],
    coverMediaId: 9,
    featured: false,
    narration: { zh: 10 },
    videoMediaId: null,
    subtitleMediaIds: { zh: 11, en: null },
  };

  it('takes the shared fields of a post', () => {
    expect(postMetaInput.parse(meta)).toEqual(meta);
    expect(postMetaInput.safeParse({ ...meta, tagIds: [], narration: {}, subtitleMediaIds: {} }).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a tag twice', { tagIds: [3, 1, 3] }, ['tagIds.2']],
    ['51 tags', { tagIds: Array.from({ length: 51 }, (_, i) => i + 1) }, ['tagIds']],
    ['a tag id that is no whole number', { tagIds: [1.5] }, ['tagIds.0']],
    ['featured as text', { featured: 'true' }, ['featured']],
    ['a narration in a third language', { narration: { fr: 1 } }, ['narration.fr']],
    ['narration as a number', { narration: 1 }, ['narration']],
    ['a missing video', { videoMediaId: undefined }, ['videoMediaId']],
  ])('refuses %s', (_name, change, fields) => {
    expect(fieldsAtFault(postMetaInput.safeParse({ ...meta, ...change }))).toEqual(fields);
  });
});

describe('makePublishInput', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const publishInput = makePublishInput(now);

  it('publishes and unpublishes without a time', () => {
    expect(publishInput.parse({ postId: 1, locale: 'en', action: 'publish' })).toEqual({ postId: 1, locale: 'en', action: 'publish' });
    expect(publishInput.safeParse({ postId: 1, locale: 'zh', action: 'unpublish' }).success).toBe(true);
  });

  it('schedules only for a time after now, and keeps the time as written', () => {
    const later = { postId: 1, locale: 'zh', action: 'schedule', publishAt: '2026-03-01T08:00:01+08:00' };
    expect(publishInput.parse(later)).toEqual(later);
    const sameMoment = { ...later, publishAt: '2026-03-01T08:00:00+08:00' };
    expect(fieldErrors(publishInput.safeParse(sameMoment).error!)).toEqual({ publishAt: ['Must be in the future.'] });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a schedule without a time', { action: 'schedule' }, 'publishAt'],
    ['a schedule with a local time', { action: 'schedule', publishAt: '2026-04-01T09:00' }, 'publishAt'],
    ['a schedule with a date that does not exist', { action: 'schedule', publishAt: '2026-02-30T09:00:00Z' }, 'publishAt'],
    ['a time on a publish', { action: 'publish', publishAt: '2026-04-01T09:00:00Z' }, 'publishAt'],
    ['an unknown action', { action: 'archive' }, 'action'],
    ['a missing action', { action: undefined }, 'action'],
    ['an unknown locale', { action: 'publish', locale: 'de' }, 'locale'],
  ])('refuses %s', (_name, change, field) => {
    expect(fieldsAtFault(publishInput.safeParse({ postId: 1, locale: 'zh', ...change }))).toEqual([field]);
  });

  it('gives one clear message for a time that is no time', () => {
    const result = publishInput.safeParse({ postId: 1, locale: 'zh', action: 'schedule', publishAt: 'next week' });
    expect(fieldErrors(result.error!).publishAt).toEqual([expect.stringContaining('such as 2026-03-01T09:30:00+08:00')]);
  });
});
