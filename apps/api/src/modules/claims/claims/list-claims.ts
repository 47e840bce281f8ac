import type { ClaimListQuery, ClaimView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { findDeal } from '../deal-records.ts';
import { claimViewOf } from './claim-record.ts';

export const CLAIM_COLUMNS = { id: 'id', due_date: 'dueDate', amount: 'amount', paid_amount: 'paidAmount', type: 'type', created_at: 'createdAt' } as const;

/** The filters and ordering of the claims list (and of its export). */
export type ClaimFilters = Omit<ClaimListQuery, 'page' | 'page_size'>;

export function claimWhere(dealId: number, f: ClaimFilters): Prisma.ClaimWhereInput {
  return {
    dealId,
    ...(f.cancelled ? {} : { cancelledAt: null }),
    ...(f.creditor !== undefined ? { creditorId: f.creditor } : {}),
    ...(f.date_from || f.date_to ? { dueDate: { ...(f.date_from ? { gte: f.date_from } : {}), ...(f.date_to ? { lte: f.date_to } : {}) } } : {}),
    ...(f.type?.length ? { type: { in: f.type } } : {}),
    ...(f.claims_group !== undefined ? { claimsGroupId: f.claims_group } : {}),
  };
}

export const claimOrderBy = (f: ClaimFilters) => [...f.ordering.map((o) => ({ [CLAIM_COLUMNS[o.field]]: o.direction })), { id: 'asc' as const }];

/** GET /deals/{dealId}/claims/ (paginated; filters creditor, date_from, date_to on the due date, type, claims_group, cancelled). */
export async function listClaims(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: ClaimListQuery & { dealId: number }): Promise<ResultPage<ClaimView>> {
  await findDeal(deps.prisma, input.dealId);
  const where = claimWhere(input.dealId, input);
  return paginate(
    input,
    () => deps.prisma.claim.count({ where }),
    async ({ skip, take }) => (await deps.prisma.claim.findMany({ where, orderBy: claimOrderBy(input), skip, take })).map(claimViewOf),
  );
}
