// A database handle that records every query it runs, compiled, and the SQLite plan of a
// recorded query: for tests that count a page's queries or keep its plan.
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { Database } from '@/db/schema';

export function recordQueries(db: Kysely<Database>) {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), queries };
}

/** The query and SQLite's EXPLAIN QUERY PLAN of it, one step a line. */
export async function sqlitePlan(db: Kysely<Database>, query: CompiledQuery): Promise<string> {
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  return `${query.sql}\n  ${plan.rows.map((r) => r.detail).join('\n  ')}`;
}
