// What the post editor needs of each language, worked out on the server: the draft,
// where it stands with readers, what this account may do with it (the API decides again
// on every request), whether its slug still follows its title, and, for a translation
// behind its source, what changed in the source since; and the newsletters it can be
// e-mailed to, with what became of its send to each.
import type { PaneData } from '@/core/studio/pane-data';
import { can, type Actor } from '@/core/auth/permissions';
import { slugify } from '@/core/content/slugify';
import { diffText } from '@/core/content/text-diff';
import { getDatabase } from '@/db/client';
import { createStudioRepository, type StudioPost, type StudioRepository } from '@/db/repositories/studio-repository';
import { locales, type Locale } from '@/core/locales';
import { listNewsletters, readPostSends } from '@/db/newsletters/newsletter-sends';

/** A slug made from this title (possibly with -2, -3… for a taken one). */
function followsTitle(slug: string, title: string, locale: Locale): boolean {
  const base = slugify(title, locale);
  return slug === base || new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`).test(slug);
}

export async function editorPanes(repo: StudioRepository, post: StudioPost, actor: Actor): Promise<Array<PaneData & { slugFollowsTitle: boolean }>> {
  const resource = (l: Locale) => ({ kind: 'post' as const, ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale: l });
  const db = getDatabase();
  const [liveTexts, newsletters, sends] = await Promise.all([repo.getLiveTexts(post.id), listNewsletters(db), readPostSends(db, post.id)]);
  const sourceLive = liveTexts[post.sourceLocale];
  const order = [post.sourceLocale, ...locales.filter((l) => l !== post.sourceLocale)];
  return Promise.all(
    order.map(async (l) => {
      const translation = post.translations[l] ?? null;
      const language = post.languages[l];
      const isSource = l === post.sourceLocale;
      let sourceDiff = null;
      const base = translation?.basedOnRevisionId;
      if (!isSource && sourceLive && base && post.languages[post.sourceLocale]?.live && post.languages[post.sourceLocale]!.live!.revisionId > base) {
        const revision = await repo.getRevision(base);
        if (revision) sourceDiff = diffText(`${revision.title}\n\n${revision.body}`, `${sourceLive.title}\n\n${sourceLive.body}`);
      }
      // A request that followed the draft past what was submitted: the reviewer sees what changed since.
      const review = language?.review;
      const moved = review?.state === 'pending' && review.submittedRevisionId !== review.revisionId ? await repo.getRevision(review.submittedRevisionId) : null;
      const submittedText = moved ? { title: moved.title, body: moved.body } : null;
      return {
        locale: l,
        isSource,
        postKind: post.kind,
        translation: translation && {
          title: translation.title,
          slug: translation.slug,
          excerpt: translation.excerpt,
          body: translation.body,
          seoTitle: translation.seoTitle,
          seoDescription: translation.seoDescription,
          revisionId: translation.revisionId,
          basedOnRevisionId: translation.basedOnRevisionId,
          updatedAt: translation.updatedAt,
        },
        publication: {
          status: post.editorial[l],
          draftRevisionId: language?.draft.revisionId ?? null,
          publishAt: language?.draft.publishAt ?? null,
          scheduledRevisionId: language?.scheduledRevisionId ?? null,
          live: language?.live ? { revisionId: language.live.revisionId, slug: language.live.slug, publishedAt: language.live.publishedAt, updatedAt: language.live.updatedAt } : null,
          review: language?.review ?? null,
        },
        liveText: liveTexts[l] ?? null,
        can: {
          edit: can(actor, isSource ? 'post.edit-source' : 'post.edit-translation', resource(l)),
          publish: can(actor, 'post.publish', resource(l)),
          update: can(actor, 'post.update', resource(l)),
          submitReview: can(actor, 'post.submit-review', resource(l)),
          review: can(actor, 'post.review', resource(l)),
          discard: can(actor, 'post.discard', resource(l)),
        },
        sourceDiff,
        submittedText,
        newsletters: newsletters.map((n) => {
          const send = sends.find((s) => s.newsletterId === n.id && s.locale === l);
          return { ...n, send: send ? { state: send.state, recipients: send.recipients, sent: send.sent, failed: send.failed, pending: send.pending, createdAt: send.createdAt } : null };
        }),
        slugFollowsTitle: !language?.live && (!translation || followsTitle(translation.slug, translation.title, l)),
      };
    }),
  );
}

/** What the editor is told after a publication action: the post and both panes as they are now. */
export async function editorAnswer(post: StudioPost, actor: Actor) {
  return { post, panes: await editorPanes(createStudioRepository(getDatabase()), post, actor) };
}
