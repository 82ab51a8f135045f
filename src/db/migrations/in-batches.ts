// A migration's walk over a table by key, a batch at a time: bounded memory and statements
// whatever the site's size.

/** `handle` on each batch `select` gives after the last key of the one before, until one is empty. */
export async function inBatches<T extends { id: number }>(select: (after: number) => Promise<T[]>, handle: (rows: T[]) => Promise<void>): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await select(after);
    if (rows.length === 0) return;
    await handle(rows);
    after = Number(rows[rows.length - 1]!.id);
  }
}
