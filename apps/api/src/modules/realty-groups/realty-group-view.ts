import type { RealtyEstimation as EstimationView, RealtyGroup as GroupView, RealtyGroupEvaluation as EvaluationView } from '@lending/contracts';
import type { Deal, Prisma, Realty, RealtyEstimation, RealtyGroup, RealtyGroupEvaluation, RealtyGroupRealty } from '../../generated/prisma/client.ts';
import { notFound } from '../../domain/errors.ts';

export type Tx = Prisma.TransactionClient;

const iso = (d: Date) => d.toISOString();
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Newest estimation first: the later day, then the later entry of the same day. */
export const latestFirst = [{ estimatedAt: 'desc' }, { id: 'desc' }] as const satisfies Prisma.RealtyEstimationOrderByWithRelationInput[];

export const groupInclude = {
  realties: { include: { realty: true }, orderBy: { realtyId: 'asc' } },
  estimations: { orderBy: latestFirst, take: 1 },
} as const satisfies Prisma.RealtyGroupInclude;

type GroupRow = RealtyGroup & { realties: (RealtyGroupRealty & { realty: Realty })[]; estimations: RealtyEstimation[] };

/** 404 unless the deal exists; every path under /deals/{dealId}/ starts here. */
export async function requireDeal(db: Pick<Tx, 'deal'>, dealId: number): Promise<Deal> {
  const deal = await db.deal.findUnique({ where: { id: dealId } });
  if (!deal) throw notFound();
  return deal;
}

/**
 * The group, its row locked inside `tx` (edits, deletion and evaluation take turns). Under
 * /deals/{dealId}/ it must be that deal's; at the top level (/realty-group/{id}/) `dealId` is
 * undefined and the group names its deal.
 */
export async function lockGroup(tx: Tx, dealId: number | undefined, id: number): Promise<GroupRow & { dealId: number }> {
  await tx.$queryRaw`SELECT id FROM realty_groups WHERE id = ${id} FOR UPDATE`;
  const group = await tx.realtyGroup.findFirst({ where: { id, ...(dealId === undefined ? {} : { dealId }) }, include: groupInclude });
  if (!group || group.dealId === null) throw notFound();
  return group as GroupRow & { dealId: number };
}

export const toEstimation = (e: RealtyEstimation): EstimationView => ({
  id: e.id,
  realty_group_id: e.realtyGroupId,
  value: e.value.toFixed(2),
  estimated_at: day(e.estimatedAt),
  estimator: e.estimator,
  note: e.note,
  created_at: iso(e.createdAt),
});

export function toRealtyGroup(g: GroupRow): GroupView {
  const latest = g.estimations[0];
  return {
    id: g.id,
    deal_id: g.dealId!,
    name: g.name,
    mortgage: g.mortgage,
    note: g.note,
    realties: g.realties.map(({ realty: r }) => ({ id: r.id, type: r.type, whole_address: r.wholeAddress, lv_number: r.lvNumber, cadastral_area_name: r.cadastralAreaName })),
    latest_estimation: latest ? toEstimation(latest) : null,
    ltv: g.ltv === null ? null : g.ltv.toFixed(2),
    created_at: iso(g.createdAt),
    updated_at: iso(g.updatedAt),
  };
}

export const toEvaluation = (e: RealtyGroupEvaluation): EvaluationView => ({
  id: e.id,
  realty_group_id: e.realtyGroupId,
  evaluated_at: iso(e.evaluatedAt),
  estimation_id: e.estimationId,
  estimate: e.estimate.toFixed(2),
  previous_estimate: e.previousEstimate ? e.previousEstimate.toFixed(2) : null,
  outstanding_principal: e.outstandingPrincipal.toFixed(2),
  principal_source: e.principalSource as EvaluationView['principal_source'],
  ltv: e.ltv.toFixed(2),
  must_notify: e.mustNotify,
  reason: e.reason,
  evaluated_by_id: e.evaluatedById,
});

/** Audit `changes` of a body: what was sent, undefined left out. */
export function sent(values: Record<string, unknown>): Prisma.InputJsonObject {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Prisma.InputJsonObject;
}
