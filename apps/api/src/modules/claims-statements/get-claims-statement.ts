import { claimsStatementMessages, type ClaimsStatement } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { statementInclude, toClaimsStatement } from './claims-statement-view.ts';

/** GET /deals/{dealId}/claims-statements/{id}/ */
export async function getClaimsStatement(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<ClaimsStatement> {
  const statement = await deps.prisma.claimsStatement.findFirst({ where: { id: input.id, dealId: input.dealId }, include: statementInclude });
  if (!statement) throw notFound(claimsStatementMessages.notFound);
  return toClaimsStatement(statement);
}
