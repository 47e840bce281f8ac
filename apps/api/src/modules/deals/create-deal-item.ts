import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { auditOf, guardUnique, type AnySubResource } from './deal-sub-resource.ts';
import { lockDeal } from './deal-views.ts';

/** POST /deals/{dealId}/<resource>/ */
export async function createDealItem(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { resource: AnySubResource; dealId: number; item: unknown }): Promise<unknown> {
  const { resource: def, dealId, item: body } = input;
  let lastDuplicate: Record<string, string[]> | null = null;
  return guardUnique(
    def,
    () =>
      deps.prisma.$transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        const data = await def.toData(tx, deal, body as never, null, deps.now());
        lastDuplicate = (await def.duplicate?.(tx, deal, data, null)) ?? null;
        if (lastDuplicate) throw invalid(lastDuplicate);
        const row = (await def.delegate(tx).create({ data: { ...data, dealId }, include: def.include })) as { id: number };
        await recordAudit(tx, actor, { action: `${def.action}.create`, entity: def.entity, entityId: row.id, changes: auditOf(dealId, body) });
        return def.toView(row);
      }),
    () => lastDuplicate,
  );
}
