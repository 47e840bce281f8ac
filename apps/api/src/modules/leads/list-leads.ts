import { moneyOf, type DealType, type LeadFilters, type LeadListItem, type LeadListQuery, type LeadSource, type LeadState } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { searchWords } from '../persons/person-search.ts';
import { closedReasonRefOf, personName } from './lead-views.ts';

type LeadOrderingField = LeadFilters['ordering'][number]['field'];

const DAY = 86_400_000;
const MAX_INT = 2_147_483_647;

// The list is the busiest staff screen: one SQL statement for the page (the lead with its
// person's name and closing reason joined) and one for the count, instead of Prisma's query per
// relation. The filters live here once, for the list and its export.

/**
 * Lead id, or the person as the persons list searches them (every word begins a word of the
 * name, company, e-mail, phone, birth number or IČO; diacritics and case do not matter), over
 * the same trigram-indexed search_text. A term with neither matches nothing.
 */
function searchCondition(term: string): Prisma.Sql {
  const digits = term.replace(/\D/g, '');
  const words = searchWords(term);
  const alternatives: Prisma.Sql[] = [];
  if (/^#?\d+$/.test(term) && Number(digits) <= MAX_INT) alternatives.push(Prisma.sql`l.id = ${Number(digits)}`);
  if (words.length) {
    // Words hold [a-z0-9] only: nothing to escape for LIKE.
    const matches = words.map((word) => Prisma.sql`sp.search_text LIKE ${`% ${word}%`}`);
    alternatives.push(Prisma.sql`EXISTS (SELECT 1 FROM persons sp WHERE sp.id = l.person_id AND ${Prisma.join(matches, ' AND ')})`);
  }
  return alternatives.length ? Prisma.sql`(${Prisma.join(alternatives, ' OR ')})` : Prisma.sql`FALSE`;
}

function conditions(f: LeadFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (f.person !== undefined) where.push(Prisma.sql`l.person_id = ${f.person}`);
  // Compared as the column's own enum type, so the indexes on them apply.
  if (f.state?.length) where.push(Prisma.sql`l.state = ANY(${f.state}::"LeadState"[])`);
  if (f.source) where.push(Prisma.sql`l.source = ${f.source}::"LeadSource"`);
  if (f.deal_type) where.push(Prisma.sql`l.deal_type = ${f.deal_type}::"DealType"`);
  if (f.created_from) where.push(Prisma.sql`l.created_at >= ${f.created_from}`);
  if (f.created_to) where.push(Prisma.sql`l.created_at < ${new Date(f.created_to.getTime() + DAY)}`);
  if (f.search?.trim()) where.push(searchCondition(f.search.trim()));
  return where;
}

const orderColumns: Record<LeadOrderingField, string> = { id: 'id', created_at: 'created_at', updated_at: 'updated_at', value: 'value', state: 'state' };

/** ORDER BY on table alias `t`: the fields asked for, then the newest id. Leads without an amount (contact pushes) go last either way. */
function orderBy(ordering: LeadFilters['ordering'], t: 'l' | 'q'): Prisma.Sql {
  const parts = ordering.map(({ field, direction }) =>
    Prisma.raw(`${t}.${orderColumns[field]} ${direction === 'asc' ? 'ASC' : 'DESC'}${field === 'value' ? ' NULLS LAST' : ''}`),
  );
  return Prisma.join([...parts, Prisma.raw(`${t}.id DESC`)], ', ');
}

const rowColumns = Prisma.sql`q.id, q.state::text AS state, q.source::text AS source, q.deal_type::text AS deal_type, q.value, q.installment_value,
  q.created_at, q.updated_at, q.offer_applied, q.person_id, p.first_name, p.last_name, p.company_name,
  cr.id AS closed_reason_id, cr.code AS closed_reason_code, cr.name AS closed_reason_name`;
const joins = Prisma.sql`LEFT JOIN persons p ON p.id = q.person_id LEFT JOIN application_closed_reasons cr ON cr.id = q.closed_reason_id`;

/** The count, page and ids queries of the list (the benchmark EXPLAINs them). */
export function leadListSql(filters: LeadFilters) {
  const list = conditions(filters);
  const where = list.length ? Prisma.sql`WHERE ${Prisma.join(list, ' AND ')}` : Prisma.empty;
  return {
    count: Prisma.sql`SELECT count(*)::int AS count FROM leads l ${where}`,
    // The page's leads first, then their person and reason: joins cost a probe per row shown.
    page: (skip: number, take: number) => Prisma.sql`
      SELECT ${rowColumns}
      FROM (SELECT l.* FROM leads l ${where} ORDER BY ${orderBy(filters.ordering, 'l')} LIMIT ${take} OFFSET ${skip}) q ${joins}
      ORDER BY ${orderBy(filters.ordering, 'q')}`,
    /** Every matching id in the list's order: what an export walks through. */
    ids: Prisma.sql`SELECT l.id FROM leads l ${where} ORDER BY ${orderBy(filters.ordering, 'l')}`,
  };
}

interface Row {
  id: number;
  state: LeadState;
  source: LeadSource;
  deal_type: DealType | null;
  value: Prisma.Decimal | null;
  installment_value: Prisma.Decimal | null;
  created_at: Date;
  updated_at: Date;
  offer_applied: boolean;
  person_id: number | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  closed_reason_id: number | null;
  closed_reason_code: string | null;
  closed_reason_name: string | null;
}

function toItem(r: Row): LeadListItem {
  return {
    id: r.id,
    state: r.state,
    source: r.source,
    deal_type: r.deal_type,
    value: moneyOf(r.value),
    installment_value: moneyOf(r.installment_value),
    person: r.person_id === null ? null : { id: r.person_id, name: personName({ id: r.person_id, firstName: r.first_name, lastName: r.last_name, companyName: r.company_name }) },
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    closed_reason: closedReasonRefOf(r.closed_reason_id === null ? null : { id: r.closed_reason_id, code: r.closed_reason_code!, name: r.closed_reason_name! }),
    offer_applied: r.offer_applied,
  };
}

/** List rows of these leads (any order): the export's batches. */
export async function leadRowsByIds(deps: Pick<Deps, 'prisma'>, ids: number[]): Promise<(LeadListItem & { createdAt: Date; updatedAt: Date })[]> {
  const rows = await deps.prisma.$queryRaw<Row[]>(Prisma.sql`SELECT ${rowColumns} FROM (SELECT * FROM leads WHERE id = ANY(${ids}::int[])) q ${joins}`);
  return rows.map((r) => ({ ...toItem(r), createdAt: r.created_at, updatedAt: r.updated_at }));
}

/**
 * GET /leads/: the spec's `person`, `ordering`, `page`, `page_size`, and our back-office filters
 * `state` (several), `source`, `deal_type`, `search`, `created_from`/`created_to` (inclusive days).
 */
export async function listLeads(deps: Pick<Deps, 'prisma'>, _actor: Actor, query: LeadListQuery): Promise<ResultPage<LeadListItem>> {
  const sql = leadListSql(query);
  return paginate(
    query,
    async () => (await deps.prisma.$queryRaw<{ count: number }[]>(sql.count))[0]!.count,
    async ({ skip, take }) => (await deps.prisma.$queryRaw<Row[]>(sql.page(skip, take))).map(toItem),
  );
}
