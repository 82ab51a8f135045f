import { describe, expect, it } from 'vitest';
import { isValidSlug } from '@/core/content/slugify';
import { dateTimeField, emailField, findHrefProblem, inviteTokenField, maxRecordId, maxSlugLength, perLocale, recordId, slugField } from './fields';
import { lineText } from './text-field';

describe('findHrefProblem', () => {
  it.each([
    '/',
    '/zh/about',
    '/en/tags/typography?page=2#top',
    '/../../etc/passwd',
    'https://example.com',
    'HTTPS://EXAMPLE.COM/Path',
    'http://例子.测试/路径',
    'https://example.com:8443/a?b=c',
  ])('accepts %s', (href) => {
    expect(findHrefProblem(href)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'https:evil.example',
    'https:///evil.example',
    'https://',
    'https://user:pass@example.com',
    'https://example.com@evil.example',
    'ftp://example.com',
    'mailto:a@example.com',
    'about',
    'example.com',
    ' /about',
    '/about us',
    'https://exa\u202emple.com',
    'https://exa\u200bmple.com',
    'https://[::1',
  ])('refuses %s', (href) => {
    expect(findHrefProblem(href)).toEqual(expect.any(String));
  });
});

describe('slugField', () => {
  it.each(['tea-and-time', '茶与时间', 'a', 'h2o-2026', 'カタカナ', 'x'.repeat(maxSlugLength)])('accepts %s', (slug) => {
    expect(slugField().safeParse(slug).success).toBe(true);
    expect(isValidSlug(slug)).toBe(true);
  });

  it.each([
    '',
    'Tea',
    'tea--time',
    '-tea',
    'tea-',
    'tea time',
    'tea_time',
    'tea/time',
    'cafe\u0301',
    '\uf900',
    'x'.repeat(maxSlugLength + 1),
  ])('refuses %j', (slug) => {
    expect(slugField().safeParse(slug).success).toBe(false);
    expect(isValidSlug(slug) && slug.normalize('NFC') === slug).toBe(false);
  });

  it('explains a character in a non-standard form in words a writer understands', () => {
    expect(slugField().safeParse('\uf900').error?.issues[0]?.message).toMatch(/non-standard form/);
  });
});

describe('ids', () => {
  it('fit a PostgreSQL serial', () => {
    expect(recordId.safeParse(1).success).toBe(true);
    expect(recordId.safeParse(maxRecordId).success).toBe(true);
    for (const bad of [0, -1, 1.5, maxRecordId + 1, Number.NaN, Infinity, '1', null]) {
      expect(recordId.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('emailField, inviteTokenField, dateTimeField', () => {
  it('take the usual shapes and refuse the rest', () => {
    expect(emailField.safeParse('lin.yue+duet@example.com').success).toBe(true);
    expect(emailField.safeParse('not an email').success).toBe(false);
    expect(emailField.safeParse(`${'a'.repeat(250)}@example.com`).success).toBe(false);

    expect(inviteTokenField.safeParse('aZ09_-'.repeat(6)).success).toBe(true);
    expect(inviteTokenField.safeParse('a'.repeat(31)).success).toBe(false);
    expect(inviteTokenField.safeParse('a'.repeat(129)).success).toBe(false);
    expect(inviteTokenField.safeParse(`${'a'.repeat(40)}=`).success).toBe(false);

    expect(dateTimeField.safeParse('2026-03-01T09:30:00+08:00').success).toBe(true);
    expect(dateTimeField.safeParse('2026-03-01T01:30:00.123Z').success).toBe(true);
    for (const bad of ['2026-03-01T09:30', '2026-03-01', '2026-02-30T00:00:00Z', 'tomorrow', '2026-03-01T25:00:00Z']) {
      expect(dateTimeField.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('perLocale', () => {
  it('takes zh and en only, and at least one when asked to', () => {
    const names = perLocale(lineText(10), true);
    expect(names.safeParse({ zh: '茶' }).success).toBe(true);
    expect(names.safeParse({}).error?.issues[0]?.message).toBe('Give at least one language.');
    expect(names.safeParse({ fr: 'thé' }).success).toBe(false);
    expect(perLocale(lineText(10)).safeParse({}).success).toBe(true);
  });
});
