import { z } from './zod-config.ts';

// The shape of an entry of endpoints.ts, apart so that groups of entries kept beside their
// schemas (deals/*-endpoints.ts) can use it without importing endpoints.ts itself.

/** A list answer (DRF pagination). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.url().nullable(),
    previous: z.url().nullable(),
    results: z.array(item),
  });
}

export interface EndpointSpec {
  /** The JSON body the API takes. */
  body?: z.ZodType;
  /** The JSON answer of success (2xx); none for 204 and for answers that vary. */
  response?: z.ZodType;
  /** The answer is a file (CSV, XLSX, PDF, a document): fetched as a blob. */
  file?: true;
  /** A four-eyes action's 202 (ADR 0045): the approval request made instead of acting. */
  accepted?: z.ZodType;
}

/** The contract of a paginated list call. */
export const list = <T extends z.ZodType>(item: T) => ({ response: pageOf(item) });
