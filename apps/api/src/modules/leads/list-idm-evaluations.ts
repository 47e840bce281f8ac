import type { IdmEvaluationListQuery, IdmEvaluationView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { findLead } from './find-lead.ts';
import { idmEvaluationViewOf } from './idm-evaluation-view.ts';

const columns = { id: 'id', created_at: 'createdAt', checked_at: 'checkedAt' } as const;

/** GET /leads/{leadId}/idm-evaluations/ (filter deal_model, as on deals), newest first. */
export async function listIdmEvaluations(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: IdmEvaluationListQuery & { leadId: number }): Promise<ResultPage<IdmEvaluationView>> {
  await findLead(deps.prisma, input.leadId);
  const where = { leadId: input.leadId, dealModelId: input.deal_model };
  return paginate(
    input,
    () => deps.prisma.idmEvaluation.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.idmEvaluation.findMany({
        where,
        orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
        skip,
        take,
      });
      return rows.map(idmEvaluationViewOf);
    },
  );
}
