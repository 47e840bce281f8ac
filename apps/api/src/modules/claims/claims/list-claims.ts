import type { ClaimType, ClaimView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { paginate, type Page, type PageQuery } from '../../../http/pagination.ts';
import { findDeal } from '../deal-records.ts';
import { claimViewOf } from './claim-record.ts';

export const CLAIM_COLUMNS = { id: 'id', due_date: 'dueDate', amount: 'amount', paid_amount: 'paidAmount', type: 'type', created_at: 'createdAt' } as const;

export interface ClaimFilters {
  ordering: { field: keyof typeof CLAIM_COLUMNS; direction: 'asc' | 'desc' }[];
  creditor?: number;
  /** Due on or after / on or before (YYYY-MM-DD as UTC midnight). */
  date_from?: Date;
  date_to?: Date;
  type?: ClaimType[];
  claims_group?: number;
  /** true: cancelled claims too (hidden by default: they are owed no more). */
  cancelled?: boolean;
}

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
export async function listClaims(deps: Pick<Deps, 'prisma'>, dealId: number, query: PageQuery & ClaimFilters, listUrl: string): Promise<Page<ClaimView>> {
  await findDeal(deps.prisma, dealId);
  const where = claimWhere(dealId, query);
  return paginate(
    listUrl,
    query,
    () => deps.prisma.claim.count({ where }),
    async ({ skip, take }) => (await deps.prisma.claim.findMany({ where, orderBy: claimOrderBy(query), skip, take })).map(claimViewOf),
  );
}
