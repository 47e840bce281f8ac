import { realtyMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * DELETE /realties/purchased/{id}/: only while it is being acquired (an entry made by mistake);
 * an owned or sold property stays on record. The realty goes with it unless something else
 * (a realty group, an application, a person's right) names it.
 */
export async function deletePurchasedProperty(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { id: number }): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM purchased_properties WHERE id = ${input.id} FOR UPDATE`;
    const current = await tx.purchasedProperty.findUnique({ where: { id: input.id } });
    if (!current) throw notFound();
    if (current.state !== 'ACQUISITION') throw conflict(realtyMessages.deleteOnlyAcquisition, { state: current.state });
    await tx.purchasedProperty.delete({ where: { id: input.id } });
    const used = await tx.realty.findUnique({ where: { id: current.realtyId }, select: { _count: { select: { groups: true, collateralOfLeads: true, rights: true } } } });
    if (used && used._count.groups + used._count.collateralOfLeads + used._count.rights === 0) await tx.realty.delete({ where: { id: current.realtyId } });
    await recordAudit(tx, actor, { action: 'realty.purchase.delete', entity: 'PurchasedProperty', entityId: input.id, changes: { ...(current.dealId === null ? {} : { deal_id: current.dealId }), realty_id: current.realtyId } });
  });
}
