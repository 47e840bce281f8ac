import type { Request } from 'express';
import type { ResultPage } from '../domain/page.ts';
import { messages, notFound } from './errors.ts';

// Transition (docs/decisions/0040): the query building blocks live in packages/contracts.
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, orderingQuery, pageQuery } from '@lending/contracts';
import type { PageQuery } from '../domain/page.ts';
export type { PageQuery };

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The spec's page of `item`s, for the OpenAPI document. */
export { pageOf as pageSchema } from '@lending/contracts';

/** The absolute URL of the request, from which next/previous page links are built. */
export function requestUrl(req: Request): string {
  return new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`).toString();
}

function pageUrl(listUrl: string, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(listUrl);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** A use case's page as the spec answers it: `{count, next, previous, results}`, links from the request's URL. */
export function drfPage<T>(listUrl: string, page: ResultPage<T>): Page<T> {
  return {
    count: page.count,
    next: pageUrl(listUrl, page.page < page.lastPage ? page.page + 1 : null),
    previous: pageUrl(listUrl, page.page > 1 ? page.page - 1 : null),
    results: page.results,
  };
}

/** Transition (docs/decisions/0040): runs the count and the page query and answers DRF's `{count, next, previous, results}`. */
export async function paginate<T>(
  listUrl: string,
  query: PageQuery,
  count: () => Promise<number>,
  fetch: (args: { skip: number; take: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  const lastPage = Math.max(1, Math.ceil(total / query.page_size));
  if (query.page > lastPage) throw notFound(messages.invalidPage);
  const results = await fetch({ skip: (query.page - 1) * query.page_size, take: query.page_size });
  return {
    count: total,
    next: pageUrl(listUrl, query.page < lastPage ? query.page + 1 : null),
    previous: pageUrl(listUrl, query.page > 1 ? query.page - 1 : null),
    results,
  };
}
