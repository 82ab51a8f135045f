// A copy of a text's draft made for pasting into another editor (WeChat's, or a rich-text
// one's), for who may edit that text: converted from the stored rendering by
// core/copy-elsewhere in a render worker (linear in its size, which it bounds, but a
// large rendering would still hold this thread for a while; nothing is rendered again),
// in the site's accent, with the site's address for links and images.
import { createTranslator } from 'next-intl';
import { siteUrl } from '@/core/config/site-url';
import { checkCopySize, type CopiedText } from '@/core/copy-elsewhere/copy-html';
import type { CopyQuery } from '@/core/copy-elsewhere/copy-query';
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import { accentPalette } from '@/core/site/accent-colour';
import { getDatabase } from '@/db/client';
import { readDraftRendering } from '@/db/repositories/draft-rendering';
import { createSiteSettings } from '@/db/repositories/site-settings';
import type { StudioUser } from '@/server/auth/session';
import { copyForPasteInWorker } from '@/server/render/render-pool';
import { editActionFor, postForAction } from './post-access';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh.json';

const messages = { en, zh } as const;

export async function copyDraftFor(from: Request | StudioUser, rawId: string, locale: Locale, query: CopyQuery): Promise<CopiedText> {
  const { post } = await postForAction(from, rawId, (p) => editActionFor(p, locale), locale);
  const db = getDatabase();
  const [rendering, identity] = await Promise.all([readDraftRendering(db, post.id, locale), createSiteSettings(db).readIdentity()]);
  if (!rendering?.html) throw new AppError('NOT_FOUND', 'This language has no saved text to copy.', { reason: 'no-text' });
  checkCopySize(rendering.html);
  // The references' heading is in the text's language, whatever the Studio's is.
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'studio.copyElsewhere' });
  return copyForPasteInWorker(rendering.html, {
    target: query.target,
    origin: siteUrl().origin,
    accent: accentPalette(identity.look.accent).light,
    referencesHeading: t('references'),
  });
}
