import type pg from 'pg';

/**
 * Reads a query's rows in keyset pages (docs/decisions/0035): each page is one query of at most
 * `size` rows after the last key read, so a million-row export holds one page at a time and no
 * list of ids, and every page costs the same however deep into the table it is. The pool's
 * connection is taken only for the page's query: a slow client that drains the download holds
 * no connection while it reads.
 *
 * `page(after)` builds the query of the rows after `after` (null: the first page), ordered by the
 * key; `keyOf` reads the key of a row. Rows come in array mode (no per-row objects), numerics as
 * their decimal text (pg's default), so money stays exact.
 */
export async function* keysetRows<K>(
  pool: pg.Pool,
  page: (after: K | null, limit: number) => { text: string; values: unknown[] },
  keyOf: (row: unknown[]) => K,
  size = 5000,
): AsyncGenerator<unknown[][]> {
  let after: K | null = null;
  for (;;) {
    const query = page(after, size);
    const { rows } = await pool.query<unknown[]>({ text: query.text, values: query.values, rowMode: 'array' });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** Positional parameters of a query built piece by piece: `add(value)` returns its `$n`. */
export function sqlParams(): { values: unknown[]; add: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, add: (value) => `$${values.push(value)}` };
}
