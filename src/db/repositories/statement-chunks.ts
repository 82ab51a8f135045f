// Multi-row statements cut to a size: far below either database's limit on bound values
// (SQLite's 32,766, PostgreSQL's 65,535), whatever the number of rows or ids.

/** Rows or ids per statement. */
export const perStatement = 500;

/** `items` cut into runs of `size` at most, in order. */
export function chunks<T>(items: readonly T[], size = perStatement): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
