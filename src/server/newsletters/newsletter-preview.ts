// The Studio's preview of a post's newsletter e-mail: who may publish (or update) that
// language of the post may see it, made by the mail worker's own composer from what
// publishing would send (core/newsletters/preview-input.ts, db/newsletters/preview-content.ts).
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import type { EmailVersion, TestSendInput } from '@/core/newsletters/preview-input';
import { getDatabase } from '@/db/client';
import { listNewsletters } from '@/db/newsletters/newsletter-sends';
import { listPreviewablePosts, readPreviewContent } from '@/db/newsletters/preview-content';
import type { StudioPost } from '@/db/repositories/studio-repository';
import { authorize, type StudioUser } from '@/server/auth/session';
import { postForAction } from '@/server/studio/post-access';
import { composePreview, type PreviewEmail } from './compose-newsletter';

export interface NewsletterPreview {
  email: PreviewEmail;
  post: { id: number; titles: Partial<Record<Locale, string>> };
  version: EmailVersion;
  /** The versions this post has: a language with a text, and both when it has two. */
  versions: EmailVersion[];
  newsletterId: number;
  newsletters: Array<{ id: number; name: Record<Locale, string> }>;
}

function versionsOf(post: StudioPost): EmailVersion[] {
  const languages = (['zh', 'en'] as const).filter((l) => post.languages[l]);
  return languages.length === 2 ? [...languages, 'both'] : languages;
}

/** A bilingual e-mail is the first send of the post: its source language's. */
function sendLocaleOf(post: StudioPost, version: EmailVersion): Locale {
  return version === 'both' ? post.sourceLocale : version;
}

export async function readNewsletterPreview(actor: StudioUser, input: Omit<TestSendInput, 'version'> & { version?: EmailVersion }): Promise<NewsletterPreview> {
  // Seeing the post first, then the rule for the language previewed, which is known only once the post is read.
  const { post } = await postForAction(actor, String(input.post), 'post.view');
  const versions = versionsOf(post);
  const version = input.version ?? versions[0];
  if (!version || !versions.includes(version)) throw new AppError('NOT_FOUND', 'This post has no text in that language.', { reason: 'no-text', fields: { version: ['No text in this language.'] } });
  const locale = sendLocaleOf(post, version);
  authorize(actor, post.languages[locale]?.live ? 'post.update' : 'post.publish', { kind: 'post', ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale });
  const db = getDatabase();
  const [content, newsletters] = await Promise.all([readPreviewContent(db, post.id, locale, input.newsletter ?? null), listNewsletters(db)]);
  if (!content) throw new AppError('NOT_FOUND', 'There is no such newsletter.', { reason: 'no-newsletter', fields: { newsletter: ['No newsletter has this id.'] } });
  const titles = Object.fromEntries((['zh', 'en'] as const).flatMap((l) => (post.languages[l] ? [[l, post.languages[l].title]] : [])));
  return { email: await composePreview(db, content, version), post: { id: post.id, titles }, version, versions, newsletterId: content.newsletter.id, newsletters };
}

/** The newest posts, for choosing one to preview on the Newsletters screen. */
export function previewablePosts() {
  return listPreviewablePosts(getDatabase(), 30);
}
