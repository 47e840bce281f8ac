import pg from 'pg';

/**
 * Reads a query's rows in keyset pages (docs/decisions/0035): each page is one query of at most
 * `size` rows after the last key read, so a million-row export holds no list of ids, and every
 * page costs the same however deep into the table it is. The pool's connection is taken only for
 * the page's query: a slow client that drains the download holds no connection while it reads.
 *
 * Each row goes to `onRow` as the driver parses it off the socket, and is not kept: the caller
 * turns it into what it writes (a CSV line into a buffer) at once, so no page of row objects
 * lives long enough to be copied by the garbage collector, which would otherwise grow the heap
 * by ~100 MB during a million-row export (docs/decisions/0035, "Rows as they arrive"). The
 * iteration yields after each page: the point where the caller sends what it wrote and waits for
 * the client. The next page is already being read then (the database reads it while the last
 * one is sent), so at most one page is read ahead of the client.
 *
 * `page(after)` builds the query of the rows after `after` (null: the first page), ordered by the
 * key; `keyOf` reads the key of a row. Rows come in array mode (no per-row objects), numerics as
 * their decimal text (pg's default), so money stays exact. A throw of `onRow` fails the read once
 * the page's query has ended.
 */
export function keysetRows<K>(
  pool: pg.Pool,
  page: (after: K | null, limit: number) => { text: string; values: unknown[] },
  keyOf: (row: unknown[]) => K,
  size = 5000,
): (onRow: (row: unknown[]) => void) => AsyncGenerator<void> {
  return async function* read(onRow) {
    // The key after which the next page starts; null once a page came back short (the last one).
    let next: Promise<K | null> | null = readPage(pool, page(null, size), size, keyOf, onRow);
    try {
      while (next) {
        const after: K | null = await next;
        next = after === null ? null : readPage(pool, page(after, size), size, keyOf, onRow);
        yield;
      }
    } finally {
      // The download was cut short: the page read ahead is not wanted, nor its failure.
      next?.catch(() => undefined);
    }
  };
}

/** One page's query, its rows handed to `onRow` as they arrive; the key of its last row when the page has `size` rows or more. */
async function readPage<K>(
  pool: pg.Pool,
  query: { text: string; values: unknown[] },
  size: number,
  keyOf: (row: unknown[]) => K,
  onRow: (row: unknown[]) => void,
): Promise<K | null> {
  const client = await pool.connect();
  let count = 0;
  let last: unknown[] | null = null;
  let failed: { error: unknown } | undefined;
  const config: pg.QueryArrayConfig = { text: query.text, values: query.values, rowMode: 'array' };
  try {
    await new Promise<void>((resolve, reject) => {
      // A `row` listener and no callback: the driver does not collect the rows into a result.
      const q = client.query(new pg.Query<unknown[]>(config));
      q.on('row', (row: unknown[]) => {
        if (failed) return;
        count++;
        last = row;
        try {
          onRow(row);
        } catch (error) {
          failed = { error };
        }
      });
      q.once('end', () => resolve());
      q.once('error', reject);
    });
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  client.release();
  if (failed) throw failed.error;
  // A full page (or more: a page of parents with their children) may have a next one.
  return count >= size && last ? keyOf(last) : null;
}

/** Positional parameters of a query built piece by piece: `add(value)` returns its `$n`. */
export function sqlParams(): { values: unknown[]; add: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, add: (value) => `$${values.push(value)}` };
}
