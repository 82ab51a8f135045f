// Every migration, listed in code. Kysely's FileMigrationProvider scans a folder at run
// time, which breaks once Next bundles the server; an explicit list survives bundling.
// Names sort by their timestamp; add new ones at the end and never edit a landed one.
import type { Migration, MigrationProvider } from 'kysely';
import * as content from './2026-11-22T0001-content';
import * as searchIndex from './2026-12-01T0001-search-index';
import * as searchBackfill from './2026-12-01T0002-search-backfill';
import * as studio from './2026-12-10T0001-studio';
import * as mediaVariants from './2026-12-10T0002-media-variants';
import * as storedRenders from './2026-12-20T0001-stored-renders';
import * as mediaUploader from './2026-12-20T0002-media-uploader';
import * as publishing from './2026-12-21T0001-publishing';
import * as importSources from './2026-12-22T0001-import-sources';
import * as apiKeys from './2026-12-23T0001-api-keys';
import * as webhooks from './2026-12-23T0002-webhooks';
import * as reviewFollowsDraft from './2026-12-24T0001-review-follows-draft';
import * as members from './2026-12-26T0001-members';
import * as memberIndexes from './2026-12-27T0001-member-indexes';
import * as newsletterSends from './2026-12-27T0001-newsletter-sends';
import * as addressStates from './2026-12-28T0001-address-states';
import * as redirects from './2026-12-29T0001-redirects';
import * as newsletterTools from './2026-12-29T0002-newsletter-tools';
import * as studioList from './2026-12-30T0001-studio-list';
import * as tagDescriptions from './2026-12-30T0002-tag-descriptions';
import * as translationMemory from './2026-12-30T0003-translation-memory';
import * as glossary from './2026-12-31T0001-glossary';
import * as fediverse from './2027-01-01T0001-fediverse';
import * as compactStorage from './2027-01-02T0001-compact-storage';
import * as packedRenderings from './2027-01-03T0001-packed-renderings';
import * as liveBody from './2027-01-04T0001-live-body';
import * as draftBody from './2027-01-05T0001-draft-body';
import * as strippedVectors from './2027-01-06T0001-stripped-vectors';
import * as memoryKeysClustered from './2027-01-07T0001-memory-keys-clustered';
import * as memoryKeyIndex from './2027-01-08T0001-memory-key-index';
import * as shortUnitHashes from './2027-01-08T0002-short-unit-hashes';
import * as packedRenderingsPostgres from './2027-01-09T0001-packed-renderings-postgres';
import * as memoryLinksNarrow from './2027-01-09T0002-memory-links-narrow';
import * as memoryUnitColumns from './2027-01-09T0003-memory-unit-columns';
import * as packedRevisions from './2027-01-10T0001-packed-revisions';
import * as sharedDerivedExcerpt from './2027-01-10T0002-shared-derived-excerpt';
import * as memoryPostUnits from './2027-01-11T0001-memory-post-units';
import * as plainTextAgainstHtml from './2027-01-12T0001-plain-text-against-html';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-content': content,
  '2026-12-01T0001-search-index': searchIndex,
  '2026-12-01T0002-search-backfill': searchBackfill,
  '2026-12-10T0001-studio': studio,
  '2026-12-10T0002-media-variants': mediaVariants,
  '2026-12-20T0001-stored-renders': storedRenders,
  '2026-12-20T0002-media-uploader': mediaUploader,
  '2026-12-21T0001-publishing': publishing,
  '2026-12-22T0001-import-sources': importSources,
  '2026-12-23T0001-api-keys': apiKeys,
  '2026-12-23T0002-webhooks': webhooks,
  '2026-12-24T0001-review-follows-draft': reviewFollowsDraft,
  '2026-12-26T0001-members': members,
  '2026-12-27T0001-member-indexes': memberIndexes,
  '2026-12-27T0001-newsletter-sends': newsletterSends,
  '2026-12-28T0001-address-states': addressStates,
  '2026-12-29T0001-redirects': redirects,
  '2026-12-29T0002-newsletter-tools': newsletterTools,
  '2026-12-30T0001-studio-list': studioList,
  '2026-12-30T0002-tag-descriptions': tagDescriptions,
  '2026-12-30T0003-translation-memory': translationMemory,
  '2026-12-31T0001-glossary': glossary,
  '2027-01-01T0001-fediverse': fediverse,
  '2027-01-02T0001-compact-storage': compactStorage,
  '2027-01-03T0001-packed-renderings': packedRenderings,
  '2027-01-04T0001-live-body': liveBody,
  '2027-01-05T0001-draft-body': draftBody,
  '2027-01-06T0001-stripped-vectors': strippedVectors,
  '2027-01-07T0001-memory-keys-clustered': memoryKeysClustered,
  '2027-01-08T0001-memory-key-index': memoryKeyIndex,
  '2027-01-08T0002-short-unit-hashes': shortUnitHashes,
  '2027-01-09T0001-packed-renderings-postgres': packedRenderingsPostgres,
  '2027-01-09T0002-memory-links-narrow': memoryLinksNarrow,
  '2027-01-09T0003-memory-unit-columns': memoryUnitColumns,
  '2027-01-10T0001-packed-revisions': packedRevisions,
  '2027-01-10T0002-shared-derived-excerpt': sharedDerivedExcerpt,
  '2027-01-11T0001-memory-post-units': memoryPostUnits,
  '2027-01-12T0001-plain-text-against-html': plainTextAgainstHtml,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
