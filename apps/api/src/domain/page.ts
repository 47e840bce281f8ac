import { messages, notFound } from './errors.ts';

// Paged lists (docs/decisions/0040). A list use case answers one page and how many there are;
// http/pagination.ts turns it into the spec's {count, next, previous, results} with the links
// of the request it answers, so no use case sees a URL.

/** `page` (from 1) and `page_size`, as the list's query schema parsed them. */
export interface PageQuery {
  page: number;
  page_size: number;
}

/** One page of a list: what the use case found. */
export class ResultPage<T> {
  readonly count: number;
  readonly results: T[];
  readonly page: number;
  readonly pageSize: number;
  constructor(count: number, results: T[], query: PageQuery) {
    this.count = count;
    this.results = results;
    this.page = query.page;
    this.pageSize = query.page_size;
  }
  get lastPage(): number {
    return Math.max(1, Math.ceil(this.count / this.pageSize));
  }
}

/** Counts, refuses a page past the last (not found, "Neplatná stránka."), then reads the page. */
export async function paginate<T>(
  query: PageQuery,
  count: () => Promise<number>,
  fetch: (args: { skip: number; take: number }) => Promise<T[]>,
): Promise<ResultPage<T>> {
  const total = await count();
  const lastPage = Math.max(1, Math.ceil(total / query.page_size));
  if (query.page > lastPage) throw notFound(messages.invalidPage);
  const results = await fetch({ skip: (query.page - 1) * query.page_size, take: query.page_size });
  return new ResultPage(total, results, query);
}
