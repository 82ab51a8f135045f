// What zod cannot see in duet.json: that ids are unique, that every reference points at
// something the document holds (an author, a tag, a media file, an account, a revision of
// the same text), and that each post has at most one text per language. Each problem is
// named by its field path, as the schema's are, so a hand-edited export is easy to fix.
import type { DuetExport, ExportTranslation } from '@/core/export/export-schema';

export interface ExportProblem {
  field: string;
  message: string;
}

class Problems {
  readonly list: ExportProblem[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
  /** Records duplicates of `key` among `items`, under `field[i]…`. */
  unique<T>(items: Array<{ item: T; field: string }>, key: (item: T) => string | number, what: string): void {
    const seen = new Set<string | number>();
    for (const { item, field } of items) {
      const k = key(item);
      if (seen.has(k)) this.add(field, `Another ${what} has the same value (${String(k)}).`);
      seen.add(k);
    }
  }
}

const indexed = <T>(items: T[], field: string) => items.map((item, i) => ({ item, field: `${field}[${i}]` }));

export function checkExportReferences(doc: DuetExport): ExportProblem[] {
  const problems = new Problems();
  problems.unique(indexed(doc.accounts, 'accounts'), (a) => a.id, 'account id');
  problems.unique(indexed(doc.accounts, 'accounts'), (a) => a.email.toLowerCase(), 'account e-mail address');
  problems.unique(indexed(doc.authors, 'authors'), (a) => a.id, 'author id');
  problems.unique(indexed(doc.authors, 'authors'), (a) => a.handle, 'author handle');
  problems.unique(indexed(doc.tags, 'tags'), (t) => t.id, 'tag id');
  problems.unique(indexed(doc.tags, 'tags'), (t) => t.key, 'tag key');
  problems.unique(indexed(doc.media, 'media'), (m) => m.id, 'media id');
  problems.unique(indexed(doc.media, 'media'), (m) => m.path, 'media path');
  problems.unique(indexed(doc.posts, 'posts'), (p) => p.id, 'post id');

  const accounts = new Set(doc.accounts.map((a) => a.id));
  const authors = new Set(doc.authors.map((a) => a.id));
  const tags = new Set(doc.tags.map((t) => t.id));
  const media = new Set(doc.media.map((m) => m.id));
  const refer = (field: string, value: string | number | null, known: Set<string> | Set<number>, what: string) => {
    if (value !== null && !(known as Set<string | number>).has(value)) problems.add(field, `No ${what} in this export has the id ${String(value)}.`);
  };

  doc.authors.forEach((a, i) => refer(`authors[${i}].userId`, a.userId, accounts, 'account'));
  const tagSlugs = doc.tags.flatMap((t, i) => Object.entries(t.texts).map(([locale, x]) => ({ item: `${locale}/${x!.slug}`, field: `tags[${i}].texts.${locale}.slug` })));
  problems.unique(tagSlugs, (slug) => slug, 'tag in this language');
  doc.media.forEach((m, i) =>
    m.files.forEach((f, j) => {
      if (f.archivePath !== `media${f.path}`) problems.add(`media[${i}].files[${j}].archivePath`, `Expected media${f.path}.`);
    }),
  );

  const allTranslations: Array<{ item: ExportTranslation; field: string }> = [];
  const allRevisions: Array<{ item: { id: number }; field: string }> = [];
  const allReviews: Array<{ item: { id: number }; field: string }> = [];
  const allAttachments: Array<{ item: { id: number }; field: string }> = [];
  doc.posts.forEach((post, i) => {
    const field = `posts[${i}]`;
    refer(`${field}.ownerUserId`, post.ownerUserId, accounts, 'account');
    refer(`${field}.coverMediaId`, post.coverMediaId, media, 'media file');
    post.bylines.forEach((b, j) => refer(`${field}.bylines[${j}].authorId`, b.authorId, authors, 'author'));
    problems.unique(indexed(post.bylines, `${field}.bylines`), (b) => b.authorId, 'byline of this post');
    post.tagIds.forEach((t, j) => refer(`${field}.tagIds[${j}]`, t, tags, 'tag'));
    problems.unique(indexed(post.tagIds, `${field}.tagIds`), (t) => t, 'tag of this post');
    post.attachments.forEach((a, j) => {
      refer(`${field}.attachments[${j}].mediaId`, a.mediaId, media, 'media file');
      allAttachments.push({ item: a, field: `${field}.attachments[${j}]` });
    });
    problems.unique(indexed(post.translations, `${field}.translations`), (t) => t.locale, 'translation of this post in this language');
    post.translations.forEach((t, j) => {
      const tField = `${field}.translations[${j}]`;
      allTranslations.push({ item: t, field: tField });
      t.revisions.forEach((r, k) => allRevisions.push({ item: r, field: `${tField}.revisions[${k}]` }));
      t.reviewRequests.forEach((r, k) => allReviews.push({ item: r, field: `${tField}.reviewRequests[${k}]` }));
      checkTranslation(problems, t, tField, accounts);
    });
  });
  problems.unique(allTranslations, (t) => t.id, 'translation id');
  // Addresses are unique per language, in the drafts and among the live texts.
  problems.unique(allTranslations.map(({ item, field }) => ({ item, field: `${field}.draft.slug` })), (t) => `${t.locale}/${t.draft.slug}`, 'draft in this language');
  const lives = allTranslations.filter(({ item }) => item.live !== null);
  problems.unique(lives.map(({ item, field }) => ({ item, field: `${field}.live.slug` })), (t) => `${t.locale}/${t.live!.slug}`, 'live text in this language');
  problems.unique(allRevisions, (r) => r.id, 'revision id');
  problems.unique(allReviews, (r) => r.id, 'review request id');
  problems.unique(allAttachments, (a) => a.id, 'attachment id');
  return problems.list;
}

function checkTranslation(problems: Problems, t: ExportTranslation, field: string, accounts: Set<string>): void {
  const own = new Set(t.revisions.map((r) => r.id));
  const mustBeOwn = (f: string, revisionId: number | null) => {
    if (revisionId !== null && !own.has(revisionId)) problems.add(f, `Revision ${revisionId} is not one of this text's revisions.`);
  };
  mustBeOwn(`${field}.draft.revisionId`, t.draft.revisionId);
  if (t.live) mustBeOwn(`${field}.live.revisionId`, t.live.revisionId);
  if (t.schedule) mustBeOwn(`${field}.schedule.revisionId`, t.schedule.revisionId);
  t.reviewRequests.forEach((r, k) => mustBeOwn(`${field}.reviewRequests[${k}].revisionId`, r.revisionId));
  t.revisions.forEach((r, k) => {
    if (r.authorUserId !== null && !accounts.has(r.authorUserId)) problems.add(`${field}.revisions[${k}].authorUserId`, `No account in this export has the id ${r.authorUserId}.`);
  });
}
