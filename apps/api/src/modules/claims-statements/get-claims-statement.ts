import { claimsStatementMessages, type ClaimsStatement } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { statementInclude, toClaimsStatement } from './claims-statement-view.ts';

/** GET /deals/{dealId}/claims-statements/{id}/ */
export async function getClaimsStatement(deps: Pick<Deps, 'prisma'>, dealId: number, id: number): Promise<ClaimsStatement> {
  const statement = await deps.prisma.claimsStatement.findFirst({ where: { id, dealId }, include: statementInclude });
  if (!statement) throw notFound(claimsStatementMessages.notFound);
  return toClaimsStatement(statement);
}
