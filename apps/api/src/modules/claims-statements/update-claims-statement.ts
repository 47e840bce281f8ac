import { claimsStatementMessages, type ClaimsStatement, type ClaimsStatementPatchRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { dateOf, lockStatement, type Actor } from './claims-statement-view.ts';
import { dealProfile } from './compute-claims-statement.ts';
import { runComputation } from './run-computation.ts';

/**
 * PUT/PATCH /deals/{dealId}/claims-statements/{id}/: a new date or profile, and the statement is
 * computed again ("Přepočítat" is a PATCH with nothing in it). A SAVED one was issued and stays
 * as it is. PUT without a profile takes the deal's again.
 */
export async function updateClaimsStatement(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: Actor,
  dealId: number,
  id: number,
  input: ClaimsStatementPatchRequest,
  options: { partial: boolean },
): Promise<ClaimsStatement> {
  await deps.prisma.$transaction(async (tx) => {
    const statement = await lockStatement(tx, dealId, id);
    if (statement.state === 'SAVED') throw conflict(claimsStatementMessages.savedNotEditable);
    const allocationProfile =
      input.allocation_profile ?? (options.partial && input.allocation_profile === undefined ? statement.allocationProfile : null) ?? (await dealProfile(tx, dealId));
    const asOf = input.as_of ? dateOf(input.as_of) : statement.asOf;
    await tx.claimsStatement.update({ where: { id }, data: { state: 'IN_PROGRESS', asOf, allocationProfile } });
    await recordStaffAudit(tx, actor, {
      action: 'deal.claims_statement.update',
      entity: 'ClaimsStatement',
      entityId: id,
      changes: { deal_id: dealId, as_of: asOf.toISOString().slice(0, 10), allocation_profile: allocationProfile, state_before: statement.state },
    });
  });
  return runComputation(deps, dealId, id);
}
