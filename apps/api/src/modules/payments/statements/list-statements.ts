import type { PaymentStatement, PaymentStatementListQuery } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import { statementView, withoutFile } from './statement-view.ts';

const columns = { id: 'id', created_at: 'createdAt' } as const;

/** GET /payments/statements/ (our addition, docs/decisions/0047): every statement import, newest first by default, paged. */
export async function listStatements(deps: Pick<Deps, 'prisma'>, _actor: StaffActor, query: PaymentStatementListQuery): Promise<ResultPage<PaymentStatement>> {
  const orderBy = [...query.ordering.map(({ field, direction }) => ({ [columns[field]]: direction })), { id: 'desc' as const }];
  return paginate(
    query,
    () => deps.prisma.paymentStatement.count(),
    async ({ skip, take }) => (await deps.prisma.paymentStatement.findMany({ ...withoutFile, orderBy, skip, take })).map((row) => statementView(row)),
  );
}
