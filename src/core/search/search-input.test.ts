import { describe, expect, it } from 'vitest';
import { pickSearchParams, searchApiInput, searchPageInput, searchParamsObject } from './search-input';

const fieldsOf = (input: unknown) => {
  const parsed = searchApiInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.') || '_');
};

describe('searchApiInput', () => {
  it('trims the query and fills in the defaults', () => {
    expect(searchApiInput.parse({ q: '  双语 ' })).toEqual({ q: '双语', locale: 'all', page: 1 });
    expect(searchApiInput.parse({ q: 'tea', locale: 'en', page: '3', tag: 'culture' })).toEqual({ q: 'tea', locale: 'en', page: 3, tag: 'culture' });
  });

  it.each<[string, unknown, string]>([
    ['missing q', {}, 'q'],
    ['empty q', { q: '' }, 'q'],
    ['blank q', { q: '   ' }, 'q'],
    ['q over 200 characters', { q: 'x'.repeat(201) }, 'q'],
    ['a control character', { q: 'a\u0007b' }, 'q'],
    ['a line break', { q: 'a\nb' }, 'q'],
    ['a repeated q', { q: ['a', 'b'] }, 'q'],
    ['an unknown locale', { q: 'x', locale: 'fr' }, 'locale'],
    ['page 0', { q: 'x', page: '0' }, 'page'],
    ['a page that is no number', { q: 'x', page: 'two' }, 'page'],
    ['a page past the last allowed', { q: 'x', page: '1001' }, 'page'],
    ['an empty tag', { q: 'x', tag: '' }, 'tag'],
    ['an unknown parameter', { q: 'x', sort: 'new' }, '_'],
  ])('refuses %s, naming the field', (_name, input, field) => {
    expect(fieldsOf(input)).toContain(field);
  });

  it('accepts exactly 200 characters', () => {
    expect(searchApiInput.safeParse({ q: '书'.repeat(200) }).success).toBe(true);
  });
});

describe('searchPageInput', () => {
  it('allows an empty query (the empty state) and ignores parameters it does not know', () => {
    expect(searchPageInput.parse(pickSearchParams({ utm_source: 'feed' }))).toEqual({ q: '', page: 1 });
    expect(searchPageInput.parse(pickSearchParams({ q: 'tea', all: '1', page: '2' }))).toEqual({ q: 'tea', page: 2, all: '1' });
    expect(searchPageInput.safeParse(pickSearchParams({ q: 'tea', all: 'yes' })).success).toBe(false);
  });
});

describe('searchParamsObject', () => {
  it('keeps single values as strings and repeated ones as arrays', () => {
    expect(searchParamsObject(new URLSearchParams('q=a&q=b&page=2'))).toEqual({ q: ['a', 'b'], page: '2' });
  });
});
