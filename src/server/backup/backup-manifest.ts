// manifest.json, the table of contents of a backup archive: which Duet wrote it, which
// database it holds (and at which migration), and every other entry with its size and
// SHA-256. A restore trusts nothing in the archive that the manifest does not vouch for,
// and nothing in the manifest that does not parse with this schema.
import { z } from 'zod';
import { migrations } from '@/db/migrations';
import { checkEntryPath, manifestPath } from './archive-rules';
import { BackupRefusedError } from './backup-refused-error';

export const backupFormat = 'duet-backup';
export const backupFormatVersion = 1;

/** Where the SQLite file goes in the archive, and a PostgreSQL table's rows. */
export const sqliteEntryPath = 'database/duet.db';
export const tableEntryPath = (table: string) => `database/${table}.jsonl`;
export const authSecretEntryPath = 'secrets/auth.secret';

const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
const migrationNames = z.array(z.string().min(1).max(200)).min(1);

const entrySchema = z.strictObject({
  path: z.string().min(1).max(1024),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const tableSchema = z.strictObject({
  name: identifier,
  columns: z.array(identifier).min(1),
  rows: z.number().int().nonnegative(),
});

const databaseSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('sqlite'), migrations: migrationNames }),
  z.strictObject({ kind: z.literal('postgres'), migrations: migrationNames, tables: z.array(tableSchema) }),
]);

export const manifestSchema = z.strictObject({
  format: z.literal(backupFormat),
  formatVersion: z.literal(backupFormatVersion),
  duetVersion: z.string().max(100),
  createdAt: z.iso.datetime(),
  database: databaseSchema,
  entries: z.array(entrySchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;
export type DatabaseKind = BackupManifest['database']['kind'];

export function parseManifest(bytes: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupRefusedError('not-a-backup', 'The archive\'s manifest.json is not JSON; this is not a Duet backup, or it is damaged.');
  }
  refuseNewerFormat(json);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new BackupRefusedError('not-a-backup', `The archive's manifest.json is not a Duet backup manifest (${issue.message}${where}).`);
  }
  checkEntries(parsed.data);
  return parsed.data;
}

/** A newer format gets its own message: the fix is upgrading Duet, not a new backup. */
function refuseNewerFormat(json: unknown): void {
  if (typeof json !== 'object' || json === null) return;
  const { format, formatVersion, duetVersion } = json as Record<string, unknown>;
  if (format !== backupFormat || typeof formatVersion !== 'number' || formatVersion <= backupFormatVersion) return;
  throw new BackupRefusedError(
    'newer-backup',
    `This backup was written by Duet ${String(duetVersion)} in backup format ${formatVersion}; this Duet reads format ${backupFormatVersion}. Upgrade Duet, then restore.`,
  );
}

/** Entry paths are safe and unique, and the database's files are all listed. */
function checkEntries(manifest: BackupManifest): void {
  const paths = new Set<string>();
  for (const { path } of manifest.entries) {
    const problem = path === manifestPath ? 'it is the manifest itself' : checkEntryPath(path);
    if (problem) throw new BackupRefusedError('unsafe-entry', `The manifest lists “${path}”, which is refused: ${problem}.`);
    if (paths.has(path)) throw new BackupRefusedError('not-a-backup', `The manifest lists “${path}” twice.`);
    paths.add(path);
  }
  const database = manifest.database;
  const needed = database.kind === 'sqlite' ? [sqliteEntryPath] : database.tables.map((table) => tableEntryPath(table.name));
  const missing = needed.find((path) => !paths.has(path));
  if (missing) throw new BackupRefusedError('not-a-backup', `The manifest does not list the database file “${missing}”.`);
}

/**
 * Null when this Duet can restore a database at the backup's migrations: they must be
 * the first migrations this version knows, in order (a later Duet migrates the rest at
 * start). Otherwise why not.
 */
export function checkMigrationsKnown(backup: string[], known: string[] = Object.keys(migrations)): string | null {
  const unknown = backup.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    return `The backup's database has migrations this Duet does not know (${unknown.slice(0, 3).join(', ')}): it was made by a newer Duet. Upgrade Duet, then restore.`;
  }
  const sorted = [...backup].sort();
  if (sorted.some((name, i) => name !== known[i])) {
    return `The backup's database has the migrations ${sorted.join(', ')}, which are not the first ones this Duet knows; it cannot be restored here.`;
  }
  return null;
}
