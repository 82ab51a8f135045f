import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/locales';
import { isOutdated, translationStatus } from './translation-status';
import type { Post, PostStatus, Translation, TranslationState } from './types';

const now = new Date('2025-06-01T12:00:00Z');
const past = '2025-05-01T00:00:00Z';
const future = '2025-07-01T00:00:00Z';

function translation(locale: Locale, state: TranslationState, revisionId: number, basedOnRevisionId: number | null): Translation {
  return {
    id: revisionId,
    postId: 1,
    locale,
    slug: locale === 'zh' ? 'shuang-yu' : 'bilingual',
    title: 'T',
    excerpt: '',
    body: '',
    seoTitle: null,
    seoDescription: null,
    state,
    readingMinutes: 1,
    revisionId,
    basedOnRevisionId,
    updatedAt: past,
  };
}

interface Case {
  name: string;
  status?: PostStatus;
  publishedAt?: string | null;
  zh?: Translation;
  en?: Translation;
  locale: Locale;
  sourceRevisionId?: number;
  expected: string;
}

const zhLive = translation('zh', 'published', 10, null);
const enCurrent = translation('en', 'published', 20, 10);
const enStale = translation('en', 'published', 20, 9);

const cases: Case[] = [
  { name: 'no translation', zh: zhLive, locale: 'en', expected: 'missing' },
  { name: 'no translations at all', locale: 'zh', expected: 'missing' },
  { name: 'translation draft on a published post', zh: zhLive, en: translation('en', 'draft', 20, 10), locale: 'en', expected: 'draft' },
  { name: 'draft translation wins over scheduled', status: 'scheduled', publishedAt: future, zh: translation('zh', 'draft', 10, null), locale: 'zh', expected: 'draft' },
  { name: 'post scheduled', status: 'scheduled', publishedAt: future, zh: zhLive, locale: 'zh', expected: 'scheduled' },
  { name: 'post scheduled without a date yet', status: 'scheduled', publishedAt: null, zh: zhLive, locale: 'zh', expected: 'scheduled' },
  { name: 'published with a future date', publishedAt: future, zh: zhLive, locale: 'zh', expected: 'scheduled' },
  { name: 'post draft', status: 'draft', publishedAt: null, zh: zhLive, locale: 'zh', expected: 'draft' },
  { name: 'post archived', status: 'archived', zh: zhLive, locale: 'zh', expected: 'draft' },
  { name: 'source published', zh: zhLive, en: enStale, locale: 'zh', expected: 'published' },
  { name: 'translation current', zh: zhLive, en: enCurrent, locale: 'en', expected: 'published' },
  { name: 'translation behind its source', zh: zhLive, en: enStale, locale: 'en', expected: 'outdated' },
  { name: 'a scheduled post is scheduled even if its translation is behind', status: 'scheduled', publishedAt: future, zh: zhLive, en: enStale, locale: 'en', expected: 'scheduled' },
  { name: 'source revision passed in, current', en: enCurrent, locale: 'en', sourceRevisionId: 10, expected: 'published' },
  { name: 'source revision passed in, newer', en: enCurrent, locale: 'en', sourceRevisionId: 11, expected: 'outdated' },
  { name: 'passed-in source revision wins over the loaded one', zh: zhLive, en: enStale, locale: 'en', sourceRevisionId: 9, expected: 'published' },
  { name: 'source unknown: not flagged', en: enStale, locale: 'en', expected: 'published' },
  { name: 'translation not made from a source', zh: zhLive, en: translation('en', 'published', 20, null), locale: 'en', expected: 'published' },
];

describe('translationStatus', () => {
  it.each(cases)('$name → $expected', (c) => {
    const post: Pick<Post, 'status' | 'publishedAt' | 'sourceLocale' | 'translations'> = {
      status: c.status ?? 'published',
      publishedAt: c.publishedAt === undefined ? past : c.publishedAt,
      sourceLocale: 'zh',
      translations: { ...(c.zh && { zh: c.zh }), ...(c.en && { en: c.en }) },
    };
    expect(translationStatus(post, c.locale, c.sourceRevisionId, now)).toBe(c.expected);
  });

  it('uses the current time by default', () => {
    const post = { status: 'published' as const, publishedAt: '2999-01-01T00:00:00Z', sourceLocale: 'zh' as const, translations: { zh: zhLive } };
    expect(translationStatus(post, 'zh')).toBe('scheduled');
  });
});

describe('isOutdated', () => {
  it.each([
    [{ basedOnRevisionId: null }, { revisionId: 3 }, false],
    [{ basedOnRevisionId: 3 }, { revisionId: 3 }, false],
    [{ basedOnRevisionId: 2 }, { revisionId: 3 }, true],
    [{ basedOnRevisionId: 2 }, 3, true],
    [{ basedOnRevisionId: 3 }, 3, false],
    [{ basedOnRevisionId: 2 }, undefined, false],
    [{ basedOnRevisionId: 2 }, null, false],
  ])('%j against %j → %s', (t, source, expected) => {
    expect(isOutdated(t, source)).toBe(expected);
  });
});
