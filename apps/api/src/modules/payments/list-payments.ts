import { createHash } from 'node:crypto';
import type {
  ClaimType,
  ManualPaymentMethod,
  Payment,
  PaymentCategory,
  PaymentDirection,
  PaymentListQuery,
  PaymentOrderingField,
  PaymentPairedBy,
  PaymentPurposeType,
  PaymentType,
} from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { messages, notFound } from '../../domain/errors.ts';
import { ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { sqlParams } from './keyset-rows.ts';
import { sourceOf } from './payment-view.ts';

// The payments list (backoffice.md §7, docs/decisions/0043): one SQL statement a page, on
// indexes that match its orderings and filters, counted exactly without reading a million rows.
//
// - The page's payments first (an index in the order asked for, the filters, the limit), then
//   only they are joined to their allocations (with their claims) and to the reversal entry
//   that took them back.
// - The count comes from where it is cheapest and still exact: without filters, or with filters
//   of the payment's kind only (direction, category, type, paired), from `payment_counts`, which
//   triggers keep (migration *_payments_list); when the search must read the matching rows
//   anyway, from those rows (a window count beside the page); otherwise by a count over the
//   filter's index (the unpaired queue's partial index, the deal's, the dates').
// - Every value leaves PostgreSQL as the text the API writes (money as numeric text, days and
//   instants formatted), so nothing is converted twice; the statement is prepared once per
//   shape and connection (its text names it), so a page is not parsed and planned each time.

const orderColumns = { id: 'id', date: 'date', amount: 'amount', created_at: 'created_at' } as const satisfies Record<PaymentOrderingField, string>;

/**
 * What `search` looks in: the symbols, the counter-account and its name, the message, the note
 * and the bank reference, joined by a unit separator (U+001F). The trigram index
 * payments_search_trgm_idx is on this very expression, so it must stay word for word the same.
 * A text without the separator can only match inside one of the fields: the same rows as
 * matching each field.
 */
export const PAYMENT_SEARCH_TEXT =
  `(coalesce(p.variable_symbol, '') || E'\\x1f' || coalesce(p.specific_symbol, '') || E'\\x1f' || coalesce(p.counter_account, '') || E'\\x1f' || ` +
  `coalesce(p.counter_account_name, '') || E'\\x1f' || coalesce(p.message, '') || E'\\x1f' || coalesce(p.note, '') || E'\\x1f' || coalesce(p.bank_reference, ''))`;
const SEARCH_FIELDS = ['variable_symbol', 'specific_symbol', 'counter_account', 'counter_account_name', 'message', 'note', 'bank_reference'];

/** `text` found anywhere in a field, case-insensitively, taken literally (`%`, `_` and `\` are not wildcards). */
function searchCondition(text: string, add: (value: unknown) => string): string {
  const pattern = add(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const indexed = `${PAYMENT_SEARCH_TEXT} ILIKE ${pattern}`;
  if (!text.includes('\x1f')) return indexed;
  // Only a text holding the separator could match across two fields: then each field decides.
  return `(${indexed} AND (${SEARCH_FIELDS.map((f) => `p.${f} ILIKE ${pattern}`).join(' OR ')}))`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The filters of backoffice.md §3. `unpaired=true` is the queue staff pair by hand: incoming
 * payments without a deal, neither a storno nor taken back by one (written as the partial index
 * payments_unpaired_date_id_idx is, so it applies); `unpaired=false` those paired to a deal.
 */
function conditions(q: PaymentListQuery, add: (value: unknown) => string): string[] {
  const where: string[] = [];
  // Compared as the columns' own types, so their indexes apply.
  if (q.category) where.push(`p.category = ${add(q.category)}::"PaymentCategory"`);
  if (q.payment_type) where.push(`p.payment_type = ${add(q.payment_type)}::"PaymentType"`);
  if (q.direction) where.push(`p.direction = ${add(q.direction)}::"PaymentDirection"`);
  if (q.deal !== undefined) where.push(`p.deal_id = ${add(q.deal)}::int`);
  if (q.date_from) where.push(`p.date >= ${add(day(q.date_from))}::date`);
  if (q.date_to) where.push(`p.date <= ${add(day(q.date_to))}::date`);
  if (q.unpaired === true) {
    where.push(`p.deal_id IS NULL AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL`);
    where.push(`NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)`);
  }
  if (q.unpaired === false) where.push(`p.deal_id IS NOT NULL`);
  const text = q.search?.trim();
  if (text) where.push(searchCondition(text, add));
  return where;
}

/**
 * The count kept by payment_counts, when the filters ask only for the payment's kind (direction,
 * category, type, paired or not); null when another filter applies.
 */
function keptCount(q: PaymentListQuery, add: (value: unknown) => string): string | null {
  if (q.deal !== undefined || q.date_from || q.date_to || q.unpaired === true || q.search?.trim()) return null;
  const where: string[] = [];
  if (q.category) where.push(`category = ${add(q.category)}::"PaymentCategory"`);
  if (q.payment_type) where.push(`payment_type = ${add(q.payment_type)}::"PaymentType"`);
  if (q.direction) where.push(`direction = ${add(q.direction)}::"PaymentDirection"`);
  if (q.unpaired === false) where.push('paired');
  return `SELECT coalesce(sum(count), 0)::int AS total FROM payment_counts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
}

/** ORDER BY over the payments `p`: the fields asked for, then the newest id. */
function orderBy(ordering: PaymentListQuery['ordering']): string {
  const keys = ordering.map(({ field, direction }) => `p.${orderColumns[field]} ${direction === 'asc' ? 'ASC' : 'DESC'}`);
  return [...keys, 'p.id DESC'].join(', ');
}

const ISO_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The page's payments `p` as the API writes them, `r` the reversal entry that took one back,
 * `a` its allocations. Only an incoming payment that counts can leave credit; the rest of the
 * others is no one's (payment-view.ts).
 */
const COLUMNS = `p.id, p.direction::text AS direction, p.category::text AS category, p.payment_type::text AS payment_type,
    p.purpose_type::text AS purpose_type, to_char(p.date, 'YYYY-MM-DD') AS date, p.amount::text AS amount, p.variable_symbol, p.specific_symbol,
    p.constant_symbol, p.counter_account, p.counter_account_name, p.message, p.note, p.bank_reference, p.deal_id, p.reversal_of_id,
    r.id AS reversed_by, p.statement_id, a.allocations, coalesce(a.allocated, 0)::numeric(16, 2)::text AS allocated,
    CASE WHEN p.direction = 'INCOMING_PAYMENT' AND p.deal_id IS NOT NULL AND p.reversal_of_id IS NULL AND r.id IS NULL
         THEN (p.amount - coalesce(a.allocated, 0))::numeric(16, 2)::text ELSE '0.00' END AS unallocated,
    to_char(p.created_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS created_at, to_char(p.updated_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS updated_at,
    p.entry_method, p.paired_by, p.suggested_deal_id`;
// Each of the page's payments looked up on its own (a probe of an index each; the LIMIT keeps
// the planner from joining the reversals as a set, which merges through every storno).
const JOINS = `LEFT JOIN LATERAL (SELECT r.id FROM payments r WHERE r.reversal_of_id = p.id LIMIT 1) r ON true
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_array(pa.claim_id, c.type, to_char(c.due_date, 'YYYY-MM-DD'), pa.amount::text, pa.rule) ORDER BY pa.id) AS allocations,
           sum(pa.amount) AS allocated
      FROM payment_allocations pa JOIN claims c ON c.id = pa.claim_id
     WHERE pa.payment_id = p.id) a ON true`;

/**
 * The statement of one page, `total` first on every row. Counted apart, an empty page is one row
 * with the count and nothing else; counted beside the page (`countedApart` false), an empty
 * page has no row.
 */
export function paymentListSql(q: PaymentListQuery): { text: string; values: unknown[]; countedApart: boolean } {
  const { values, add } = sqlParams();
  const where = conditions(q, add);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const limits = `LIMIT ${add(q.page_size)}::int OFFSET ${add((q.page - 1) * q.page_size)}::int`;
  // The search reads every matching row from the table (its index cannot tell a match for
  // sure): count them on the way instead of reading them twice.
  if (q.search?.trim()) {
    const page = `SELECT p.*, count(*) OVER ()::int AS total FROM payments p ${filter} ORDER BY ${orderBy(q.ordering)} ${limits}`;
    return { text: `SELECT p.total, ${COLUMNS} FROM (${page}) p ${JOINS} ORDER BY ${orderBy(q.ordering)}`, values, countedApart: false };
  }
  const count = keptCount(q, add) ?? `SELECT count(*)::int AS total FROM payments p ${filter}`;
  const page = `SELECT p.* FROM payments p ${filter} ORDER BY ${orderBy(q.ordering)} ${limits}`;
  return { text: `SELECT c.total, ${COLUMNS} FROM (${count}) c LEFT JOIN LATERAL (${page}) p ON true ${JOINS} ORDER BY ${orderBy(q.ordering)}`, values, countedApart: true };
}

/** A row of the statement, in the order of COLUMNS after `total` (rows as arrays: no object per row to build). */
type Row = [
  total: number,
  id: number | null,
  direction: PaymentDirection,
  category: PaymentCategory,
  paymentType: PaymentType,
  purposeType: PaymentPurposeType | null,
  date: string,
  amount: string,
  variableSymbol: string | null,
  specificSymbol: string | null,
  constantSymbol: string | null,
  counterAccount: string | null,
  counterAccountName: string | null,
  message: string | null,
  note: string | null,
  bankReference: string | null,
  dealId: number | null,
  reversalOfId: number | null,
  reversedBy: number | null,
  statementId: number | null,
  allocations: [number, ClaimType, string, string, string | null][] | null,
  allocated: string,
  unallocated: string,
  createdAt: string,
  updatedAt: string,
  entryMethod: ManualPaymentMethod | null,
  pairedBy: PaymentPairedBy | null,
  suggestedDealId: number | null,
];

function toPayment(r: Row): Payment {
  return {
    id: r[1]!,
    direction: r[2],
    category: r[3],
    payment_type: r[4],
    purpose_type: r[5],
    date: r[6],
    amount: r[7],
    variable_symbol: r[8],
    specific_symbol: r[9],
    constant_symbol: r[10],
    counter_account: r[11],
    counter_account_name: r[12],
    message: r[13],
    note: r[14],
    bank_reference: r[15],
    deal: r[16],
    reversal_of: r[17],
    reversed_by: r[18],
    statement: r[19],
    allocations: (r[20] ?? []).map(([claimId, claimType, dueDate, amount, rule]) => ({ claim_id: claimId, claim_type: claimType, due_date: dueDate, amount, rule })),
    allocated_amount: r[21],
    unallocated_amount: r[22],
    created_at: r[23],
    updated_at: r[24],
    source: sourceOf({ entryMethod: r[25], statementId: r[19] }),
    entry_method: r[25],
    paired_by: r[26],
    suggested_deal: r[27],
  };
}

// Statement names by text: a connection prepares each shape of the list once (filters present,
// ordering) and reuses it. The shapes are bounded by the query schema, the map by this cap.
const statementNames = new Map<string, string>();
const MAX_STATEMENTS = 500;
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_STATEMENTS) {
    name = `payments-list-${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/** GET /payments/ (and GET /deals/{dealId}/payments/ with `deal` fixed): payments with their allocations, paged. */
export async function listPayments(deps: Pick<Deps, 'pool'>, _actor: Actor, input: PaymentListQuery): Promise<ResultPage<Payment>> {
  const { text, values, countedApart } = paymentListSql(input);
  const { rows } = await deps.pool.query<Row>({ name: statementName(text), text, values, rowMode: 'array' });
  // Counted apart, an empty page still has its one row with the count; counted with the rows,
  // an empty page past the first can only lie past the last.
  const total = rows.length ? rows[0]![0] : countedApart || input.page > 1 ? null : 0;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / input.page_size));
  if (total === null || input.page > lastPage) throw notFound(messages.invalidPage);
  return new ResultPage(total, rows.filter((r) => r[1] !== null).map(toPayment), input);
}
