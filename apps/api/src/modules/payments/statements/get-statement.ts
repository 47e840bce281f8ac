import { paymentMessages, type PaymentStatement } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { notFound } from '../../../domain/errors.ts';
import { statementView, withoutFile } from './statement-view.ts';

/** GET /payments/statements/{id}/: an import's progress, polled by staff while the job runs. */
export async function getStatement(deps: Pick<Deps, 'prisma'>, _actor: StaffActor, input: { id: number }): Promise<PaymentStatement> {
  const row = await deps.prisma.paymentStatement.findUnique({ where: { id: input.id }, ...withoutFile });
  if (!row) throw notFound(paymentMessages.statementNotFound);
  return statementView(row);
}
