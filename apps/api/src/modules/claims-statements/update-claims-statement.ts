import { claimsStatementMessages, type ClaimsStatement, type ClaimsStatementPatchRequest, type ClaimsStatementRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate, fromDbDate } from '../../domain/dates.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockStatement } from './claims-statement-view.ts';
import { dealProfile } from './compute-claims-statement.ts';
import { runComputation } from './run-computation.ts';

export type UpdateClaimsStatementInput =
  | { dealId: number; id: number; partial: false; changes: ClaimsStatementRequest }
  | { dealId: number; id: number; partial: true; changes: ClaimsStatementPatchRequest };

/**
 * PUT/PATCH /deals/{dealId}/claims-statements/{id}/: a new date or profile, and the statement is
 * computed again ("Přepočítat" is a PATCH with nothing in it). A SAVED one was issued and stays
 * as it is. PUT without a profile takes the deal's again.
 */
export async function updateClaimsStatement(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: UpdateClaimsStatementInput): Promise<ClaimsStatement> {
  const { dealId, id, changes, partial } = input;
  await deps.prisma.$transaction(async (tx) => {
    const statement = await lockStatement(tx, dealId, id);
    if (statement.state === 'SAVED') throw conflict(claimsStatementMessages.savedNotEditable);
    const allocationProfile =
      changes.allocation_profile ?? (partial && changes.allocation_profile === undefined ? statement.allocationProfile : null) ?? (await dealProfile(tx, dealId));
    const asOf = changes.as_of ? dbDate(changes.as_of) : statement.asOf;
    await tx.claimsStatement.update({ where: { id }, data: { state: 'IN_PROGRESS', asOf, allocationProfile } });
    await recordAudit(tx, actor, {
      action: 'deal.claims_statement.update',
      entity: 'ClaimsStatement',
      entityId: id,
      changes: { deal_id: dealId, as_of: fromDbDate(asOf), allocation_profile: allocationProfile, state_before: statement.state },
    });
  });
  return runComputation(deps, { dealId, id });
}
