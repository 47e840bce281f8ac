import { realtyMessages, type CollateralAlertView } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { toAlertView } from './list-collateral-alerts.ts';

/** POST /collateral-alerts/{id}/resolve/ (ours): staff dealt with it; recorded in the deal's history. Resolving twice is refused. */
export async function resolveCollateralAlert(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { id: number }): Promise<CollateralAlertView> {
  return deps.prisma.$transaction(async (tx) => {
    const updated = await tx.collateralAlert.updateManyAndReturn({ where: { id: input.id, resolvedAt: null }, data: { resolvedAt: deps.now(), resolvedById: actor.staffId } });
    if (!updated.length) {
      const existing = await tx.collateralAlert.findUnique({ where: { id: input.id }, select: { id: true } });
      throw existing ? conflict(realtyMessages.alertResolved) : notFound();
    }
    const alert = updated[0]!;
    await recordAudit(tx, actor, { action: 'deal.collateral_alert.resolve', entity: 'CollateralAlert', entityId: alert.id, changes: { deal_id: alert.dealId, kind: alert.kind } });
    return toAlertView({ ...alert, realty: await tx.realty.findUniqueOrThrow({ where: { id: alert.realtyId }, select: { wholeAddress: true } }) });
  });
}
