import { maskBirthNumber, personDisplayName, type IdentificationType, type PersonFilters, type PersonListItem, type PersonListQuery, type PersonOrderingField } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { searchWords } from './person-search.ts';

// Ordering fields and their columns (the same names), never text from the request.
const orderColumns: Record<PersonOrderingField, string> = {
  id: 'id',
  last_name: 'last_name',
  first_name: 'first_name',
  company_name: 'company_name',
  created_at: 'created_at',
  updated_at: 'updated_at',
};

const hasDealSql = Prisma.sql`EXISTS (SELECT 1 FROM deal_participants dp WHERE dp.person_id = p.id)`;
const blacklistedSql = Prisma.sql`EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.person_id = p.id)`;
const not = (sql: Prisma.Sql, yes: boolean) => (yes ? sql : Prisma.sql`NOT ${sql}`);

/**
 * The WHERE conditions of the list, each answerable from an index: plain columns (btree),
 * EXISTS on deal_participants(person_id, role) and blacklist_entries(person_id), and the
 * trigram index of search_text (docs/decisions/0009-persons-api.md).
 */
export function personConditions(f: PersonFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (f.id !== undefined) where.push(Prisma.sql`p.id = ${f.id}`);
  if (f.excluded_ids?.length) where.push(Prisma.sql`p.id <> ALL(${f.excluded_ids}::int[])`);
  if (f.birth_number !== undefined) where.push(Prisma.sql`p.birth_number = ${f.birth_number}`);
  if (f.company_id !== undefined) where.push(Prisma.sql`p.company_id = ${f.company_id}`);
  if (f.identification !== undefined) where.push(Prisma.sql`p.identification_type = ${f.identification}::"IdentificationType"`);
  if (f.has_company !== undefined) where.push(f.has_company ? Prisma.sql`p.company_id IS NOT NULL` : Prisma.sql`p.company_id IS NULL`);
  if (f.is_internal !== undefined) where.push(Prisma.sql`p.is_internal = ${f.is_internal}`);
  if (f.has_execution !== undefined) where.push(Prisma.sql`p.has_execution = ${f.has_execution}`);
  if (f.has_insolvency !== undefined) where.push(Prisma.sql`p.has_insolvency = ${f.has_insolvency}`);
  if (f.has_deal !== undefined) where.push(not(hasDealSql, f.has_deal));
  if (f.has_role !== undefined) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM deal_participants dr WHERE dr.person_id = p.id AND dr.role = ${f.has_role}::"PersonRole")`);
  }
  if (f.is_blacklisted !== undefined) where.push(not(blacklistedSql, f.is_blacklisted));
  for (const word of f.search ? searchWords(f.search) : []) {
    // Words hold [a-z0-9] only: nothing to escape for LIKE.
    where.push(Prisma.sql`p.search_text LIKE ${`% ${word}%`}`);
  }
  return where;
}

/** ORDER BY of the list on table alias `t`: the fields asked for, then the newest id. */
function orderBy(filters: PersonFilters, t: 'p' | 'q'): Prisma.Sql {
  const direction = (d: 'asc' | 'desc') => Prisma.raw(d === 'asc' ? 'ASC' : 'DESC');
  return Prisma.join([...filters.ordering.map((o) => Prisma.sql`${Prisma.raw(`${t}.${orderColumns[o.field]}`)} ${direction(o.direction)}`), Prisma.raw(`${t}.id DESC`)], ', ');
}

/**
 * The count and the page queries of the list (the benchmark EXPLAINs them too). The page
 * query takes the page's rows first and only then their list flags, so the flags cost an
 * index probe per row of the page, whatever the offset.
 */
export function personListSql(filters: PersonFilters) {
  const conditions = personConditions(filters);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  const ordered = filters;
  return {
    count: Prisma.sql`SELECT count(*)::int AS count FROM persons p ${where}`,
    page: (skip: number, take: number) => Prisma.sql`
      SELECT q.*, ${listFlags}
      FROM (SELECT ${rowColumns} FROM persons p ${where} ORDER BY ${orderBy(ordered, 'p')} LIMIT ${take} OFFSET ${skip}) q
      ORDER BY ${orderBy(ordered, 'q')}`,
    /** Every matching id in the list's order: what an export walks through. */
    ids: Prisma.sql`SELECT p.id FROM persons p ${where} ORDER BY ${orderBy(ordered, 'p')}`,
  };
}

const rowColumns = Prisma.sql`p.id, p.identification_type::text AS identification_type, p.first_name, p.last_name, p.company_name,
               p.birth_number, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.company_id, p.email, p.phone, p.phone_e164,
               p.is_internal, p.has_execution, p.has_insolvency, p.created_at, p.updated_at`;
const listFlags = Prisma.sql`EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.person_id = q.id) AS is_blacklisted,
             EXISTS (SELECT 1 FROM deal_participants dp WHERE dp.person_id = q.id) AS has_deal`;

/** List rows of these persons (any order). */
export async function personRowsByIds(deps: Pick<Deps, 'prisma'>, ids: number[]): Promise<PersonListItem[]> {
  const rows = await deps.prisma.$queryRaw<Row[]>(Prisma.sql`SELECT q.*, ${listFlags} FROM (SELECT ${rowColumns} FROM persons p WHERE p.id = ANY(${ids}::int[])) q`);
  return rows.map(toItem);
}

interface Row {
  id: number;
  identification_type: IdentificationType;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  birth_number: string | null;
  birth_date: string | null;
  company_id: string | null;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
  is_internal: boolean;
  has_execution: boolean;
  has_insolvency: boolean;
  created_at: Date;
  updated_at: Date;
  is_blacklisted: boolean;
  has_deal: boolean;
}

function toItem(r: Row): PersonListItem {
  return {
    id: r.id,
    identification_type: r.identification_type,
    name: personDisplayName(r),
    first_name: r.first_name,
    last_name: r.last_name,
    company_name: r.company_name,
    birth_date: r.birth_date,
    company_id: r.company_id,
    email: r.email,
    phone: r.phone,
    phone_e164: r.phone_e164,
    is_internal: r.is_internal,
    has_execution: r.has_execution,
    has_insolvency: r.has_insolvency,
    is_blacklisted: r.is_blacklisted,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    birth_number_masked: r.birth_number ? maskBirthNumber(r.birth_number) : null,
    has_deal: r.has_deal,
  };
}

/** GET /persons/: one page of persons, filtered, ordered and counted in PostgreSQL. */
export async function listPersons(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PersonListQuery): Promise<ResultPage<PersonListItem>> {
  const sql = personListSql(input);
  // The count and the page run side by side; a page past the end is thrown away (not found).
  const rows = Promise.resolve(deps.prisma.$queryRaw<Row[]>(sql.page((input.page - 1) * input.page_size, input.page_size)));
  rows.catch(() => undefined);
  return paginate(
    input,
    async () => {
      const [row] = await deps.prisma.$queryRaw<{ count: number }[]>(sql.count);
      return row?.count ?? 0;
    },
    async () => (await rows).map(toItem),
  );
}
