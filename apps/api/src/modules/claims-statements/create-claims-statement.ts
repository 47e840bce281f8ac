import type { ClaimsStatement, ClaimsStatementRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { dateOf, requireDeal, type Actor } from './claims-statement-view.ts';
import { dealProfile } from './compute-claims-statement.ts';
import { runComputation } from './run-computation.ts';

/** POST /deals/{dealId}/claims-statements/: recorded IN_PROGRESS, then computed into a DRAFT (docs/decisions/0036). */
export async function createClaimsStatement(deps: Pick<Deps, 'prisma' | 'now'>, actor: Actor, dealId: number, input: ClaimsStatementRequest): Promise<ClaimsStatement> {
  const created = await deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    const allocationProfile = input.allocation_profile ?? (await dealProfile(tx, dealId));
    const statement = await tx.claimsStatement.create({ data: { dealId, state: 'IN_PROGRESS', asOf: dateOf(input.as_of), allocationProfile } });
    await recordStaffAudit(tx, actor, {
      action: 'deal.claims_statement.create',
      entity: 'ClaimsStatement',
      entityId: statement.id,
      changes: { deal_id: dealId, as_of: input.as_of, allocation_profile: allocationProfile },
    });
    return statement;
  });
  return runComputation(deps, dealId, created.id);
}
