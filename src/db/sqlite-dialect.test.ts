// SQLite statements prepared once per SQL text (cachingStatements): the same statement is
// reused, a busy one (a streamed query in progress) is not, the least recently used goes
// first, and a long run of awaited queries, as an import makes, prepares each SQL text
// once instead of once per query (each prepared statement held some 2 KB of native memory
// until the event loop turned).
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements, ImmediateSqliteDialect } from './sqlite-dialect';

describe('cachingStatements', () => {
  const open: SqliteDatabase.Database[] = [];
  const database = () => {
    const db = new SqliteDatabase(':memory:');
    open.push(db);
    db.exec('create table t (n integer)');
    db.exec('insert into t (n) values (1), (2), (3)');
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
  });

  it('reuses the statement of the same SQL text, and prepares another while it is busy', () => {
    const cached = cachingStatements(database());
    const first = cached.prepare('select n from t order by n');
    expect(cached.prepare('select n from t order by n')).toBe(first);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const beside = cached.prepare('select n from t order by n');
    expect(beside).not.toBe(first);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t order by n')).toBe(first);
    expect(first.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('forgets the least recently used statement first', () => {
    const cached = cachingStatements(database(), 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('prepares each SQL text once in a long run of awaited queries through Kysely, transactions and streams included', async () => {
    const raw = database();
    let prepared = 0;
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((text: string) => {
      prepared++;
      return prepare(text);
    }) as typeof raw.prepare;
    const db = new Kysely<{ t: { n: number } }>({ dialect: new ImmediateSqliteDialect({ database: cachingStatements(raw) }) });
    for (let i = 0; i < 2_000; i++) {
      await db.insertInto('t').values({ n: i }).execute();
      await db
        .selectFrom('t')
        .select('n')
        .where('n', '=', i % 50)
        .execute();
    }
    await db.transaction().execute(async (trx) => {
      await sql`update t set n = n + 1 where n < 0`.execute(trx);
    });
    let streamed = 0;
    for await (const row of db.selectFrom('t').select('n').stream()) streamed += row.n >= 0 ? 1 : 0;
    expect(streamed).toBe(2_003);
    // insert, select, begin immediate, update, commit, the stream's select.
    expect(prepared).toBeLessThanOrEqual(6);
    await db.destroy();
    expect(raw.open).toBe(false);
  });
});
