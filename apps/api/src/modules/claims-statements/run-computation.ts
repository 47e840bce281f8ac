import type { ClaimsStatement } from '@lending/contracts';
import { fromDbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { lockDealForAllocation } from '../servicing/index.ts';
import { statementInclude, toClaimsStatement } from './claims-statement-view.ts';
import { computeClaimsStatement, FALLBACK_PROFILE } from './compute-claims-statement.ts';

/**
 * Computes a statement already marked IN_PROGRESS (committed, so everyone sees it is being
 * computed) and makes it a DRAFT with its figures. The deal's allocation lock comes first, then
 * the statement's row, the order the replay's invalidation takes them in: a payment booked
 * meanwhile is either fully in the figures or invalidates them after. A failure leaves the
 * statement NOT_VALID, for staff to compute it again, and is thrown on.
 */
export async function runComputation(deps: Pick<Deps, 'prisma' | 'now'>, statement: { dealId: number; id: number }): Promise<ClaimsStatement> {
  const { dealId, id } = statement;
  try {
    return await deps.prisma.$transaction(async (tx) => {
      await lockDealForAllocation(tx, dealId);
      await tx.$queryRaw`SELECT id FROM claims_statements WHERE id = ${id} FOR UPDATE`;
      const row = await tx.claimsStatement.findUniqueOrThrow({ where: { id } });
      const content = await computeClaimsStatement(tx, dealId, fromDbDate(row.asOf), row.allocationProfile ?? FALLBACK_PROFILE);
      const updated = await tx.claimsStatement.update({
        where: { id },
        data: { state: 'DRAFT', data: content as unknown as Prisma.InputJsonValue, computedAt: deps.now(), invalidatedAt: null },
        include: statementInclude,
      });
      return toClaimsStatement(updated);
    });
  } catch (error) {
    await deps.prisma.claimsStatement.updateMany({ where: { id, state: 'IN_PROGRESS' }, data: { state: 'NOT_VALID', invalidatedAt: deps.now() } });
    throw error;
  }
}
