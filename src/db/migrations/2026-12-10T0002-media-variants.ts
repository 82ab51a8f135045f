// The responsive variants of an uploaded image (WebP and AVIF at a few widths), as JSON:
// [{ "width": 960, "height": 540, "format": "avif", "path": "/images/….w960.avif" }, …].
// Null for media that have none (audio, video, the demo's pre-sized images).
import type { Kysely } from 'kysely';
import { columnsOf } from './columns-of';

export async function up(db: Kysely<unknown>): Promise<void> {
  if ((await columnsOf(db, 'media')).includes('variants')) return;
  await db.schema.alterTable('media').addColumn('variants', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('variants').execute();
}
