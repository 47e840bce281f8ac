import type { CollateralAlertListQuery, CollateralAlertView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import type { CollateralAlert, Prisma } from '../../generated/prisma/client.ts';

export const toAlertView = (a: CollateralAlert & { realty: { wholeAddress: string | null } }): CollateralAlertView => ({
  id: a.id,
  deal_id: a.dealId,
  realty_id: a.realtyId,
  realty_address: a.realty.wholeAddress,
  title_deed_id: a.titleDeedId,
  previous_title_deed_id: a.previousTitleDeedId,
  kind: a.kind as CollateralAlertView['kind'],
  description: a.description,
  created_at: a.createdAt.toISOString(),
  resolved_at: a.resolvedAt?.toISOString() ?? null,
});

/** GET /collateral-alerts/ (ours): what the watch found on the collateral, open ones by default, newest first. */
export async function listCollateralAlerts(deps: Pick<Deps, 'prisma'>, _actor: Actor, query: CollateralAlertListQuery): Promise<ResultPage<CollateralAlertView>> {
  const where: Prisma.CollateralAlertWhereInput = { resolvedAt: query.resolved ? { not: null } : null, ...(query.deal === undefined ? {} : { dealId: query.deal }) };
  return paginate(
    query,
    () => deps.prisma.collateralAlert.count({ where }),
    async ({ skip, take }) =>
      (await deps.prisma.collateralAlert.findMany({ where, include: { realty: { select: { wholeAddress: true } } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take })).map(toAlertView),
  );
}
