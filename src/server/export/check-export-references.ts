// What zod cannot see in duet.json: that ids are unique, that every reference points at
// something the document holds (an author, a tag, a media file, an account, a revision of
// the same text), and that each post has at most one text per language. Each problem is
// named by its field path, as the schema's are, so a hand-edited export is easy to fix.
// The header (everything but the posts) is checked whole; the posts one at a time as they
// are read, keeping of each only the ids and addresses that must be unique across posts.
import type { ExportHeader, ExportPost, ExportTranslation } from '@/core/export/export-schema';

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
    for (const { item, field } of items) this.once(seen, key(item), field, what);
  }
  /** Records `key` as a duplicate when `seen` has it already. */
  once(seen: Set<string | number>, key: string | number, field: string, what: string): void {
    if (seen.has(key)) this.add(field, `Another ${what} has the same value (${String(key)}).`);
    seen.add(key);
  }
}

const indexed = <T>(items: T[], field: string) => items.map((item, i) => ({ item, field: `${field}[${i}]` }));

export class ExportReferenceChecker {
  private readonly problems = new Problems();
  private readonly accounts: Set<string>;
  private readonly authors: Set<number>;
  private readonly tags: Set<number>;
  private readonly media: Set<number>;
  // Unique across the whole document: what is kept of each post once it is checked.
  private readonly seen = {
    post: new Set<string | number>(),
    translation: new Set<string | number>(),
    draft: new Set<string | number>(),
    live: new Set<string | number>(),
    revision: new Set<string | number>(),
    review: new Set<string | number>(),
    attachment: new Set<string | number>(),
  };

  constructor(header: ExportHeader) {
    const problems = this.problems;
    problems.unique(indexed(header.accounts, 'accounts'), (a) => a.id, 'account id');
    problems.unique(indexed(header.accounts, 'accounts'), (a) => a.email.toLowerCase(), 'account e-mail address');
    problems.unique(indexed(header.authors, 'authors'), (a) => a.id, 'author id');
    problems.unique(indexed(header.authors, 'authors'), (a) => a.handle, 'author handle');
    problems.unique(indexed(header.tags, 'tags'), (t) => t.id, 'tag id');
    problems.unique(indexed(header.tags, 'tags'), (t) => t.key, 'tag key');
    problems.unique(indexed(header.media, 'media'), (m) => m.id, 'media id');
    problems.unique(indexed(header.media, 'media'), (m) => m.path, 'media path');
    this.accounts = new Set(header.accounts.map((a) => a.id));
    this.authors = new Set(header.authors.map((a) => a.id));
    this.tags = new Set(header.tags.map((t) => t.id));
    this.media = new Set(header.media.map((m) => m.id));
    header.authors.forEach((a, i) => this.refer(`authors[${i}].userId`, a.userId, this.accounts, 'account'));
    const tagSlugs = header.tags.flatMap((t, i) => Object.entries(t.texts).map(([locale, x]) => ({ item: `${locale}/${x!.slug}`, field: `tags[${i}].texts.${locale}.slug` })));
    problems.unique(tagSlugs, (slug) => slug, 'tag in this language');
    header.media.forEach((m, i) =>
      m.files.forEach((f, j) => {
        if (f.archivePath !== `media${f.path}`) problems.add(`media[${i}].files[${j}].archivePath`, `Expected media${f.path}.`);
      }),
    );
  }

  /** The problems found so far: the header's, then the posts' in their order. */
  get list(): ExportProblem[] {
    return this.problems.list;
  }

  checkPost(post: ExportPost, i: number): void {
    const problems = this.problems;
    const field = `posts[${i}]`;
    problems.once(this.seen.post, post.id, field, 'post id');
    this.refer(`${field}.ownerUserId`, post.ownerUserId, this.accounts, 'account');
    this.refer(`${field}.coverMediaId`, post.coverMediaId, this.media, 'media file');
    post.bylines.forEach((b, j) => this.refer(`${field}.bylines[${j}].authorId`, b.authorId, this.authors, 'author'));
    problems.unique(indexed(post.bylines, `${field}.bylines`), (b) => b.authorId, 'byline of this post');
    post.tagIds.forEach((t, j) => this.refer(`${field}.tagIds[${j}]`, t, this.tags, 'tag'));
    problems.unique(indexed(post.tagIds, `${field}.tagIds`), (t) => t, 'tag of this post');
    post.attachments.forEach((a, j) => {
      this.refer(`${field}.attachments[${j}].mediaId`, a.mediaId, this.media, 'media file');
      problems.once(this.seen.attachment, a.id, `${field}.attachments[${j}]`, 'attachment id');
    });
    problems.unique(indexed(post.translations, `${field}.translations`), (t) => t.locale, 'translation of this post in this language');
    post.translations.forEach((t, j) => this.checkTranslation(t, `${field}.translations[${j}]`));
  }

  private checkTranslation(t: ExportTranslation, field: string): void {
    const problems = this.problems;
    problems.once(this.seen.translation, t.id, field, 'translation id');
    // Addresses are unique per language, in the drafts and among the live texts.
    problems.once(this.seen.draft, `${t.locale}/${t.draft.slug}`, `${field}.draft.slug`, 'draft in this language');
    if (t.live) problems.once(this.seen.live, `${t.locale}/${t.live.slug}`, `${field}.live.slug`, 'live text in this language');
    t.revisions.forEach((r, k) => problems.once(this.seen.revision, r.id, `${field}.revisions[${k}]`, 'revision id'));
    t.reviewRequests.forEach((r, k) => problems.once(this.seen.review, r.id, `${field}.reviewRequests[${k}]`, 'review request id'));
    const own = new Set(t.revisions.map((r) => r.id));
    const mustBeOwn = (f: string, revisionId: number | null) => {
      if (revisionId !== null && !own.has(revisionId)) problems.add(f, `Revision ${revisionId} is not one of this text's revisions.`);
    };
    mustBeOwn(`${field}.draft.revisionId`, t.draft.revisionId);
    if (t.live) mustBeOwn(`${field}.live.revisionId`, t.live.revisionId);
    if (t.schedule) mustBeOwn(`${field}.schedule.revisionId`, t.schedule.revisionId);
    t.reviewRequests.forEach((r, k) => mustBeOwn(`${field}.reviewRequests[${k}].revisionId`, r.revisionId));
    t.revisions.forEach((r, k) => {
      if (r.authorUserId !== null && !this.accounts.has(r.authorUserId)) problems.add(`${field}.revisions[${k}].authorUserId`, `No account in this export has the id ${r.authorUserId}.`);
    });
  }

  private refer(field: string, value: string | number | null, known: Set<string> | Set<number>, what: string): void {
    if (value !== null && !(known as Set<string | number>).has(value)) this.problems.add(field, `No ${what} in this export has the id ${String(value)}.`);
  }
}
