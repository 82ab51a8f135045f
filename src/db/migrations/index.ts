// Every migration, listed in code. Kysely's FileMigrationProvider scans a folder at run
// time, which breaks once Next bundles the server; an explicit list survives bundling.
// Names sort by their timestamp; add new ones at the end and never edit a landed one.
import type { Migration, MigrationProvider } from 'kysely';
import * as content from './2026-11-22T0001-content';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-content': content,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
