// A fresh PostgreSQL schema of TEST_DATABASE_URL for one bench run, so a bench never
// touches another's tables (or a test suite's), and the URL that puts it on the search path.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function freshSchema(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
}
