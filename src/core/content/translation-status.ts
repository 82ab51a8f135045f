// Decides what one language of a post is, for readers and editors: missing, a draft,
// waiting for its publication time, live, or live but behind the source it was made from.
import type { Locale } from '@/core/locales';
import type { Post, Translation, TranslationStatus } from './types';

type StatusPost = Pick<Post, 'status' | 'publishedAt' | 'sourceLocale' | 'translations'>;

/**
 * True when a translation was made from an older revision of its source than the one
 * given (readers: the live source). Revision ids only grow, so "older" is "smaller"; a
 * translation made from a newer source draft is not outdated. The source language itself
 * (basedOnRevisionId null) is never outdated, and neither is a translation whose source
 * is unknown: we only flag what we can show is stale.
 */
export function isOutdated(
  translation: Pick<Translation, 'basedOnRevisionId'>,
  source: Pick<Translation, 'revisionId'> | number | null | undefined,
): boolean {
  if (translation.basedOnRevisionId === null) return false;
  const sourceRevisionId = typeof source === 'number' ? source : source?.revisionId;
  if (sourceRevisionId === undefined) return false;
  return translation.basedOnRevisionId < sourceRevisionId;
}

/**
 * The status of `locale` for `post`. `sourceRevisionId` is the source translation's
 * current revision when the caller loaded only one language; otherwise it is read from
 * `post.translations`.
 */
export function translationStatus(
  post: StatusPost,
  locale: Locale,
  sourceRevisionId?: number,
  now: Date = new Date(),
): TranslationStatus {
  const translation = post.translations[locale];
  if (!translation) return 'missing';
  if (translation.state === 'draft') return 'draft';
  if (post.status === 'scheduled' || isInFuture(post.publishedAt, now)) return 'scheduled';
  if (post.status !== 'published') return 'draft';
  if (locale !== post.sourceLocale) {
    const source = sourceRevisionId ?? post.translations[post.sourceLocale]?.revisionId;
    if (isOutdated(translation, source)) return 'outdated';
  }
  return 'published';
}

function isInFuture(iso: string | null, now: Date): boolean {
  if (iso === null) return false;
  const time = Date.parse(iso);
  // An unparseable date cannot be said to be in the future; the schema rejects those anyway.
  return Number.isFinite(time) && time > now.getTime();
}
