import { Decimal } from 'decimal.js';
import { claimMessages, type ClaimsGroupKind, type ClaimsGroupView } from '@lending/contracts';
import type { Claim, ClaimsGroup } from '../../../generated/prisma/client.ts';
import { notFound } from '../../../domain/errors.ts';
import { claimViewOf } from '../claims/claim-record.ts';
import { day, dayOrNull, iso, type Db, type Tx } from '../deal-records.ts';

export type GroupWithClaims = ClaimsGroup & { claims: Claim[] };

/** The answer of a group: its claims (cancelled ones too) and the sums of the live ones. */
export function groupViewOf(group: GroupWithClaims): ClaimsGroupView {
  const live = group.claims.filter((c) => !c.cancelledAt);
  const amount = live.reduce((s, c) => s.plus(c.amount.toFixed(2)), new Decimal(0));
  const paid = live.reduce((s, c) => s.plus(c.paidAmount.toFixed(2)), new Decimal(0));
  return {
    id: group.id,
    deal_id: group.dealId,
    deal_model_id: group.dealModelId,
    kind: group.kind,
    number: group.number,
    due_date: day(group.dueDate),
    period_from: dayOrNull(group.periodFrom),
    period_to: dayOrNull(group.periodTo),
    balance: group.balance ? group.balance.toFixed(2) : null,
    note: group.note,
    amount: amount.toFixed(2),
    paid_amount: paid.toFixed(2),
    outstanding: amount.minus(paid).toFixed(2),
    cancelled_at: iso(group.cancelledAt),
    claims: [...group.claims].sort((a, b) => a.id - b.id).map(claimViewOf),
    created_at: group.createdAt.toISOString(),
    updated_at: group.updatedAt.toISOString(),
  };
}

/** A group of the deal and kind (another deal's or kind's is not found), with its claims. */
export async function findGroup(db: Db, dealId: number, kind: ClaimsGroupKind, id: number): Promise<GroupWithClaims> {
  const group = await db.claimsGroup.findFirst({ where: { id, dealId, kind }, include: { claims: { orderBy: { id: 'asc' } } } });
  if (!group) throw notFound(claimMessages.groupNotFound);
  return group;
}

/** The group with its claims locked (FOR UPDATE), so their paid amounts stay as read until commit. */
export async function lockGroup(tx: Tx, dealId: number, kind: ClaimsGroupKind, id: number): Promise<GroupWithClaims> {
  await tx.$queryRaw`SELECT id FROM claims WHERE claims_group_id = ${id} ORDER BY id FOR UPDATE`;
  return findGroup(tx, dealId, kind, id);
}
