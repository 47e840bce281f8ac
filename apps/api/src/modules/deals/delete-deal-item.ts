import { dealMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { orNotFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { auditOf, findItem, type AnySubResource } from './deal-sub-resource.ts';
import { lockDeal } from './deal-views.ts';

/** DELETE /deals/{dealId}/<resource>/{id}/, unless the resource refuses it. */
export async function deleteDealItem(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { resource: AnySubResource; dealId: number; id: number }): Promise<void> {
  const { resource: def, ...ids } = input;
  await deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, ids.dealId);
    const row = await findItem<{ id: number }>(tx, def, ids.dealId, ids.id);
    await def.beforeDelete?.(tx, deal, row);
    await orNotFound(def.delegate(tx).delete({ where: { id: ids.id } }), dealMessages.itemNotFound);
    await recordAudit(tx, actor, { action: `${def.action}.delete`, entity: def.entity, entityId: ids.id, changes: auditOf(ids.dealId, def.toView(row)) });
  });
}
