// Writes duet.json as a stream of text: the small sections (settings, accounts, authors,
// tags, media) whole, then the posts a batch at a time, so a large site is never one
// string in memory. The text is exactly `JSON.stringify(document, null, 2)` plus a final
// newline, which keeps two exports of the same content byte-identical but for createdAt.
import type { Db } from '@/db/client';
import { readExportAccounts, readExportAuthors, readExportPosts, readExportSettings, readExportTags } from '@/db/repositories/duet-export-reader';
import { locales } from '@/core/locales';
import { appVersion } from '@/server/version';
import { markdownPath } from './export-markdown';
import { exportFormat, exportFormatVersion, type DuetExport, type ExportMedia, type ExportPost } from '@/core/export/export-schema';

export interface DuetJsonOptions {
  createdAt: string;
  postIds: number[];
  /** The media with their files; called when the media section is written (after the files were hashed). */
  media: () => ExportMedia[];
  /** Posts read per query; a batch's texts and revisions are what sits in memory at once. */
  batchSize?: number;
  onPosts?: (done: number, total: number) => void;
}

export interface DuetJsonCounts {
  posts: number;
  translations: number;
  revisions: number;
}

function indent(json: string, spaces: number): string {
  return json.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

/** One `"key": value` line of the top-level object, indented as JSON.stringify(…, 2) would. */
function member(key: keyof DuetExport, value: unknown): string {
  return `  ${JSON.stringify(key)}: ${indent(JSON.stringify(value, null, 2), 2)},\n`;
}

/** Adds where each text's Markdown copy lies in the archive. */
function withMarkdownPaths(post: ExportPost): ExportPost {
  return { ...post, translations: post.translations.map((t) => ({ ...t, markdownPath: markdownPath(post, t.locale) })) };
}

export async function* streamDuetJson(db: Db, options: DuetJsonOptions, counts: DuetJsonCounts): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? 50;
  yield '{\n';
  yield member('format', exportFormat);
  yield member('formatVersion', exportFormatVersion);
  yield member('createdAt', options.createdAt);
  yield member('duetVersion', appVersion);
  yield member('locales', locales);
  yield member('settings', await readExportSettings(db));
  yield member('accounts', await readExportAccounts(db));
  yield member('authors', await readExportAuthors(db));
  yield member('tags', await readExportTags(db));
  yield member('media', options.media());
  const total = options.postIds.length;
  if (total === 0) {
    yield '  "posts": []\n}\n';
    return;
  }
  yield '  "posts": [';
  for (let i = 0; i < total; i += batchSize) {
    const posts = await readExportPosts(db, options.postIds.slice(i, i + batchSize), { withRevisions: true });
    for (const post of posts) {
      counts.translations += post.translations.length;
      counts.revisions += post.translations.reduce((n, t) => n + t.revisions.length, 0);
      yield `${counts.posts === 0 ? '\n' : ',\n'}    ${indent(JSON.stringify(withMarkdownPaths(post), null, 2), 4)}`;
      counts.posts += 1;
    }
    options.onPosts?.(Math.min(i + batchSize, total), total);
  }
  yield '\n  ]\n}\n';
}
