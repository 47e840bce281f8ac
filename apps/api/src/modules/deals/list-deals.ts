import {
  dpdBucket,
  moneyOf,
  type BreachType,
  type DealClosedReason,
  type DealListItem,
  type DealListQuery,
  type DealOrderingField,
  type DealState,
  type DealType,
  type DpdRange,
  type NoticeDisablingSetting,
} from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { todayDbDate } from '../../domain/dates.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { searchWords } from '../persons/person-search.ts';
import { personName } from './deal-views.ts';

/** The filters and ordering of GET /deals/ (and of its export). */
export type DealFilters = Omit<DealListQuery, 'page' | 'page_size'>;

// The list is one SQL statement for the page and one for the count, as the leads list
// (docs/decisions/0022): each filter is answered from an index of `deals` (or, for `person` and
// `search`, from the participants' and persons' indexes through a set of deal ids), the page's
// 20 rows are picked first and only they get their borrower and claim totals joined.

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * search: the name of a person of the deal (without diacritics: persons.search_text as the
 * persons list searches it, so also birth number, IČO, e-mail, phone), a contract number
 * containing the text (any letter case), or a variable symbol beginning with the digits typed.
 */
function searchCondition(term: string): Prisma.Sql {
  const sources: Prisma.Sql[] = [];
  const words = searchWords(term);
  if (words.length) {
    // Words hold [a-z0-9] only: nothing to escape for LIKE.
    const matches = words.map((word) => Prisma.sql`sp.search_text LIKE ${`% ${word}%`}`);
    // The persons matched, then each one's deals through the (person_id, role) index. PostgreSQL
    // estimates a trigram LIKE at ~10× the persons it finds and, joining as a plain join, reads
    // all participants and all deals instead (90 ms at 200,000 deals for a surname with 157
    // persons); OFFSET 0 keeps the lateral a per-person index lookup.
    sources.push(
      Prisma.sql`SELECT sdp.deal_id FROM persons sp CROSS JOIN LATERAL (SELECT dp.deal_id FROM deal_participants dp WHERE dp.person_id = sp.id OFFSET 0) sdp WHERE ${Prisma.join(matches, ' AND ')}`,
    );
  }
  sources.push(Prisma.sql`SELECT sc.id FROM deals sc WHERE sc.contract_number ILIKE ${`%${likeEscape(term)}%`}`);
  const digits = term.replace(/\s/g, '');
  if (/^\d+$/.test(digits) && digits.replace(/^0+/, '')) {
    sources.push(Prisma.sql`SELECT sv.id FROM deals sv WHERE sv.variable_symbol LIKE ${`${digits.replace(/^0+/, '')}%`}`);
  }
  return Prisma.sql`d.id IN (${Prisma.join(sources, ' UNION ')})`;
}

/** Sorted, with overlapping and adjacent ranges merged: `1-30,31-60` is one index range 1–60. */
export function mergeDpdRanges(ranges: DpdRange[]): DpdRange[] {
  const sorted = [...ranges].sort((a, b) => a.min - b.min);
  const merged: DpdRange[] = [];
  for (const r of sorted) {
    const last = merged.at(-1);
    if (last && (last.max === null || r.min <= last.max + 1)) {
      last.max = last.max === null || r.max === null ? null : Math.max(last.max, r.max);
    } else {
      merged.push({ ...r });
    }
  }
  return merged;
}

function dpdCondition(ranges: DpdRange[]): Prisma.Sql {
  const parts = mergeDpdRanges(ranges).map((r) =>
    r.max === null
      ? Prisma.sql`d.days_past_due >= ${r.min}`
      : r.min === r.max
        ? Prisma.sql`d.days_past_due = ${r.min}`
        : Prisma.sql`d.days_past_due BETWEEN ${r.min} AND ${r.max}`,
  );
  return Prisma.sql`(${Prisma.join(parts, ' OR ')})`;
}

/** The WHERE conditions on table alias `d`. Enumerations are compared as the column's own type, so their indexes apply. */
export function dealConditions(f: DealFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (f.id?.length) where.push(Prisma.sql`d.id = ANY(${f.id}::int[])`);
  if (f.external_id?.length) where.push(Prisma.sql`d.external_id = ANY(${f.external_id}::text[])`);
  if (f.state?.length) where.push(Prisma.sql`d.state = ANY(${f.state}::"DealState"[])`);
  if (f.type?.length) where.push(Prisma.sql`d.type = ANY(${f.type}::"DealType"[])`);
  // The second conditions of closed_reason and breach_type are implied; spelled out so the partial
  // indexes of closed and breached deals serve the newest-first page (migration 20261126100000).
  if (f.closed_reason?.length) where.push(Prisma.sql`d.closed_reason = ANY(${f.closed_reason}::"DealClosedReason"[]) AND d.closed_reason IS NOT NULL`);
  // Any of the breach types asked for is open.
  if (f.breach_type?.length) where.push(Prisma.sql`d.breach_types && ${f.breach_type}::"BreachType"[] AND d.breach_types <> '{}'`);
  // settings_on: every setting named is on; settings_off: none of them is.
  if (f.settings_on?.length) where.push(Prisma.sql`d.settings @> ${f.settings_on}::"NoticeDisablingSetting"[]`);
  if (f.settings_off?.length) where.push(Prisma.sql`NOT (COALESCE(d.settings, '{}') && ${f.settings_off}::"NoticeDisablingSetting"[])`);
  if (f.abp !== undefined) where.push(Prisma.sql`d.abp = ${f.abp}`);
  if (f.insolvency !== undefined) where.push(Prisma.sql`d.insolvency = ${f.insolvency}`);
  if (f.liquidated !== undefined) where.push(Prisma.sql`d.liquidated = ${f.liquidated}`);
  if (f.days_past_due?.length) where.push(dpdCondition(f.days_past_due));
  if (f.value_from !== undefined) where.push(Prisma.sql`d.value >= ${f.value_from}::numeric`);
  if (f.value_to !== undefined) where.push(Prisma.sql`d.value <= ${f.value_to}::numeric`);
  if (f.person !== undefined) where.push(Prisma.sql`d.id IN (SELECT pdp.deal_id FROM deal_participants pdp WHERE pdp.person_id = ${f.person})`);
  if (f.search?.trim()) where.push(searchCondition(f.search.trim()));
  return where;
}

const orderColumns: Record<Exclude<DealOrderingField, ComputedField>, string> = {
  id: 'id',
  created_at: 'created_at',
  updated_at: 'updated_at',
  value: 'value',
  days_past_due: 'days_past_due',
  state: 'state',
  type: 'type',
};

/**
 * What the deal's live claims leave unpaid, in total and due before today: the same sums the
 * rows show (rowsSql), as an expression per deal for ORDER BY. No index orders by them: sorting
 * by them reads every matching deal's claims (one index scan each) before the page is cut.
 */
type ComputedField = 'outstanding' | 'overdue';
const computed = (field: ComputedField, today: Date) =>
  field === 'outstanding'
    ? Prisma.sql`(SELECT COALESCE(sum(c.amount - c.paid_amount), 0) FROM claims c WHERE c.deal_id = d.id AND c.cancelled_at IS NULL)`
    : Prisma.sql`(SELECT COALESCE(sum(c.amount - c.paid_amount), 0) FROM claims c WHERE c.deal_id = d.id AND c.cancelled_at IS NULL AND c.due_date < ${today}::date)`;
const isComputed = (field: DealOrderingField): field is ComputedField => field === 'outstanding' || field === 'overdue';

/**
 * ORDER BY on alias `t`: the fields asked for, then the id in the direction of the last field,
 * so `(field, id)` indexes serve a page in either direction. On the outer alias `q` a computed
 * field is the inner query's `sort_<field>` column.
 */
function orderBy(ordering: DealFilters['ordering'], t: 'd' | 'q', today: Date): Prisma.Sql {
  const sql = (direction: 'asc' | 'desc') => Prisma.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const parts = ordering.map(({ field, direction }) =>
    isComputed(field)
      ? t === 'd'
        ? Prisma.sql`${computed(field, today)} ${sql(direction)}`
        : Prisma.sql`${Prisma.raw(`q.sort_${field}`)} ${sql(direction)}`
      : Prisma.sql`${Prisma.raw(`${t}.${orderColumns[field]}`)} ${sql(direction)}`,
  );
  const last = ordering.at(-1);
  if (last?.field !== 'id') parts.push(Prisma.sql`${Prisma.raw(`${t}.id`)} ${sql(last?.direction ?? 'desc')}`);
  return Prisma.join(parts, ', ');
}

/** The computed sort keys the inner query hands to the outer one's ORDER BY. */
function sortColumns(ordering: DealFilters['ordering'], today: Date): Prisma.Sql {
  const fields = [...new Set(ordering.map((o) => o.field).filter(isComputed))];
  return fields.length ? Prisma.sql`, ${Prisma.join(fields.map((f) => Prisma.sql`${computed(f, today)} AS ${Prisma.raw(`sort_${f}`)}`), ', ')}` : Prisma.empty;
}

const listColumns = Prisma.raw(`d.id, d.type, d.state, d.closed_reason, d.value, d.contract_number, d.variable_symbol, d.external_id,
  d.days_past_due, d.breach_types, d.abp, d.insolvency, d.liquidated, d.settings, d.created_at, d.updated_at`);

/**
 * The page's rows with their main person (the first BORROWER, else the first DEBTOR) and their
 * claims' unpaid totals: joined after the page is cut, a few index probes per row shown.
 */
function rowsSql(inner: Prisma.Sql, today: Date, outerOrder: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT q.id, q.type::text AS type, q.state::text AS state, q.closed_reason::text AS closed_reason, q.value,
           q.contract_number, q.variable_symbol, q.external_id, q.days_past_due, q.breach_types::text[] AS breach_types,
           q.abp, q.insolvency, q.liquidated, q.settings::text[] AS settings, q.created_at, q.updated_at,
           b.person_id AS borrower_id, b.first_name, b.last_name, b.company_name,
           m.outstanding, m.overdue
    FROM (${inner}) q
    LEFT JOIN LATERAL (
      SELECT bp.person_id, p.first_name, p.last_name, p.company_name
      FROM deal_participants bp JOIN persons p ON p.id = bp.person_id
      WHERE bp.deal_id = q.id AND bp.role IN ('BORROWER', 'DEBTOR')
      ORDER BY bp.role = 'BORROWER' DESC, bp.id
      LIMIT 1
    ) b ON TRUE
    LEFT JOIN LATERAL (
      SELECT COALESCE(sum(c.amount - c.paid_amount), 0) AS outstanding,
             COALESCE(sum(c.amount - c.paid_amount) FILTER (WHERE c.due_date < ${today}::date), 0) AS overdue
      FROM claims c
      WHERE c.deal_id = q.id AND c.cancelled_at IS NULL
    ) m ON TRUE
    ${outerOrder}`;
}

const whereOf = (list: Prisma.Sql[]) => (list.length ? Prisma.sql`WHERE ${Prisma.join(list, ' AND ')}` : Prisma.empty);

/**
 * The count. `settings_off` (no index answers "does not contain") is counted as all the rows of
 * the other filters less those that have one of the settings, which the GIN index finds: two
 * index counts instead of reading every deal.
 */
function countSql(filters: DealFilters): Prisma.Sql {
  if (!filters.settings_off?.length) return Prisma.sql`SELECT count(*)::int AS count FROM deals d ${whereOf(dealConditions(filters))}`;
  const others = dealConditions({ ...filters, settings_off: undefined });
  const having = [...others, Prisma.sql`d.settings && ${filters.settings_off}::"NoticeDisablingSetting"[]`];
  return Prisma.sql`SELECT ((SELECT count(*) FROM deals d ${whereOf(others)}) - (SELECT count(*) FROM deals d ${whereOf(having)}))::int AS count`;
}

/** The count, page and ids queries of the list (the EXPLAIN script and the export use them too). */
export function dealListSql(filters: DealFilters, today: Date) {
  const where = whereOf(dealConditions(filters));
  return {
    count: countSql(filters),
    page: (skip: number, take: number) =>
      rowsSql(
        Prisma.sql`SELECT ${listColumns}${sortColumns(filters.ordering, today)} FROM deals d ${where} ORDER BY ${orderBy(filters.ordering, 'd', today)} LIMIT ${take} OFFSET ${skip}`,
        today,
        Prisma.sql`ORDER BY ${orderBy(filters.ordering, 'q', today)}`,
      ),
    /** Every matching id in the list's order: what an export walks through. */
    ids: Prisma.sql`SELECT d.id FROM deals d ${where} ORDER BY ${orderBy(filters.ordering, 'd', today)}`,
  };
}

export interface DealRow {
  id: number;
  type: DealType;
  state: DealState;
  closed_reason: DealClosedReason | null;
  value: Prisma.Decimal;
  contract_number: string | null;
  variable_symbol: string | null;
  external_id: string | null;
  days_past_due: number;
  breach_types: BreachType[];
  abp: boolean;
  insolvency: boolean;
  liquidated: boolean;
  settings: NoticeDisablingSetting[];
  created_at: Date;
  updated_at: Date;
  borrower_id: number | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  outstanding: Prisma.Decimal;
  overdue: Prisma.Decimal;
}

export function dealListItemOf(r: DealRow): DealListItem {
  return {
    id: r.id,
    type: r.type,
    state: r.state,
    closed_reason: r.closed_reason,
    value: moneyOf(r.value)!,
    contract_number: r.contract_number,
    variable_symbol: r.variable_symbol,
    external_id: r.external_id,
    borrower: r.borrower_id === null ? null : { id: r.borrower_id, name: personName({ id: r.borrower_id, firstName: r.first_name, lastName: r.last_name, companyName: r.company_name }) },
    days_past_due: r.days_past_due,
    dpd_bucket: dpdBucket(r.days_past_due),
    breach_types: r.breach_types,
    abp: r.abp,
    insolvency: r.insolvency,
    liquidated: r.liquidated,
    settings: r.settings,
    outstanding: moneyOf(r.outstanding)!,
    overdue: moneyOf(r.overdue)!,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** List rows of these deals (any order): the detail and the export's batches. */
export async function dealRowsByIds(deps: Pick<Deps, 'prisma' | 'now'>, ids: number[]): Promise<DealListItem[]> {
  const rows = await deps.prisma.$queryRaw<DealRow[]>(
    rowsSql(Prisma.sql`SELECT ${listColumns} FROM deals d WHERE d.id = ANY(${ids}::int[])`, todayDbDate(deps), Prisma.empty),
  );
  return rows.map(dealListItemOf);
}

/** GET /deals/: one page of deals, filtered, ordered and counted in PostgreSQL. */
export async function listDeals(deps: Pick<Deps, 'prisma' | 'now'>, _actor: Actor, input: DealListQuery): Promise<ResultPage<DealListItem>> {
  const sql = dealListSql(input, todayDbDate(deps));
  // The count and the page run side by side; a page past the end is thrown away (not found).
  const rows = Promise.resolve(deps.prisma.$queryRaw<DealRow[]>(sql.page((input.page - 1) * input.page_size, input.page_size)));
  rows.catch(() => undefined);
  return paginate(
    input,
    async () => (await deps.prisma.$queryRaw<{ count: number }[]>(sql.count))[0]!.count,
    async () => (await rows).map(dealListItemOf),
  );
}
