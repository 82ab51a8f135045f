// Who uploaded each file, so an author may edit the alt text and captions of their own
// uploads and of no one else's. Null for files from before (and for the demo's).
import type { Kysely } from 'kysely';
import { columnsOf } from './columns-of';

export async function up(db: Kysely<unknown>): Promise<void> {
  if ((await columnsOf(db, 'media')).includes('uploaded_by')) return;
  await db.schema.alterTable('media').addColumn('uploaded_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('uploaded_by').execute();
}
