import type { Request } from 'express';
import { z } from 'zod';
import { messages, notFound } from './errors.ts';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `page` and `page_size` (or `page-size`, which the title-deed calls use). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.url().nullable(),
    previous: z.url().nullable(),
    results: z.array(item),
  });
}

/** `ordering=a,-b` restricted to `fields`; maps each to a Prisma orderBy entry. */
export function orderingQuery<const F extends readonly [string, ...string[]]>(fields: F, fallback: string) {
  const allowed = new Set<string>(fields);
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
      const out: { field: F[number]; direction: 'asc' | 'desc' }[] = [];
      for (const part of parts) {
        const field = part.replace(/^-/, '');
        if (!allowed.has(field)) {
          ctx.addIssue({ code: 'custom', message: `Nelze řadit podle „${field}“. Povolené hodnoty: ${fields.join(', ')}.` });
          return z.NEVER;
        }
        out.push({ field: field as F[number], direction: part.startsWith('-') ? 'desc' : 'asc' });
      }
      return out;
    });
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

/** Runs the count and the page query and answers DRF's `{count, next, previous, results}`. */
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
