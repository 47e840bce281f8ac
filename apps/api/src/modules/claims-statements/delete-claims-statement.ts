import { claimsStatementMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockStatement } from './claims-statement-view.ts';

/** DELETE /deals/{dealId}/claims-statements/{id}/: any but a SAVED one, which was issued to the debtor. */
export async function deleteClaimsStatement(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<void> {
  const { dealId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    const statement = await lockStatement(tx, dealId, id);
    if (statement.state === 'SAVED') throw conflict(claimsStatementMessages.savedNotDeletable);
    await tx.claimsStatement.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: 'deal.claims_statement.delete',
      entity: 'ClaimsStatement',
      entityId: id,
      changes: { deal_id: dealId, state: statement.state, as_of: fromDbDate(statement.asOf) },
    });
  });
}
