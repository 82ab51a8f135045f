// What an import has brought in before: each source id (a post, author, tag or media
// file of the site imported from) with the Duet id it became, so a second run creates
// nothing twice. `kind` names the source site (core/import/source-identity.ts); ids
// recorded under a key earlier versions used are read too, so a site imported before is
// recognised, and new records always go under the current key.
import type { Kysely } from 'kysely';
import type { SourceIdentity } from '@/core/import/source-identity';
import type { Database } from '../schema';

export type ImportedEntity = 'post' | 'author' | 'tag' | 'media';

export function createImportSources(db: Kysely<Database>) {
  return {
    /**
     * Source id → Duet id of everything of one entity imported from this source, under its
     * key or an earlier one; a record under the current key wins, then the oldest record.
     */
    async knownIds(identity: SourceIdentity, entity: ImportedEntity): Promise<Map<string, number>> {
      const kinds = [identity.key, ...identity.legacyKeys];
      const rows = await db
        .selectFrom('import_sources')
        .select(['source_kind', 'source_id', 'duet_id'])
        .where('entity', '=', entity)
        .where((eb) => eb.or([eb('source_kind', 'in', kinds), ...(identity.legacyPrefix ? [eb('source_kind', 'like', `${identity.legacyPrefix}%`)] : [])]))
        .orderBy('imported_at', 'desc')
        .execute();
      const found = new Map<string, number>();
      // Oldest last, so it overwrites: the post made first is the one recognised.
      for (const row of rows) if (row.source_kind !== identity.key) found.set(row.source_id, row.duet_id);
      for (const row of rows) if (row.source_kind === identity.key) found.set(row.source_id, row.duet_id);
      return found;
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
