// Was: the translation memory's keys table rebuilt WITHOUT ROWID on SQLite (#27), a copy of
// every key row in the first start after the upgrade. The next migration,
// 2027-01-08T0001-memory-key-index, reads that table once, in either layout (through its
// unit index), and drops it for each database's inverted index; so a site that has not run
// this one yet is spared the copy (some two minutes at 100,000 posts) of a table about to
// go. A site that ran it keeps the table it made until that next migration. The name stays
// in the list: Kysely refuses a history with one missing.
export async function up(): Promise<void> {}

/** Nothing to undo: the version before reads and writes the table alike, whatever its layout. */
export async function down(): Promise<void> {}
