import type { Decimal } from 'decimal.js';
import type { ClaimType } from '@lending/contracts';
import { dbDate } from '../../documents/dates.ts';
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
  const groups = await tx.claimsGroup.createManyAndReturn({
    data: rows.map(({ row }) => ({
      dealId: args.dealId,
      dealModelId: args.modelId,
      kind: args.kind,
      number: row.number,
      dueDate: dbDate(row.dueDate),
      periodFrom: dbDate(row.periodFrom),
      periodTo: dbDate(row.periodTo),
      balance: row.balance ? row.balance.toFixed(2) : null,
    })),
    select: { id: true, number: true },
  });
  const groupOf = new Map(groups.map((g) => [g.number, g.id]));
  const claims = rows.flatMap(({ row, parts }) =>
    parts.map((part) => ({
      dealId: args.dealId,
      claimsGroupId: groupOf.get(row.number)!,
      type: part.type,
      creditorId: args.creditorId,
      dueDate: dbDate(row.dueDate),
      amount: part.amount.toFixed(2),
      description: part.description,
    })),
  );
  await tx.claim.createMany({ data: claims });
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
