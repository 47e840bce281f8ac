import { z } from './zod-config.ts';
import { isoDayDate } from './dates.ts';
import { MAX_RECORD_ID } from './ids.ts';

// The building blocks of every list's query (docs/decisions/0040): pages, ordering, booleans,
// ids, comma lists, date ranges. Each resource's query schema is composed of these beside its
// body schemas, so the API validates, the OpenAPI document describes and the front-ends build
// the same query. Query values arrive as strings (or arrays of strings, for a repeated key).

export const queryMessages = {
  booleanQuery: 'Zadejte true nebo false.',
  positiveId: 'Zadejte kladné celé číslo.',
  idList: 'Zadejte kladná celá čísla oddělená čárkou.',
  dateRange: 'Datum od nesmí být po datu do.',
  listTooLong: (max: number) => `Zadejte nejvýše ${max} hodnot.`,
  unknownValue: (value: string, allowed: readonly string[]) => `Neznámá hodnota „${value}“. Povolené hodnoty: ${allowed.join(', ')}.`,
  exportFormat: 'Zvolte formát csv nebo xlsx.',
  ordering: (field: string, allowed: readonly string[]) => `Nelze řadit podle „${field}“. Povolené hodnoty: ${allowed.join(', ')}.`,
} as const;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `page` (from 1) and `page_size` (1–100, default 20). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuery>;

/** One parsed ordering key: `-created_at` → `{ field: 'created_at', direction: 'desc' }`. */
export interface OrderingKey<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** `ordering=a,-b` restricted to `fields` (`-` for descending), `fallback` when absent. */
export function orderingQuery<const F extends readonly [string, ...string[]]>(fields: F, fallback: string) {
  const allowed = new Set<string>(fields);
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
      const out: OrderingKey<F[number]>[] = [];
      for (const part of parts) {
        const field = part.replace(/^-/, '');
        if (!allowed.has(field)) {
          ctx.addIssue({ code: 'custom', message: queryMessages.ordering(field, fields) });
          return z.NEVER;
        }
        out.push({ field: field as F[number], direction: part.startsWith('-') ? 'desc' : 'asc' });
      }
      return out;
    });
}

/** `true`/`false` or `1`/`0` (any case, spaces around ignored). */
export const booleanQuery = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['true', 'false', '1', '0'], queryMessages.booleanQuery).transform((v) => v === 'true' || v === '1'),
);

const ID_DIGITS = /^\d{1,10}$/;
const isRecordId = (text: string) => ID_DIGITS.test(text) && Number(text) >= 1 && Number(text) <= MAX_RECORD_ID;

/** A record id in a query (`deal=15`): plain digits, 1 to 2 147 483 647. */
export const idQuery = z
  .string()
  .trim()
  .refine(isRecordId, queryMessages.positiveId)
  .transform(Number);

/** A repeated parameter (`state=A&state=B`) counts as a comma list (`state=A,B`). */
const joined = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);
const parts = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * A comma list (`a,b,c`, or the key repeated): each value parsed by `item`, at most `max`
 * values; an empty list is refused. `message` replaces the item's own message for a bad value.
 */
export function commaList<T extends z.ZodType<unknown, string>>(item: T, options: { max?: number; message?: string } = {}) {
  const max = options.max ?? 1000;
  return z.preprocess(
    joined,
    z.string().transform((value, ctx) => {
      const list = parts(value);
      if (list.length === 0) {
        ctx.addIssue({ code: 'custom', message: options.message ?? queryMessages.idList });
        return z.NEVER;
      }
      if (list.length > max) {
        ctx.addIssue({ code: 'custom', message: queryMessages.listTooLong(max) });
        return z.NEVER;
      }
      const out: z.output<T>[] = [];
      for (const text of list) {
        const parsed = item.safeParse(text);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: options.message ?? parsed.error.issues[0]?.message ?? queryMessages.idList });
          return z.NEVER;
        }
        if (!out.includes(parsed.data as z.output<T>)) out.push(parsed.data as z.output<T>);
      }
      return out;
    }),
  );
}

/** A comma list of record ids (`excluded_ids=1,2,3`). */
export const idListQuery = commaList(idQuery, { message: queryMessages.idList });

/** A comma list of enumeration values; an unknown one is named in the message. */
export const enumListQuery = <const V extends readonly [string, ...string[]]>(allowed: V, options: { max?: number } = {}) =>
  z.preprocess(
    joined,
    z.string().transform((value, ctx) => {
      const list = parts(value);
      const wrong = list.find((v) => !allowed.includes(v));
      if (wrong !== undefined || list.length === 0) {
        ctx.addIssue({ code: 'custom', message: queryMessages.unknownValue(wrong ?? '', allowed) });
        return z.NEVER;
      }
      if (list.length > (options.max ?? 1000)) {
        ctx.addIssue({ code: 'custom', message: queryMessages.listTooLong(options.max ?? 1000) });
        return z.NEVER;
      }
      return [...new Set(list)] as V[number][];
    }),
  );

/** The file of a list's export: `format=csv` or `format=xlsx`. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Left out, CSV: the spec's file calls name no format (GET /payments/export/, claims/export/, …). */
export const exportFormatQuery = z.enum(EXPORT_FORMATS, queryMessages.exportFormat).default('csv');

/** A calendar day in a query, `YYYY-MM-DD` (1900–2100), as UTC midnight. */
export const dateQuery = isoDayDate;

/**
 * A range's lower end must not lie after its upper end: add to a query schema with
 * `.superRefine(rangeCheck('date_from', 'date_to'))`; the message goes on the lower end.
 */
export function rangeCheck<K extends string>(from: K, to: K, message: string = queryMessages.dateRange) {
  return (query: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const a = query[from];
    const b = query[to];
    if (a === undefined || a === null || b === undefined || b === null) return;
    // Dates, or decimal strings of at most 15 significant digits (money bounds): exact as numbers.
    const lower = a instanceof Date ? a.getTime() : Number(a);
    const upper = b instanceof Date ? b.getTime() : Number(b);
    if (lower > upper) ctx.addIssue({ code: 'custom', path: [from], message });
  };
}
export { pageOf } from './endpoint-spec.ts';
