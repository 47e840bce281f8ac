import { collectionsMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';

/** POST /collections/assign/: assigns deals to a collector (COLLECTIONS or ADMIN, active), or unassigns them; audited per deal. */
export async function assignCollector(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { deals: number[]; collector: number | null }): Promise<{ updated: number }> {
  if (input.collector !== null) {
    const user = await deps.prisma.staffUser.findUnique({ where: { id: input.collector }, select: { role: true, isActive: true } });
    if (!user || !user.isActive || !['COLLECTIONS', 'ADMIN'].includes(user.role)) throw invalid({ collector: [collectionsMessages.collectorNotFound] });
  }
  const ids = [...new Set(input.deals)];
  return deps.prisma.$transaction(async (tx) => {
    // "Not already theirs": SQL's <> leaves out unassigned deals, so those are named apart.
    const other = input.collector === null ? { collectorId: { not: null } } : { OR: [{ collectorId: null }, { collectorId: { not: input.collector } }] };
    const changed = await tx.deal.findMany({ where: { id: { in: ids }, ...other }, select: { id: true, collectorId: true } });
    const { count } = await tx.deal.updateMany({ where: { id: { in: changed.map((d) => d.id) } }, data: { collectorId: input.collector } });
    for (const deal of changed) {
      await recordAudit(tx, actor, { action: 'deal.collector', entity: 'Deal', entityId: deal.id, changes: { deal_id: deal.id, from: deal.collectorId, to: input.collector } });
    }
    return { updated: count };
  });
}
