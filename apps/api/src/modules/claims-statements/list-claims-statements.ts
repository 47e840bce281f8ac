import type { ClaimsStatement, ClaimsStatementOrderingField, ClaimsStatementState } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { requireDeal, statementInclude, toClaimsStatement } from './claims-statement-view.ts';

const columns = { id: 'id', as_of: 'asOf', state: 'state', created_at: 'createdAt' } as const satisfies Record<ClaimsStatementOrderingField, string>;

export interface ClaimsStatementListQuery extends PageQuery {
  state?: ClaimsStatementState;
  ordering: { field: ClaimsStatementOrderingField; direction: 'asc' | 'desc' }[];
}

/** GET /deals/{dealId}/claims-statements/: the deal's statements, paged. */
export async function listClaimsStatements(deps: Pick<Deps, 'prisma'>, dealId: number, query: ClaimsStatementListQuery, listUrl: string): Promise<Page<ClaimsStatement>> {
  await requireDeal(deps.prisma, dealId);
  const where = { dealId, ...(query.state ? { state: query.state } : {}) };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.claimsStatement.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.claimsStatement.findMany({
        where,
        include: statementInclude,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toClaimsStatement);
    },
  );
}
