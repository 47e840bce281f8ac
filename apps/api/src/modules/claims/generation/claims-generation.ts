import type { Decimal } from 'decimal.js';
import type { ClaimType } from '@lending/contracts';
import { dbDate } from '../../../domain/dates.ts';
import type { ModelRow, ScheduleKind } from '../schedule/model-schedule.ts';
import type { Tx } from '../deal-records.ts';

// Claims groups and claims from a schedule (docs/decisions/0025): one group per row, one claim
// per non-zero part of it. Claims are never deleted: a group replaced before anything was paid
// on it is cancelled with its claims, and its replacement generated beside it.

export interface ClaimPart {
  type: ClaimType;
  amount: Decimal;
  description: string;
}

const MONTHS = ['leden', 'únor', 'březen', 'duben', 'květen', 'červen', 'červenec', 'srpen', 'září', 'říjen', 'listopad', 'prosinec'];
const monthOf = (isoDay: string) => `${MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${isoDay.slice(0, 4)}`;

/** The claims of one schedule row, zero parts left out (a zero claim owes nothing). */
export function claimPartsOf(row: ModelRow, kind: ScheduleKind): ClaimPart[] {
  const parts: ClaimPart[] =
    kind === 'REGULAR'
      ? [
          { type: 'PRINCIPAL', amount: row.principal, description: `Jistina, ${row.number}. splátka` },
          { type: 'INTEREST', amount: row.interest, description: `Úrok, ${row.number}. splátka` },
          { type: 'FEE', amount: row.fees, description: `Poplatek, ${row.number}. splátka` },
        ]
      : [
          { type: 'RENT', amount: row.rent, description: `Nájemné za ${monthOf(row.periodFrom)}` },
          { type: 'SERVICE_ADVANCE', amount: row.servicesAdvance, description: `Záloha na služby za ${monthOf(row.periodFrom)}` },
          { type: 'FEE', amount: row.fees, description: `Poplatek za ${monthOf(row.periodFrom)}` },
          { type: 'DEPOSIT', amount: row.deposit, description: 'Kauce' },
          { type: 'PURCHASE_PRICE', amount: row.purchasePrice, description: 'Kupní cena zpětného odkupu' },
        ];
  return parts.filter((p) => p.amount.gt(0));
}

/** The person claims are owed to: the deal's CREDITOR, else its LENDER participant; null is the lender itself. */
export async function creditorOf(tx: Tx, dealId: number): Promise<number | null> {
  const participants = await tx.dealParticipant.findMany({ where: { dealId, role: { in: ['CREDITOR', 'LENDER'] } }, orderBy: { id: 'asc' } });
  return (participants.find((p) => p.role === 'CREDITOR') ?? participants[0])?.personId ?? null;
}

/**
 * Writes a group and its claims for each row (rows without a non-zero part make no group).
 * Set-based: one INSERT for the groups, one for the claims, whatever the length of the schedule.
 */
export async function generateGroups(tx: Tx, args: { dealId: number; modelId: number; kind: ScheduleKind; rows: ModelRow[]; creditorId: number | null }): Promise<{ groups: number; claims: number }> {
  const rows = args.rows.map((row) => ({ row, parts: claimPartsOf(row, args.kind) })).filter((r) => r.parts.length > 0);
  if (!rows.length) return { groups: 0, claims: 0 };
  // Raw SQL over arrays: one statement of constant shape each. Prisma's createMany compiles its
  // whole payload every time (createMany plans are not cached), which made a 96-installment
  // activation spend ~40 ms of the API's CPU; this takes a few.
  const groups = await tx.$queryRaw<{ id: number; number: number }[]>`
    INSERT INTO claims_groups (deal_id, deal_model_id, kind, number, due_date, period_from, period_to, balance, updated_at)
    SELECT ${args.dealId}, ${args.modelId}, ${args.kind}::"ClaimsGroupKind", r.number, r.due_date, r.period_from, r.period_to, r.balance, now()
      FROM unnest(${rows.map(({ row }) => row.number)}::int[], ${rows.map(({ row }) => row.dueDate)}::date[], ${rows.map(({ row }) => row.periodFrom)}::date[],
                  ${rows.map(({ row }) => row.periodTo)}::date[], ${rows.map(({ row }) => (row.balance ? row.balance.toFixed(2) : null))}::numeric[])
           AS r(number, due_date, period_from, period_to, balance)
     ORDER BY r.number
    RETURNING id, number`;
  const groupOf = new Map(groups.map((g) => [g.number, g.id]));
  const claims = rows.flatMap(({ row, parts }) => parts.map((part) => ({ groupId: groupOf.get(row.number)!, dueDate: row.dueDate, part })));
  await tx.$executeRaw`
    INSERT INTO claims (deal_id, claims_group_id, type, creditor_id, due_date, amount, description, updated_at)
    SELECT ${args.dealId}, r.group_id, r.type::"ClaimType", ${args.creditorId}::int, r.due_date, r.amount, r.description, now()
      FROM unnest(${claims.map((c) => c.groupId)}::int[], ${claims.map((c) => c.part.type)}::text[], ${claims.map((c) => c.dueDate)}::date[],
                  ${claims.map((c) => c.part.amount.toFixed(2))}::numeric[], ${claims.map((c) => c.part.description)}::text[])
           WITH ORDINALITY AS r(group_id, type, due_date, amount, description, n)
     ORDER BY r.n`;
  return { groups: groups.length, claims: claims.length };
}

/**
 * Cancels groups and their live claims. The caller chose groups with nothing paid; the database
 * refuses to cancel a claim with anything paid (claims_cancelled_unpaid), so a payment allocated
 * meanwhile fails the whole transaction instead of being lost.
 */
export async function cancelGroups(tx: Tx, groupIds: number[], now: Date): Promise<{ groups: number; claims: number }> {
  if (!groupIds.length) return { groups: 0, claims: 0 };
  const claims = await tx.claim.updateMany({ where: { claimsGroupId: { in: groupIds }, cancelledAt: null }, data: { cancelledAt: now } });
  const groups = await tx.claimsGroup.updateMany({ where: { id: { in: groupIds }, cancelledAt: null }, data: { cancelledAt: now } });
  return { groups: groups.count, claims: claims.count };
}

/**
 * The live groups of the deal due on or after `from` with nothing paid on any of their claims,
 * read under their rows' locks, with their live claims: what a restructuring, a recompute or an
 * edit may still replace.
 */
export async function unpaidGroupsFrom(tx: Tx, dealId: number, from: string, kinds: readonly ScheduleKind[]) {
  // Locked before their paid amounts are read: an allocation landing meanwhile either commits
  // first (and its claim is seen paid) or waits until the replacement is done.
  await tx.$queryRaw`
    SELECT c.id FROM claims c JOIN claims_groups g ON g.id = c.claims_group_id
    WHERE g.deal_id = ${dealId} AND g.cancelled_at IS NULL AND g.due_date >= ${dbDate(from)}::date AND g.kind::text = ANY(${[...kinds]})
    ORDER BY c.id FOR UPDATE OF c`;
  const groups = await tx.claimsGroup.findMany({
    where: {
      dealId,
      kind: { in: [...kinds] },
      cancelledAt: null,
      dueDate: { gte: dbDate(from) },
      claims: { none: { paidAmount: { gt: 0 } } },
    },
    include: { claims: { where: { cancelledAt: null }, orderBy: { id: 'asc' } } },
    orderBy: { number: 'asc' },
  });
  return groups;
}
