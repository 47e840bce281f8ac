import type { IdmEvaluationView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { findLead } from './find-lead.ts';
import { idmEvaluationViewOf } from './idm-evaluation-view.ts';

export interface IdmListQuery extends PageQuery {
  deal_model?: number;
  ordering: { field: 'id' | 'created_at' | 'checked_at'; direction: 'asc' | 'desc' }[];
}

const columns = { id: 'id', created_at: 'createdAt', checked_at: 'checkedAt' } as const;

/** GET /leads/{leadId}/idm-evaluations/ (filter deal_model, as on deals), newest first. */
export async function listIdmEvaluations(deps: Pick<Deps, 'prisma'>, leadId: number, query: IdmListQuery, listUrl: string): Promise<Page<IdmEvaluationView>> {
  await findLead(deps.prisma, leadId);
  const where = { leadId, dealModelId: query.deal_model };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.idmEvaluation.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.idmEvaluation.findMany({
        where,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
        skip,
        take,
      });
      return rows.map(idmEvaluationViewOf);
    },
  );
}
