// The PostgreSQL half of bench/scale-site.ts: copies the template posts' rows — posts,
// drafts, revisions, live texts, a tag and an author each — into copies numbered
// `from`…`count - 1`, with the same ids' shapes, slugs, titles and dates the SQLite copy
// gives them. Set-based (one INSERT … SELECT over generate_series per table and chunk)
// rather than row by row: 100,000 posts are about a million rows, and a round trip per
// row over the socket would take longer than the benchmark itself.
//
// A copy's ids are computed, not returned: copy i of template k gets post id P + i, its
// j-th draft D + i·maxDrafts + j, its j-th revision R + i·maxRevisions + j (P, D, R the
// tables' largest ids before the copy), so each table is one statement with no id map
// shipped back and forth; the sequences are moved past them at the end.
import pg from 'pg';

export interface CopyPlan {
  url: string;
  /** Ids of the template posts, written through the repository. */
  templates: number[];
  /** Copies are numbered templates.length … count - 1, as in the SQLite builder. */
  count: number;
  /** Copy i is dated start + i minutes. */
  start: number;
  zhWords: string[];
  enWords: string[];
}

const chunk = 5000;

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position',
    [table],
  );
  return rows.map((r) => r.name);
}

/** `insert into table (every column) select <override or t.column> …`: new columns are copied as they are. */
async function insertSelect(client: pg.Client, table: string, overrides: Record<string, string>, from: string): Promise<number> {
  const columns = await columnsOf(client, table);
  const values = columns.map((c) => overrides[c] ?? `t."${c}"`);
  const result = await client.query(`insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) select ${values.join(', ')} ${from}`);
  return result.rowCount ?? 0;
}

interface Bases {
  /** The largest post, draft and revision ids before the copy; the oldest revision. */
  p: number;
  d: number;
  r: number;
  oldest: number;
  maxDrafts: number;
  maxRevisions: number;
}

export async function copyPostsPostgres(plan: CopyPlan): Promise<void> {
  const client = new pg.Client({ connectionString: plan.url });
  await client.connect();
  try {
    await prepareTemplates(client, plan.templates);
    const max = async (sql: string) => Number((await client.query<{ n: string | null }>(sql)).rows[0]!.n ?? 0);
    const bases: Bases = {
      p: await max('select max(id) as n from posts'),
      d: await max('select max(id) as n from post_translations'),
      r: await max('select max(id) as n from revisions'),
      oldest: await max('select min(id) as n from revisions'),
      maxDrafts: await max('select max(j) + 1 as n from tpl_drafts'),
      maxRevisions: await max('select max(j) + 1 as n from tpl_revisions'),
    };
    const started = performance.now();
    for (let from = plan.templates.length; from < plan.count; from += chunk) {
      const to = Math.min(plan.count, from + chunk);
      await client.query('begin');
      await copyChunk(client, plan, bases, from, to);
      await client.query('commit');
      console.log(`  ${to}/${plan.count} posts (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
    for (const table of ['posts', 'post_translations', 'revisions']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    // A site that has been running has been vacuumed and analysed by autovacuum; a bulk
    // copy measured straight away would not be (no statistics, no visibility map).
    const vacuumStarted = performance.now();
    await client.query('vacuum analyze');
    console.log(`  vacuum analyze (${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s)`);
  } finally {
    await client.end();
  }
}

/** Temporary tables naming each template post, draft and revision by its position within its post. */
async function prepareTemplates(client: pg.Client, templates: number[]): Promise<void> {
  await client.query('create temporary table tpl_posts as select (k - 1)::int as k, id::int as post_id from unnest($1::int[]) with ordinality as u(id, k)', [templates]);
  await client.query(`create temporary table tpl_drafts as
    select p.k, d.id as old_id, (row_number() over (partition by d.post_id order by d.id) - 1)::int as j
    from tpl_posts p join post_translations d on d.post_id = p.post_id`);
  await client.query(`create temporary table tpl_revisions as
    select p.k, r.id as old_id, (row_number() over (partition by p.k order by r.id) - 1)::int as j
    from tpl_posts p join post_translations d on d.post_id = p.post_id join revisions r on r.translation_id = d.id`);
  await client.query('create unique index on tpl_revisions (old_id)');
  await client.query('analyze tpl_posts; analyze tpl_drafts; analyze tpl_revisions');
}

async function copyChunk(client: pg.Client, plan: CopyPlan, b: Bases, from: number, to: number): Promise<void> {
  // Numbers and the two word lists go in as literals: each statement uses some of them,
  // and PostgreSQL refuses a parameter a statement does not use (it cannot type it).
  const array = (list: string[]) => `${client.escapeLiteral(`{${list.map((w) => `"${w}"`).join(',')}}`)}::text[]`;
  const v = { from, to: to - 1, n: plan.templates.length, start: plan.start, zh: array(plan.zhWords), en: array(plan.enWords), ...b };
  const c = `(g.i - ${v.n})`; // the copy's number from 0
  const postId = `${v.p} + ${c} + 1`;
  const draftId = `${v.d} + ${c} * ${v.maxDrafts} + dj.j + 1`;
  const at = `to_char(to_timestamp((${v.start}::bigint + g.i::bigint * 60000) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const copies = `from generate_series(${v.from}, ${v.to}) as g(i) join tpl_posts p on p.k = g.i % ${v.n}`;
  const words = `array_length(${v.zh}, 1)`;
  const title = `case when t.locale = 'zh' then (${v.zh})[g.i % ${words} + 1] || '与' || (${v.zh})[(g.i * 7 + 3) % ${words} + 1] || '：第 ' || g.i || ' 篇'
      else 'On ' || (${v.en})[g.i % ${words} + 1] || ' and ' || (${v.en})[(g.i * 7 + 3) % ${words} + 1] || ', number ' || g.i end`;
  // Every tenth copy: the translation was made from an older source.
  const revision = (column: string, behindToo: boolean) =>
    `case when t.${column} is null then null${behindToo ? ` when g.i % 10 = 5 then ${v.oldest}` : ''}
      else coalesce((select ${v.r} + ${c} * ${v.maxRevisions} + x.j + 1 from tpl_revisions x where x.old_id = t.${column}), t.${column}) end`;
  const text = { post_id: postId, slug: `t.slug || '-' || g.i`, title, revision_id: revision('revision_id', false), based_on_revision_id: revision('based_on_revision_id', true) };

  await insertSelect(client, 'posts', { id: postId, published_at: at, created_at: at, updated_at: at }, `${copies} join posts t on t.id = p.post_id`);
  await insertSelect(client, 'post_translations', { ...text, id: draftId, updated_at: at }, `${copies} join tpl_drafts dj on dj.k = p.k join post_translations t on t.id = dj.old_id`);
  await insertSelect(
    client,
    'revisions',
    { id: `${v.r} + ${c} * ${v.maxRevisions} + rj.j + 1`, translation_id: draftId, created_at: at },
    `${copies} join tpl_revisions rj on rj.k = p.k join revisions t on t.id = rj.old_id join tpl_drafts dj on dj.old_id = t.translation_id`,
  );
  await insertSelect(
    client,
    'live_translations',
    { ...text, translation_id: draftId, published_at: at, updated_at: at },
    `${copies} join tpl_drafts dj on dj.k = p.k join live_translations t on t.translation_id = dj.old_id`,
  );
  for (const [table, column, extra] of [
    ['post_tags', 'tag_id', ''],
    ['post_authors', 'author_id', ', position'],
  ] as const) {
    const ids = table === 'post_tags' ? 'tags' : 'authors';
    await client.query(
      `insert into ${table} (post_id, ${column}${extra})
       select ${postId}, (select array_agg(id order by id) from ${ids})[g.i % (select count(*) from ${ids})::int + 1]${extra ? ', 0' : ''}
       from generate_series(${v.from}, ${v.to}) as g(i) where exists (select 1 from ${ids})`,
    );
  }
}
