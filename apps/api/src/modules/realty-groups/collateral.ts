import { Prisma } from '../../generated/prisma/client.ts';
import { invalid } from '../../domain/errors.ts';
import type { Tx } from './realty-group-view.ts';

export const collateralMessages = {
  unknown: (id: number) => `Nemovitost č. ${id} neexistuje.`,
  notCollateral: (id: number) => `Nemovitost č. ${id} nepatří k zajištění obchodu (není nemovitostí jeho žádosti ani nemovitostí, k níž má některý účastník obchodu právo).`,
};

/**
 * Invalid unless every realty is the deal's collateral (ADR 0028): the realty of the application
 * the deal came from, or a realty to which a participant of the deal holds a right.
 */
export async function checkCollateral(tx: Tx, dealId: number, realtyIds: number[]): Promise<void> {
  if (realtyIds.length === 0) return;
  const rows = await tx.$queryRaw<{ id: number; collateral: boolean }[]>(Prisma.sql`
    SELECT r.id,
           r.id IN (SELECT l.realty_id FROM deals d JOIN leads l ON l.id = d.lead_id WHERE d.id = ${dealId} AND l.realty_id IS NOT NULL
                    UNION
                    SELECT rr.realty_id FROM deal_participants dp JOIN realty_rights rr ON rr.person_id = dp.person_id
                     WHERE dp.deal_id = ${dealId} AND rr.realty_id IS NOT NULL) AS collateral
      FROM realties r
     WHERE r.id = ANY(${realtyIds}::int[])`);
  const byId = new Map(rows.map((r) => [r.id, r.collateral]));
  const messages = realtyIds.flatMap((id) => (!byId.has(id) ? [collateralMessages.unknown(id)] : byId.get(id) ? [] : [collateralMessages.notCollateral(id)]));
  if (messages.length) throw invalid({ realties: messages });
}

/** Makes the group's realties exactly `realtyIds`, each carrying the group's LTV (see schema.prisma). */
export async function setRealties(tx: Tx, groupId: number, realtyIds: number[]): Promise<void> {
  await tx.realtyGroupRealty.deleteMany({ where: { realtyGroupId: groupId, realtyId: { notIn: realtyIds } } });
  const { ltv } = await tx.realtyGroup.findUniqueOrThrow({ where: { id: groupId }, select: { ltv: true } });
  await tx.realtyGroupRealty.createMany({ data: realtyIds.map((realtyId) => ({ realtyGroupId: groupId, realtyId, ltv })), skipDuplicates: true });
}
