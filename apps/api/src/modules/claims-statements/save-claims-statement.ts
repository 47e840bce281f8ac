import { claimsStatementMessages, type ClaimsStatement } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockDealForAllocation } from '../servicing/index.ts';
import { lockStatement, requireDeal, statementInclude, toClaimsStatement } from './claims-statement-view.ts';

const refusals = { IN_PROGRESS: claimsStatementMessages.inProgress, NOT_VALID: claimsStatementMessages.notValidSave, SAVED: claimsStatementMessages.alreadySaved } as const;

/**
 * POST /deals/{dealId}/claims-statements/{id}/save/: a computed, still valid DRAFT becomes the
 * SAVED document. The deal's allocation lock first (as a replay takes it), so no payment can
 * slip in between the check and the save.
 */
export async function saveClaimsStatement(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<ClaimsStatement> {
  const { dealId, id } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    await lockDealForAllocation(tx, dealId);
    const statement = await lockStatement(tx, dealId, id);
    if (statement.state !== 'DRAFT') throw conflict(refusals[statement.state]);
    if (!statement.data) throw conflict(claimsStatementMessages.notComputed);
    const saved = await tx.claimsStatement.update({ where: { id }, data: { state: 'SAVED', savedAt: deps.now(), savedById: actor.staffId }, include: statementInclude });
    await recordAudit(tx, actor, { action: 'deal.claims_statement.save', entity: 'ClaimsStatement', entityId: id, changes: { deal_id: dealId } });
    return toClaimsStatement(saved);
  });
}
