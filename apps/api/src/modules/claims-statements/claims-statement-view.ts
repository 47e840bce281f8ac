import { AllocationProfile, ClaimsStatementState, claimsStatementMessages, type ClaimsStatement as ClaimsStatementView, type ClaimsStatementContent } from '@lending/contracts';
import type { ClaimsStatement, Prisma } from '../../generated/prisma/client.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { FALLBACK_PROFILE } from './compute-claims-statement.ts';

export type Tx = Prisma.TransactionClient;
const instant = (d: Date | null) => (d ? d.toISOString() : null);

export const statementInclude = { savedBy: { select: { id: true, email: true } } } as const satisfies Prisma.ClaimsStatementInclude;
export type StatementRow = ClaimsStatement & { savedBy: { id: number; email: string } | null };

export function toClaimsStatement(s: StatementRow): ClaimsStatementView {
  const profile = s.allocationProfile ?? FALLBACK_PROFILE;
  return {
    id: s.id,
    deal_id: s.dealId,
    state: s.state,
    state_label: ClaimsStatementState.labels[s.state],
    as_of: fromDbDate(s.asOf),
    allocation_profile: profile,
    allocation_profile_label: AllocationProfile.labels[profile],
    content: (s.data as ClaimsStatementContent | null) ?? null,
    computed_at: instant(s.computedAt),
    invalidated_at: instant(s.invalidatedAt),
    saved_at: instant(s.savedAt),
    saved_by: s.savedBy,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** 404 unless the deal exists. */
export async function requireDeal(db: Pick<Tx, 'deal'>, dealId: number): Promise<void> {
  if (!(await db.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw notFound();
}

/**
 * Locks the statement for the rest of the transaction. A statement whose row lock another
 * transaction holds is being computed (or changed) right now: a conflict instead of waiting, so
 * a second click never queues a second computation behind the first. Not found when it does not exist.
 */
export async function lockStatement(tx: Tx, dealId: number, id: number): Promise<StatementRow> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM claims_statements WHERE id = ${id} AND deal_id = ${dealId} FOR UPDATE SKIP LOCKED`;
  if (locked.length === 0) {
    const held = await tx.claimsStatement.findFirst({ where: { id, dealId }, select: { state: true } });
    if (!held) throw notFound(claimsStatementMessages.notFound);
    // A computation holds it for as long as it takes: refused. Any other write (a save, a
    // delete) holds it for a moment: waited for, then answered as what it left (gone: not found).
    if (held.state === 'IN_PROGRESS') throw conflict(claimsStatementMessages.inProgress);
    const after = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM claims_statements WHERE id = ${id} AND deal_id = ${dealId} FOR UPDATE`;
    if (after.length === 0) throw notFound(claimsStatementMessages.notFound);
  }
  return tx.claimsStatement.findUniqueOrThrow({ where: { id }, include: statementInclude });
}
