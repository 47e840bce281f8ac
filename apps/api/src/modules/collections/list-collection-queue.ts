import type { BreachType, CollectionQueueItem, OrderingKey, PromiseState } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { INSTALLMENT_CLAIM_TYPES, SERVICED_STATES } from '../servicing/index.ts';

export type QueueField = 'priority' | 'days_past_due' | 'overdue_amount' | 'last_contact' | 'deal';
export interface QueueFilter {
  bucket?: '1-30' | '31-60' | '61-90' | '91+';
  collector?: 'me' | 'none' | number;
  breach?: BreachType;
  promise?: PromiseState;
  search?: string;
}

const BUCKETS = { '1-30': [1, 30], '31-60': [31, 60], '61-90': [61, 90], '91+': [91, 1_000_000] } as const;
export const bucketOf = (dpd: number) => (dpd > 90 ? '91+' : dpd > 60 ? '61-90' : dpd > 30 ? '31-60' : dpd > 0 ? '1-30' : '0');

const serviced = Prisma.raw(`ARRAY[${SERVICED_STATES.map((s) => `'${s}'`).join(', ')}]::"DealState"[]`);
const installment = Prisma.raw(`ARRAY[${INSTALLMENT_CLAIM_TYPES.map((s) => `'${s}'`).join(', ')}, 'PENALTY_INTEREST', 'COST_OF_RECOVERY', 'CONTRACTUAL_PENALTY']::"ClaimType"[]`);

/**
 * The queue's rows as SQL (shared by the list and its export): serviced deals past due or with an
 * open breach, each with what the desk works from — overdue amount (claims due before today not
 * paid), last contact, the next ladder step, the latest promise, the collector, the next action.
 * Priority: a promise broken since the last call first (the debtor broke their word), then the
 * days past due, then the amount.
 */
export function queueSql(actor: StaffActor, filter: QueueFilter, day: string, only?: readonly number[]): Prisma.Sql {
  const conditions = queueConditions(actor, filter);
  if (only) conditions.push(Prisma.sql`d.id = ANY(${[...only]}::int[])`);
  return Prisma.sql`
    SELECT d.id AS deal, d.contract_number, d.type::text AS type, d.days_past_due, d.breach_types::text[] AS breaches,
           deb.id AS debtor_id, deb.name AS debtor_name,
           coalesce(ov.amount, 0)::text AS overdue_amount,
           lc.called_at AS last_contact, lc.next_action_on,
           ns.code AS step_code, ns.title AS step_title, ns.state::text AS step_state, to_char(ns.date, 'YYYY-MM-DD') AS step_date,
           pr.id AS promise_id, pr.state AS promise_state, to_char(pr.promised_on, 'YYYY-MM-DD') AS promise_on, pr.amount::text AS promise_amount,
           d.collector_id, coalesce(nullif(trim(su.first_name || ' ' || su.last_name), ''), su.email) AS collector_name,
           ${BROKEN_PROMISE} AS broken_promise
      FROM deals d
      ${DEBTOR}
      LEFT JOIN LATERAL (
        SELECT sum(c.amount - c.paid_amount) AS amount FROM claims c
         WHERE c.deal_id = d.id AND c.cancelled_at IS NULL AND c.due_date < ${day}::date AND c.paid_amount < c.amount AND c.type = ANY(${installment})) ov ON true
      ${LAST_CALL}
      LEFT JOIN LATERAL (
        SELECT g.step_code AS code, s.title, g.state, g.date FROM notice_groups g JOIN collection_steps s ON s.code = g.step_code
         WHERE g.deal_id = d.id AND g.state IN ('PREPARED', 'SENT') ORDER BY (g.state = 'PREPARED') DESC, g.date DESC, g.id DESC LIMIT 1) ns ON true
      ${LATEST_PROMISE}
      LEFT JOIN staff_users su ON su.id = d.collector_id
     WHERE ${Prisma.join(conditions, ' AND ')}`;
}

// The parts of a row the queue's filters and cheap orderings read: each a few index probes per deal.
const DEBTOR = Prisma.sql`
      LEFT JOIN LATERAL (
        SELECT p.id, coalesce(p.company_name, trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))) AS name
          FROM deal_participants dp JOIN persons p ON p.id = dp.person_id
         WHERE dp.deal_id = d.id AND dp.role IN ('BORROWER', 'DEBTOR') ORDER BY dp.id LIMIT 1) deb ON true`;
const LAST_CALL = Prisma.sql`
      LEFT JOIN LATERAL (
        SELECT cc.called_at, cc.next_action_on FROM collection_calls cc WHERE cc.deal_id = d.id ORDER BY cc.called_at DESC, cc.id DESC LIMIT 1) lc ON true`;
const LATEST_PROMISE = Prisma.sql`
      LEFT JOIN LATERAL (
        SELECT p.id, p.state, p.promised_on, p.amount, p.resolved_on FROM promises_to_pay p
         WHERE p.deal_id = d.id AND p.state <> 'CANCELLED' ORDER BY p.id DESC LIMIT 1) pr ON true`;
/** A promise broken since the last call: the debtor broke their word and nobody has called since. */
const BROKEN_PROMISE = Prisma.sql`coalesce(pr.state = 'BROKEN' AND (lc.called_at IS NULL OR (lc.called_at AT TIME ZONE 'Europe/Prague')::date <= pr.resolved_on), false)`;

function queueConditions(actor: StaffActor, filter: QueueFilter): Prisma.Sql[] {
  const conditions = [Prisma.sql`d.state = ANY(${serviced})`, Prisma.sql`(d.days_past_due > 0 OR d.breach_types <> '{}')`];
  if (filter.bucket) conditions.push(Prisma.sql`d.days_past_due BETWEEN ${BUCKETS[filter.bucket][0]} AND ${BUCKETS[filter.bucket][1]}`);
  if (filter.collector === 'me') conditions.push(Prisma.sql`d.collector_id = ${actor.staffId}`);
  else if (filter.collector === 'none') conditions.push(Prisma.sql`d.collector_id IS NULL`);
  else if (typeof filter.collector === 'number') conditions.push(Prisma.sql`d.collector_id = ${filter.collector}`);
  if (filter.breach) conditions.push(Prisma.sql`${filter.breach}::"BreachType" = ANY(d.breach_types)`);
  if (filter.promise) conditions.push(Prisma.sql`pr.state = ${filter.promise}`);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(Prisma.sql`(d.contract_number ILIKE ${like} OR d.variable_symbol ILIKE ${like} OR deb.name ILIKE ${like})`);
  }
  return conditions;
}

/**
 * The queue's rows with only what its filters and every ordering but the overdue amount read —
 * no claims: the count and the page are found on these, and the whole rows (with the overdue
 * amount, a sum over each deal's claims) are computed for the page's deals only.
 */
function queueKeysSql(actor: StaffActor, filter: QueueFilter): Prisma.Sql {
  return Prisma.sql`
    SELECT d.id AS deal, d.days_past_due, lc.called_at AS last_contact, ${BROKEN_PROMISE} AS broken_promise
      FROM deals d
      ${filter.search ? DEBTOR : Prisma.empty}
      ${LAST_CALL}
      ${LATEST_PROMISE}
     WHERE ${Prisma.join(queueConditions(actor, filter), ' AND ')}`;
}

const ORDER: Record<QueueField, string> = {
  priority: 'broken_promise DESC, days_past_due DESC, overdue_amount::numeric DESC',
  days_past_due: 'days_past_due',
  overdue_amount: 'overdue_amount::numeric',
  last_contact: 'last_contact',
  deal: 'deal',
};

export function orderSql(ordering: OrderingKey<QueueField>[]): Prisma.Sql {
  const parts = ordering.map((o) => (o.field === 'priority' ? ORDER.priority : `${ORDER[o.field]} ${o.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`));
  return Prisma.raw([...parts, 'deal ASC'].join(', '));
}

export interface QueueRow {
  deal: number;
  contract_number: string | null;
  type: string;
  days_past_due: number;
  breaches: BreachType[];
  debtor_id: number | null;
  debtor_name: string | null;
  overdue_amount: string;
  last_contact: Date | null;
  next_action_on: Date | null;
  step_code: string | null;
  step_title: string | null;
  step_state: 'PREPARED' | 'SENT' | null;
  step_date: string | null;
  promise_id: number | null;
  promise_state: PromiseState | null;
  promise_on: string | null;
  promise_amount: string | null;
  collector_id: number | null;
  collector_name: string | null;
}

export function toQueueItem(r: QueueRow): CollectionQueueItem {
  return {
    deal: r.deal,
    contract_number: r.contract_number,
    debtor: r.debtor_id ? { id: r.debtor_id, name: r.debtor_name ?? '' } : null,
    type: r.type,
    days_past_due: r.days_past_due,
    bucket: bucketOf(r.days_past_due),
    overdue_amount: Number(r.overdue_amount) === 0 ? '0.00' : r.overdue_amount,
    breaches: r.breaches,
    last_contact: r.last_contact?.toISOString() ?? null,
    next_step: r.step_code ? { code: r.step_code, title: r.step_title!, state: r.step_state!, date: r.step_date! } : null,
    promise: r.promise_id ? { id: r.promise_id, state: r.promise_state!, promised_on: r.promise_on!, amount: r.promise_amount! } : null,
    collector: r.collector_id ? { id: r.collector_id, name: r.collector_name ?? '' } : null,
    next_action_on: r.next_action_on ? r.next_action_on.toISOString().slice(0, 10) : null,
  };
}

/**
 * GET /collections/queue/: the collections desk's work queue, filtered, sorted and paged. The
 * count and the page are found on the cheap keys (queueKeysSql); the overdue amount — a sum over
 * each deal's claims, ~2 s for the 46,000 deals in arrears of the bench book — is summed for the
 * page's deals only, except when ordering by it. Priority orders by broken promise, DPD and then
 * the amount: the page is cut on the first two, and the amount orders only the deals whose broken
 * promise and DPD equal those at the page's ends (`window`).
 */
export async function listCollectionQueue(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: StaffActor,
  input: QueueFilter & { page: number; page_size: number; ordering: OrderingKey<QueueField>[] },
): Promise<ResultPage<CollectionQueueItem>> {
  const day = today(deps);
  const keys = queueKeysSql(actor, input);
  const rowsOf = async (ids: number[], order: Prisma.Sql, skip: number, take: number) =>
    ids.length ? (await deps.prisma.$queryRaw<QueueRow[]>`SELECT * FROM (${queueSql(actor, input, day, ids)}) q ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`).map(toQueueItem) : [];
  return paginate(
    input,
    async () => Number((await deps.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${keys}) q`)[0]!.n),
    async ({ skip, take }) => {
      const order = orderSql(input.ordering);
      if (input.ordering.some((o) => o.field === 'overdue_amount')) {
        return (await deps.prisma.$queryRaw<QueueRow[]>`SELECT * FROM (${queueSql(actor, input, day)}) q ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`).map(toQueueItem);
      }
      if (input.ordering.some((o) => o.field === 'priority')) {
        const [window] = await deps.prisma.$queryRaw<{ ids: number[] | null; before: bigint | null }[]>`
          WITH k AS MATERIALIZED (${keys}),
          page AS (SELECT broken_promise::int AS b, days_past_due AS dpd FROM k ORDER BY broken_promise DESC, days_past_due DESC LIMIT ${take} OFFSET ${skip}),
          first AS (SELECT b, dpd FROM page ORDER BY b DESC, dpd DESC LIMIT 1),
          last AS (SELECT b, dpd FROM page ORDER BY b ASC, dpd ASC LIMIT 1)
          SELECT array_agg(k.deal) FILTER (WHERE (k.broken_promise::int, k.days_past_due) <= (f.b, f.dpd) AND (k.broken_promise::int, k.days_past_due) >= (l.b, l.dpd)) AS ids,
                 count(*) FILTER (WHERE (k.broken_promise::int, k.days_past_due) > (f.b, f.dpd)) AS before
            FROM k, first f, last l`;
        return rowsOf(window?.ids ?? [], order, skip - Number(window?.before ?? 0), take);
      }
      const ids = await deps.prisma.$queryRaw<{ deal: number }[]>`SELECT deal FROM (${keys}) q ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`;
      return rowsOf(
        ids.map((r) => r.deal),
        order,
        0,
        take,
      );
    },
  );
}
