// A translation's rendering, stored when the text is saved so no reader request ever
// parses Markdown: the HTML, its top-level blocks as a JSON list (the parallel view), the
// plain text (search index and snippets) and the version of the pipeline that made them
// (an older version is made again in the background at start). Null until rendered.
import type { Kysely } from 'kysely';
import { columnsOf } from './columns-of';

const columns = [
  ['html', 'text'],
  ['blocks', 'text'],
  ['body_text', 'text'],
  ['render_version', 'integer'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const existing = await columnsOf(db, 'post_translations');
  // One column at a time and only when missing, so a run interrupted halfway can rerun.
  for (const [name, type] of columns) {
    if (existing.includes(name)) continue;
    await db.schema.alterTable('post_translations').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of columns) await db.schema.alterTable('post_translations').dropColumn(name).execute();
}
