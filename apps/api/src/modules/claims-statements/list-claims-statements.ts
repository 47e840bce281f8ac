import type { ClaimsStatement, ClaimsStatementListQuery, ClaimsStatementOrderingField } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { requireDeal, statementInclude, toClaimsStatement } from './claims-statement-view.ts';

const columns = { id: 'id', as_of: 'asOf', state: 'state', created_at: 'createdAt' } as const satisfies Record<ClaimsStatementOrderingField, string>;

/** GET /deals/{dealId}/claims-statements/: the deal's statements, paged. */
export async function listClaimsStatements(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: ClaimsStatementListQuery & { dealId: number },
): Promise<ResultPage<ClaimsStatement>> {
  await requireDeal(deps.prisma, input.dealId);
  const where = { dealId: input.dealId, ...(input.state ? { state: input.state } : {}) };
  return paginate(
    input,
    () => deps.prisma.claimsStatement.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.claimsStatement.findMany({
        where,
        include: statementInclude,
        orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toClaimsStatement);
    },
  );
}
