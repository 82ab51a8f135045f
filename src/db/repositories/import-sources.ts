// What an import has brought in before: each source id (a post, author, tag or media
// file of the site imported from) with the Duet id it became, so a second run creates
// nothing twice. `kind` names the source site (server/import/write-import.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export type ImportedEntity = 'post' | 'author' | 'tag' | 'media';

export function createImportSources(db: Kysely<Database>) {
  return {
    /** Source id → Duet id of everything of one entity imported from `kind`. */
    async knownIds(kind: string, entity: ImportedEntity): Promise<Map<string, number>> {
      const rows = await db.selectFrom('import_sources').select(['source_id', 'duet_id']).where('source_kind', '=', kind).where('entity', '=', entity).execute();
      return new Map(rows.map((r) => [r.source_id, r.duet_id]));
    },

    /** The library file a source file became, while it is still in the library. */
    importedMedia(kind: string, sourceId: string): Promise<{ id: number; path: string } | undefined> {
      return db
        .selectFrom('import_sources')
        .innerJoin('media', 'media.id', 'import_sources.duet_id')
        .select(['media.id', 'media.path'])
        .where('source_kind', '=', kind)
        .where('entity', '=', 'media')
        .where('source_id', '=', sourceId)
        .executeTakeFirst();
    },

    /**
     * Records what a source id became. A media file may be recorded again by a run that
     * found it in the library (`ifNew`); anything else recorded twice is an error.
     */
    async remember(kind: string, entity: ImportedEntity, sourceId: string, duetId: number, options: { ifNew?: boolean } = {}): Promise<void> {
      await db
        .insertInto('import_sources')
        .values({ source_kind: kind, entity, source_id: sourceId, duet_id: duetId, imported_at: new Date().toISOString() })
        .$if(options.ifNew === true, (qb) => qb.onConflict((oc) => oc.doNothing()))
        .execute();
    },
  };
}
