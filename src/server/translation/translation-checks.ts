// The checks of one translation as the Studio shows them and the publication route
// enforces them: the translation's draft against its source's current text and the
// glossary, each check with its dismissal (who, why) for that revision. Publishing,
// scheduling or approving a translation with a blocking check not yet dismissed is refused
// with a 409 naming the checks: the editor hides nothing that the server does not refuse.
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import type { PublishInput } from '@/core/studio/post-inputs';
import { checkCodes, checkTranslation, type TranslationCheck } from '@/core/translation/checks';
import type { GlossaryTerm } from '@/core/translation/glossary';
import { getDatabase } from '@/db/client';
import { createGlossaryRepository, type CheckDismissal } from '@/db/repositories/glossary';
import type { StudioPost } from '@/db/repositories/studio-repository';
import { authorize, type StudioUser } from '@/server/auth/session';
import { postForAction } from '@/server/studio/post-access';
import { z } from 'zod';

export interface ShownCheck extends TranslationCheck {
  dismissal: CheckDismissal | null;
}

export interface TranslationChecks {
  revisionId: number;
  checks: ShownCheck[];
  /** The glossary, for the editor's underlines. */
  glossary: GlossaryTerm[];
}

/** The checks of the draft of `locale` (a translation); empty for the source language or a missing text. */
export async function readTranslationChecks(post: StudioPost, locale: Locale): Promise<TranslationChecks | null> {
  const target = post.translations[locale];
  const source = post.translations[post.sourceLocale];
  if (locale === post.sourceLocale || !target || !source) return null;
  const repo = createGlossaryRepository(getDatabase());
  const [glossary, dismissals] = await Promise.all([repo.list(), repo.dismissals(post.id, locale, target.revisionId)]);
  const byKey = new Map(dismissals.map((d) => [d.checkKey, d]));
  const checks = checkTranslation({ sourceLocale: post.sourceLocale, targetLocale: locale, source: source.body, target: target.body, glossary });
  return { revisionId: target.revisionId, checks: checks.map((c) => ({ ...c, dismissal: byKey.get(c.key) ?? null })), glossary };
}

/** The actions that put a translation in front of readers. */
const goesLive = new Set<PublishInput['action']>(['publish', 'schedule', 'approve']);

/**
 * Refuses an action that would put a translation with an undismissed blocking check in
 * front of readers; answers the input pinned to the revision that was checked, so a save
 * made in between is refused by the publishing rules rather than published unchecked.
 */
export async function requireChecksCleared(post: StudioPost, input: PublishInput): Promise<PublishInput> {
  if (!goesLive.has(input.action)) return input;
  const result = await readTranslationChecks(post, input.locale);
  if (!result) return input;
  const open = result.checks.filter((c) => c.severity === 'blocking' && !c.dismissal);
  if (open.length > 0) {
    throw new AppError('CONFLICT', `This translation has ${open.length} blocking check(s) not dismissed: ${open.map((c) => c.code).join(', ')}. Fix them or dismiss them with a reason before publishing.`, {
      reason: 'blocking-checks',
      details: { revisionId: result.revisionId, checks: open.map(({ code, key, sourceBlock, targetBlock, values }) => ({ code, key, sourceBlock, targetBlock, values })) },
    });
  }
  if ((input.action === 'publish' || input.action === 'schedule') && input.revisionId === undefined) return { ...input, revisionId: result.revisionId };
  return input;
}

export const dismissCheckInput = z.strictObject({
  revisionId: z.number().int().positive(),
  key: z.string().min(1).max(2000),
  code: z.enum(checkCodes),
  reason: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1).max(500)),
});

/**
 * Waves one check of the current draft through, with a reason. A warning may be dismissed
 * by whoever works on the translation; a blocking check only by someone who may publish it.
 */
export async function dismissTranslationCheck(actor: StudioUser, rawId: string, locale: Locale, raw: unknown): Promise<TranslationChecks> {
  const input = dismissCheckInput.parse(raw);
  const { post } = await postForAction(actor, rawId, 'translation.dismiss-check', locale);
  const result = await readTranslationChecks(post, locale);
  if (!result) throw new AppError('NOT_FOUND', 'This language has no translation to check.');
  if (result.revisionId !== input.revisionId) {
    throw new AppError('CONFLICT', 'The translation changed since its checks were shown: look at them again.', { reason: 'draft-changed', details: { revisionId: result.revisionId } });
  }
  const check = result.checks.find((c) => c.key === input.key);
  if (!check) throw new AppError('CONFLICT', 'This check no longer applies to the translation.', { reason: 'check-gone' });
  if (check.severity === 'blocking') authorize(actor, 'post.publish', { kind: 'post', ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale });
  await createGlossaryRepository(getDatabase()).dismiss({ postId: post.id, locale, revisionId: input.revisionId, checkKey: check.key, code: check.code, reason: input.reason, userId: actor.id });
  return (await readTranslationChecks(post, locale))!;
}
