// The search index's tables as Kysely sees them (created by the 2026-12-01 migrations).
// Kept apart from schema.ts because only the search repositories touch them; they reach
// them through db.withTables<SearchTables>(). Type aliases, not interfaces: withTables
// wants types with an implicit index signature.
export type SearchDocumentsTable = {
  translation_id: number;
  post_id: number;
  locale: string;
  /** PostgreSQL only: written with SQL expressions, never read back. */
  tsv?: unknown;
  head?: unknown;
};

/** SQLite only: the contentless FTS5 table, one row per document (rowid = translation id). */
export type SearchFtsTable = {
  rowid: number;
  title: string;
  excerpt: string;
  names: string;
  body: string;
  /** The translation's locale, as a token. */
  lang: string;
};

export type SearchTables = {
  search_documents: SearchDocumentsTable;
  search_fts: SearchFtsTable;
};
