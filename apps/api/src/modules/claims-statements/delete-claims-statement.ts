import { claimsStatementMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { lockStatement, type Actor } from './claims-statement-view.ts';

/** DELETE /deals/{dealId}/claims-statements/{id}/: any but a SAVED one, which was issued to the debtor. */
export async function deleteClaimsStatement(deps: Pick<Deps, 'prisma'>, actor: Actor, dealId: number, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const statement = await lockStatement(tx, dealId, id);
    if (statement.state === 'SAVED') throw conflict(claimsStatementMessages.savedNotDeletable);
    await tx.claimsStatement.delete({ where: { id } });
    await recordStaffAudit(tx, actor, {
      action: 'deal.claims_statement.delete',
      entity: 'ClaimsStatement',
      entityId: id,
      changes: { deal_id: dealId, state: statement.state, as_of: statement.asOf.toISOString().slice(0, 10) },
    });
  });
}
