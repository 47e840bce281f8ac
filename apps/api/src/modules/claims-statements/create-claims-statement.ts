import type { ClaimsStatement, ClaimsStatementRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireDeal } from './claims-statement-view.ts';
import { dealProfile } from './compute-claims-statement.ts';
import { runComputation } from './run-computation.ts';

/** POST /deals/{dealId}/claims-statements/: recorded IN_PROGRESS, then computed into a DRAFT (docs/decisions/0036). */
export async function createClaimsStatement(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: StaffActor,
  input: { dealId: number; statement: ClaimsStatementRequest },
): Promise<ClaimsStatement> {
  const { dealId, statement: request } = input;
  const created = await deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    const allocationProfile = request.allocation_profile ?? (await dealProfile(tx, dealId));
    const statement = await tx.claimsStatement.create({ data: { dealId, state: 'IN_PROGRESS', asOf: dbDate(request.as_of), allocationProfile } });
    await recordAudit(tx, actor, {
      action: 'deal.claims_statement.create',
      entity: 'ClaimsStatement',
      entityId: statement.id,
      changes: { deal_id: dealId, as_of: request.as_of, allocation_profile: allocationProfile },
    });
    return statement;
  });
  return runComputation(deps, { dealId, id: created.id });
}
