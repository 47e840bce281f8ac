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
  const read = (after: K | null) => {
    const query = page(after, size);
    return pool.query<unknown[]>({ text: query.text, values: query.values, rowMode: 'array' }).then((result) => result.rows);
  };
  // The next page is asked for as soon as this one has arrived: the database reads it while
  // this one is formatted and sent (two pages in memory at most).
  let next: Promise<unknown[][]> | null = read(null);
  try {
    while (next) {
      const rows: unknown[][] = await next;
      next = rows.length === size ? read(keyOf(rows[rows.length - 1]!)) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // The download was cut short: the page read ahead is not wanted, nor its failure.
    next?.catch(() => undefined);
  }
}

/** Positional parameters of a query built piece by piece: `add(value)` returns its `$n`. */
export function sqlParams(): { values: unknown[]; add: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, add: (value) => `$${values.push(value)}` };
}
