// Runs one publishing use case on one language: read the state, let the use case plan,
// render what the plan needs rendered (before any transaction: a render can take a
// second, and on SQLite a transaction holds every other writer), then, in one
// transaction, read the state again (row lock on PostgreSQL), plan again from what is
// there now and apply that plan. A use case refuses by itself when the state moved in a
// way that matters (a review request changed: 409 with both states).
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { Renderer, RenderedDocument } from '@/core/markdown/render-document';
import type { MarkdownBlock } from '@/core/translation/segments';
import type { PublishingEvent } from '@/core/publishing/events';
import type { Plan, TextState } from '@/core/publishing/text-state';
import type { Locale } from '@/core/locales';
import { draftBody, liveBody } from '../repositories/live-body';
import type { CutBlocks } from '../repositories/translation-memory-store';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';
import { inTransaction } from '../transaction';
import { applyPlan } from './apply-plan';
import { readTextState } from './read-text-state';

export interface PublishingDeps {
  /** Renders a revision that is not the draft's current one (the worker pool on servers). */
  render?: Renderer;
  /**
   * Cuts a text into the Markdown blocks the translation memory is made of (the worker
   * pool on servers), before the transaction, so publishing does not parse Markdown on the
   * server's thread. A text the transaction finds no cut for is parsed there.
   */
  cut?: (markdown: string) => Promise<readonly MarkdownBlock[]>;
  /** The site's origin: images from it are the site's own. */
  siteOrigin?: string;
}

export type Planner = (state: TextState) => Plan;

function missing(): AppError {
  return new AppError('NOT_FOUND', 'There is no such translation.', { fields: { locale: ['Write this language first.'] } });
}

/** Renders revision `revisionId` of a language, reading it through `source` (the caller's transaction, if any). */
export async function renderRevision(source: Kysely<Database>, render: Renderer | undefined, revisionId: number, locale: Locale) {
  if (!render) throw new Error('This publishing repository was made without a renderer, so it cannot publish an older revision.');
  const revision = await source.selectFrom('revisions').select('body').where('id', '=', revisionId).executeTakeFirst();
  if (!revision) throw new AppError('NOT_FOUND', 'There is no such revision.');
  return { id: revisionId, rendered: await render({ markdown: unpackText(revision.body), locale }) };
}

/**
 * The post's texts that can be live once `plan` is applied (its drafts and its live texts),
 * cut by `deps.cut`; nothing when the plan leaves the live texts alone (a plan that first
 * renders an older revision publishes it). A text the worker could not cut is left out:
 * the memory parses it in the transaction, as without a cutter.
 */
export async function cutPostTexts(db: Kysely<Database>, deps: PublishingDeps, postId: number, plan: Plan): Promise<CutBlocks | undefined> {
  const { cut } = deps;
  const changesLiveTexts = plan.kind === 'render' || plan.steps.some((step) => step.do === 'go-live' || step.do === 'go-offline');
  if (!cut || !changesLiveTexts) return undefined;
  const [drafts, lives] = await Promise.all([
    db.selectFrom('post_translations').select(draftBody().as('body')).where('post_id', '=', postId).execute(),
    db.selectFrom('live_translations').select(liveBody().as('body')).where('post_id', '=', postId).execute(),
  ]);
  const bodies = [...new Set([...drafts, ...lives].map((row) => unpackText(row.body)))];
  const cuts = await Promise.all(bodies.map((body) => cut(body).then((blocks) => [body, blocks] as const, () => null)));
  return new Map(cuts.filter((entry) => entry !== null));
}

/**
 * Plans from the state read in `trx` and applies it; `rendered` is what was rendered for
 * an earlier plan. A plan that still needs a rendering now asks for another revision than
 * before: the text moved under the action.
 */
export async function planAndApply(
  trx: Transaction<Database>,
  target: { postId: number; locale: Locale },
  planner: Planner,
  options: { siteOrigin?: string; rendered?: { id: number; rendered: RenderedDocument }; cut?: CutBlocks; nowIso: string; quiet?: boolean },
): Promise<{ state: TextState; events: PublishingEvent[] }> {
  const state = await readTextState(trx, target.postId, target.locale, { lock: true, siteOrigin: options.siteOrigin, rendered: options.rendered });
  if (!state) throw missing();
  const plan = planner(state);
  if (plan.kind === 'render') {
    throw new AppError('CONFLICT', 'The text changed while it was being prepared for publishing: look at it again.', { reason: 'state-moved' });
  }
  return { state, events: await applyPlan(trx, state, plan, options) };
}

export async function runPublication<T>(
  db: Kysely<Database>,
  deps: PublishingDeps,
  target: { postId: number; locale: Locale },
  planner: Planner,
  finish: (trx: Transaction<Database>, events: PublishingEvent[]) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const first = await readTextState(db, target.postId, target.locale, { siteOrigin: deps.siteOrigin });
  if (!first) throw missing();
  const plan = planner(first);
  const rendered = plan.kind === 'render' ? await renderRevision(db, deps.render, plan.revisionId, target.locale) : undefined;
  const cut = await cutPostTexts(db, deps, target.postId, plan);
  return inTransaction(db, async (trx) => {
    const { events } = await planAndApply(trx, target, planner, { siteOrigin: deps.siteOrigin, rendered, cut, nowIso: now.toISOString() });
    return finish(trx, events);
  });
}
