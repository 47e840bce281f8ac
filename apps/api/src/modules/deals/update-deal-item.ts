import { dealMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid, orNotFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { auditOf, findItem, guardUnique, type AnySubResource } from './deal-sub-resource.ts';
import { lockDeal } from './deal-views.ts';

/** PUT and PATCH /deals/{dealId}/<resource>/{id}/: the fields sent change (PUT's schema requires the required ones). */
export async function updateDealItem(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: StaffActor,
  input: { resource: AnySubResource; dealId: number; id: number; changes: unknown },
): Promise<unknown> {
  const { resource: def, changes: body, ...ids } = input;
  let lastDuplicate: Record<string, string[]> | null = null;
  return guardUnique(
    def,
    () =>
      deps.prisma.$transaction(async (tx) => {
        const deal = await lockDeal(tx, ids.dealId);
        const existing = await findItem<{ id: number }>(tx, def, ids.dealId, ids.id);
        const data = await def.toData(tx, deal, body as never, existing, deps.now());
        await def.beforeUpdate?.(tx, deal, existing, data);
        lastDuplicate = (await def.duplicate?.(tx, deal, data, ids.id)) ?? null;
        if (lastDuplicate) throw invalid(lastDuplicate);
        const row = await orNotFound(def.delegate(tx).update({ where: { id: ids.id }, data, include: def.include }), dealMessages.itemNotFound);
        await recordAudit(tx, actor, { action: `${def.action}.update`, entity: def.entity, entityId: ids.id, changes: auditOf(ids.dealId, body) });
        return def.toView(row as { id: number });
      }),
    () => lastDuplicate,
  );
}
