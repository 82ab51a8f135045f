// What an import did or, in a dry run, would do: each post with its languages, statuses
// and pairing, the counts a person checks first, and every warning the parsers and the
// writer raised. Written as JSON next to the terminal's summary (`summarizeReport`).
import type { ImportDocument, ImportPost, ImportStatus, ImportWarning, PairEvidence } from '@/core/import/import-document';
import type { Locale } from '@/core/locales';

export type PostAction = 'create' | 'exists' | 'failed';

export interface ReportedPost {
  sourceId: string;
  kind: 'post' | 'page';
  action: PostAction;
  /** The Duet post made (or made by an earlier run). */
  postId: number | null;
  pairedBy: PairEvidence | null;
  languages: Array<{ locale: Locale; title: string; slug: string; status: ImportStatus; passwordProtected: boolean }>;
  error?: string;
}

export interface ImportReport {
  source: ImportDocument['source'];
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  posts: ReportedPost[];
  counts: {
    posts: number;
    pairs: number;
    created: number;
    /** Posts made by an earlier run and changed by this one (an import never changes one yet). */
    updated: number;
    /** Posts made by an earlier run and left as they are. */
    skipped: number;
    /** The same as `skipped`, under its first name (reports and scripts read it). */
    alreadyImported: number;
    failed: number;
    /** Texts that readers will see once imported (published in the source). */
    published: number;
    drafts: number;
    scheduled: number;
    tags: number;
    authors: number;
    mediaImported: number;
    mediaMissing: number;
  };
  /** Texts left out for their language, by the source's language code. */
  skippedLanguages?: Record<string, number>;
  warnings: ImportWarning[];
}

export function emptyReport(document: ImportDocument, dryRun: boolean): ImportReport {
  const texts = document.posts.flatMap((p) => Object.values(p.texts));
  return {
    source: document.source,
    dryRun,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    posts: [],
    counts: {
      posts: document.posts.length,
      pairs: document.posts.filter((p) => Object.keys(p.texts).length === 2).length,
      created: 0,
      updated: 0,
      skipped: 0,
      alreadyImported: 0,
      failed: 0,
      published: texts.filter((t) => t?.status === 'published').length,
      drafts: texts.filter((t) => t && t.status !== 'published' && t.status !== 'scheduled').length,
      scheduled: texts.filter((t) => t?.status === 'scheduled').length,
      tags: document.tags.length,
      authors: document.authors.length,
      mediaImported: 0,
      mediaMissing: 0,
    },
    ...(document.skippedLanguages ? { skippedLanguages: { ...document.skippedLanguages } } : {}),
    warnings: [...document.warnings],
  };
}

export function reportPost(post: ImportPost, action: PostAction, postId: number | null, error?: string): ReportedPost {
  return {
    sourceId: post.sourceId,
    kind: post.kind,
    action,
    postId,
    pairedBy: post.pairedBy,
    languages: Object.values(post.texts).map((t) => ({ locale: t!.locale, title: t!.title, slug: t!.slug, status: t!.status, passwordProtected: t!.passwordProtected })),
    ...(error ? { error } : {}),
  };
}

/** The few lines a person reads in the terminal. */
export function summarizeReport(report: ImportReport): string {
  const c = report.counts;
  const byCode = new Map<string, number>();
  for (const w of report.warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
  const lines = [
    `${report.dryRun ? 'Dry run of an import' : 'Import'} from ${report.source.kind}${report.source.version ? ` ${report.source.version}` : ''}:`,
    `  ${c.posts} posts (${c.pairs} zh/en pairs, ${c.posts - c.pairs} in one language); texts: ${c.published} published, ${c.drafts} not published, ${c.scheduled} scheduled`,
    `  ${c.tags} tags, ${c.authors} authors`,
    report.dryRun
      ? `  would create ${c.created} posts; ${c.alreadyImported} already imported by an earlier run`
      : `  created ${c.created} posts; ${c.updated ?? 0} updated; ${c.alreadyImported} already imported (skipped); ${c.failed} failed; files: ${c.mediaImported} into the media library, ${c.mediaMissing} unreadable (kept as links)`,
  ];
  const skipped = Object.entries(report.skippedLanguages ?? {});
  if (skipped.length > 0) lines.push(`  left out for their language: ${skipped.map(([code, n]) => `${n} in ${code}`).join(', ')}`);
  if (byCode.size > 0) lines.push(`  warnings: ${[...byCode].map(([code, n]) => `${n} ${code}`).join(', ')}`);
  // What needs a person: posts left as drafts, blocks left out, posts that failed.
  for (const w of report.warnings.filter((w) => w.code === 'render-pending' || w.code === 'wordpress-block').slice(0, 10)) lines.push(`  ${w.code}: ${w.message}`);
  for (const failed of report.posts.filter((p) => p.action === 'failed').slice(0, 10)) lines.push(`  failed: ${failed.sourceId}: ${failed.error}`);
  return `${lines.join('\n')}\n`;
}
