// XLIFF export and import for an actor (a Studio user, or the server's shell when null):
// which texts they may take out, the files (XLIFF 2.1 or 1.2, and the memory as TMX), and
// a translated file turned into drafts with the review rules of the importer's role. Takes
// the database and renderer as parameters so the route and the CLI share it.
import { can, type Actor } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import type { Renderer } from '@/core/markdown/render-document';
import { otherLocale, type Locale } from '@/core/locales';
import type { BoardState } from '@/core/translation/board';
import { applyTranslation } from '@/core/translation/exchange';
import { readXliff } from '@/core/translation/xliff-read';
import { memoryPairs, writeTmx, writeXliff, type MemoryPair, type XliffFormat } from '@/core/translation/xliff-write';
import type { Db } from '@/db/client';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { createTranslationExchange, type ExchangePost } from '@/db/repositories/translation-exchange';
import { ownerFilterFor } from './board';

/** An XLIFF file larger than this is refused before it is parsed. */
export const maxImportBytes = 20 * 1024 * 1024;

export interface ExportRequest {
  to: Locale;
  format: XliffFormat;
  postIds?: number[];
  states?: BoardState[];
}

function mayTranslate(actor: Actor | null, post: Pick<ExchangePost, 'ownerUserId' | 'sourceLocale'>, to: Locale): boolean {
  return actor === null || can(actor, 'post.edit-translation', { kind: 'post', ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale: to });
}

/** The texts of an export, checked: naming a post one may not translate is a 403. */
export async function textsToExport(db: Db, actor: Actor | null, request: ExportRequest): Promise<ExchangePost[]> {
  const exchange = createTranslationExchange(db);
  const ids = new Set(request.postIds ?? []);
  if (request.states?.length) for (const id of await exchange.postIdsInStates(request.states, request.to, actor ? ownerFilterFor(actor) : undefined)) ids.add(id);
  const texts = await exchange.loadTexts([...ids].sort((a, b) => a - b), request.to);
  const named = new Set(request.postIds ?? []);
  const refused = texts.filter((t) => !mayTranslate(actor, t, request.to));
  if (refused.some((t) => named.has(t.postId))) {
    throw new AppError('FORBIDDEN', `You may not translate post ${refused.find((t) => named.has(t.postId))!.postId} into this language.`);
  }
  return texts.filter((t) => mayTranslate(actor, t, request.to));
}

export async function exportXliff(db: Db, actor: Actor | null, request: ExportRequest): Promise<{ xliff: string; count: number }> {
  const texts = await textsToExport(db, actor, request);
  return { xliff: writeXliff(texts, request.format, request.to, otherLocale(request.to)), count: texts.length };
}

/** The site's memory into `to`: every up-to-date published pair, as TMX 1.4b. */
export async function exportTmx(db: Db, to: Locale): Promise<{ tmx: string; pairs: number }> {
  const from = otherLocale(to);
  const pairs: MemoryPair[] = [];
  for await (const text of createTranslationExchange(db).publishedPairs(from, to)) pairs.push(...memoryPairs(text));
  return { tmx: writeTmx(pairs, from, to), pairs: pairs.length };
}

export interface ImportOutcome {
  postId: number;
  locale: Locale;
  outcome: 'saved' | 'refused';
  reason?: string;
  merged?: boolean;
  submittedForReview?: boolean;
}

/**
 * Every text of the file, each as a draft of its translation (never published); a text
 * refused says why. The whole file is read and checked before anything is written.
 */
export async function importXliff(db: Db, render: Renderer, actor: Actor | null, xml: string): Promise<ImportOutcome[]> {
  if (Buffer.byteLength(xml) > maxImportBytes) throw new AppError('PAYLOAD_TOO_LARGE', `An XLIFF file may have at most ${maxImportBytes / 1024 / 1024} MB.`);
  const file = readXliff(xml);
  const studio = createStudioRepository(db, render);
  const publishing = createPublishingRepository(db, render);
  const exchange = createTranslationExchange(db);
  const outcomes: ImportOutcome[] = [];
  for (const read of file.texts) {
    const refuse = (reason: string) => outcomes.push({ postId: read.postId, locale: read.targetLocale, outcome: 'refused', reason });
    const [current] = await exchange.loadTexts([read.postId], read.targetLocale);
    if (!current || current.sourceLocale !== read.sourceLocale) {
      refuse('no such post in this direction');
      continue;
    }
    if (!mayTranslate(actor, current, read.targetLocale)) {
      refuse('you may not translate this post into this language');
      continue;
    }
    const result = applyTranslation(current, read);
    if (!result.ok) {
      refuse(result.reason);
      continue;
    }
    const resource = { kind: 'post' as const, ownerUserId: current.ownerUserId, sourceLocale: current.sourceLocale, locale: read.targetLocale };
    await studio.saveDraft(read.postId, read.targetLocale, {
      fields: {
        slug: current.target?.slug ?? '',
        title: result.title,
        body: result.body,
        excerpt: current.target?.excerpt ?? '',
        seoTitle: current.target?.seoTitle ?? null,
        seoDescription: current.target?.seoDescription ?? null,
      },
      expectedRevisionId: current.target?.revisionId ?? null,
      basedOnRevisionId: current.sourceRevisionId,
      userId: actor?.id ?? null,
    });
    // Someone who may not publish asks for review, as they would from the editor.
    const submits = actor !== null && !can(actor, 'post.publish', resource) && can(actor, 'post.submit-review', resource);
    if (submits) await publishing.submitForReview(read.postId, read.targetLocale, actor.id, 'Imported from an XLIFF file.');
    outcomes.push({ postId: read.postId, locale: read.targetLocale, outcome: 'saved', merged: result.merged, submittedForReview: submits });
  }
  return outcomes;
}
