import { REQUIRED_MESSAGE, z } from './zod-config.ts';
import { IsirCaseState } from './enums.ts';
import { orderingQuery, pageQuery } from './query.ts';

/** An insolvency proceeding as the insolvency register (ISIR) knows it: GET /isir/{id}/. */
export const isirCaseView = z.object({
  id: z.number().int(),
  /** Spisová značka, e.g. "KSBR 27 INS 1234/2025". */
  file_mark: z.string(),
  state: IsirCaseState.schema,
  state_label: z.string(),
  /** The screened person this proceeding belongs to, when we know them. */
  person_id: z.number().int().nullable(),
  court: z.string().nullable(),
  debtor_name: z.string().nullable(),
  started_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /** Further details of the register (events, administrator), as it reported them. */
  data: z.record(z.string(), z.unknown()).nullable(),
  last_checked_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type IsirCaseView = z.infer<typeof isirCaseView>;

/** Orderings GET /isir/ accepts (prefix "-" for descending). */
export const ISIR_ORDERING_FIELDS = ['file_mark', 'started_at', 'created_at', 'state', 'id'] as const;

/** Query of GET /isir/: file_mark is required (backoffice.md §5); newest proceedings first by default. */
export const isirListQuery = pageQuery.extend({
  file_mark: z.string().trim().min(1, REQUIRED_MESSAGE).max(100),
  ordering: orderingQuery(ISIR_ORDERING_FIELDS, '-started_at'),
});
export type IsirListQuery = z.output<typeof isirListQuery>;

/**
 * A file mark in the one form we store and compare: upper case, single spaces, none around the
 * slash ("ksph 38 ins 12345 / 2024" → "KSPH 38 INS 12345/2024").
 */
export function normalizeFileMark(value: string): string {
  return value
    .toUpperCase()
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
}
