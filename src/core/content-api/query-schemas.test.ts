import { describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { encodeCursor } from './cursor';
import { authorParams, idParams, languageQuery, listQuery, parseTextInputs, queryObject, slugParams } from './query-schemas';

/** The fields a refusal names, with their messages. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).fields;
  }
  throw new Error('expected a refusal');
}

const list = (query: string) => parseTextInputs(listQuery, queryObject(new URLSearchParams(query), ['key']));

describe('Content API inputs', () => {
  it('reads a list query, with the defaults', () => {
    const cursor = encodeCursor({ publishedAt: '2026-03-01T08:00:00.000Z', id: 7 });
    expect(list('')).toEqual({ limit: 15 });
    expect(list(`lang=en&tag=tea&author=ada&featured=false&published_after=2026-01-01&published_before=2026-02-01T08:00:00%2B08:00&limit=100&cursor=${cursor}&key=secret`)).toEqual({
      lang: 'en',
      tag: 'tea',
      author: 'ada',
      featured: false,
      published_after: '2026-01-01T00:00:00.000Z',
      published_before: '2026-02-01T00:00:00.000Z',
      limit: 100,
      cursor: { publishedAt: '2026-03-01T08:00:00.000Z', id: 7 },
    });
  });

  it('names each parameter at fault, an unknown one by its name', () => {
    expect(refusal(() => list('lang=fr&limit=0&cursor=abc&featured=yes&published_after=yesterday&sort=title&page=2'))).toEqual({
      lang: ['Must be one of: zh, en.'],
      limit: ['Must be a whole number from 1 to 100.'],
      cursor: ['Not a cursor this API gave out: pass the nextCursor of the previous page, unchanged.'],
      featured: ['Must be true or false.'],
      published_after: ['Must be a date (2026-03-01) or a date and time with its offset (2026-03-01T08:00:00Z).'],
      sort: ['Not a parameter of this operation.'],
      page: ['Not a parameter of this operation.'],
    });
    expect(refusal(() => list('limit=101'))).toEqual({ limit: ['Must be a whole number from 1 to 100.'] });
    expect(refusal(() => list('tag=a&tag=b'))).toEqual({ tag: ['Must be given once, as text.'] });
    expect(refusal(() => list('published_before=2026-02-30'))).toEqual({ published_before: ['Must be a real date.'] });
    expect(refusal(() => list('author='))).toEqual({ author: ['Must not be empty.'] });
  });

  it('reads path segments', () => {
    expect(parseTextInputs(idParams, { id: '42' })).toEqual({ id: 42 });
    expect(parseTextInputs(slugParams, { locale: 'zh', slug: '茶与时间' })).toEqual({ locale: 'zh', slug: '茶与时间' });
    expect(parseTextInputs(authorParams, { handle: 'ada-l' })).toEqual({ handle: 'ada-l' });
    expect(refusal(() => parseTextInputs(idParams, { id: '0' }))).toEqual({ id: ['Must be a whole number from 1.'] });
    expect(refusal(() => parseTextInputs(idParams, { id: '1e3' }))).toEqual({ id: ['Must be a whole number from 1.'] });
    expect(refusal(() => parseTextInputs(slugParams, { locale: 'fr', slug: 'x\u0000' }))).toEqual({
      locale: ['Must be one of: zh, en.'],
      slug: ['Must not contain control characters.'],
    });
    expect(refusal(() => parseTextInputs(authorParams, { handle: 'Ada' }))).toEqual({ handle: ['Must be a handle: lowercase letters, digits and hyphens, at most 64.'] });
    expect(refusal(() => parseTextInputs(languageQuery, { lang: 'en', limit: '5' }))).toEqual({ limit: ['Not a parameter of this operation.'] });
  });
});
