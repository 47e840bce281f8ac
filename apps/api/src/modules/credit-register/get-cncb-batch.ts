import { reportingMessages, type CncbBatchView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { viewOf } from './cncb-batch-view.ts';

/** GET /reporting/cncb/batch/{id}/: the batch with its progress, counts and error. */
export async function getCncbBatch(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<CncbBatchView> {
  const batch = await deps.prisma.cncbBatch.findUnique({ where: { id: input.id } });
  if (!batch) throw notFound(reportingMessages.batchNotFound);
  return viewOf(deps, batch);
}
