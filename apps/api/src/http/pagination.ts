import type { Request } from 'express';
import type { ResultPage } from '../domain/page.ts';

// A use case answers a page of results (domain/page.ts); here it becomes the spec's
// {count, next, previous, results} with the links of the request it answers.

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

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
