import { reportingMessages, type CncbBatchView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { cncbBatchJob } from '../../jobs/definitions/reporting/cncb-batch.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { viewOf } from './cncb-batch-view.ts';

/**
 * POST /reporting/repi/{id}/repi-report/ (docs/decisions/0050): asks for the batch's
 * repayment-information part (REPI), written by the batch's job as of the batch's as_of. The
 * batch must be DONE. While the part is queued or being written the batch is answered as it is
 * (a retried POST); once written (or failed) a POST writes it again. Audited when it queues.
 */
export async function createRepiReport(deps: Pick<Deps, 'prisma'>, actor: Actor, input: { id: number }): Promise<CncbBatchView> {
  const batch = await deps.prisma.$transaction(async (tx) => {
    // The row locked: two POSTs at once queue the part once.
    const [row] = await tx.$queryRaw<{ state: string; repi_state: string | null }[]>`
      SELECT state::text AS state, repi_state::text AS repi_state FROM cncb_batches WHERE id = ${input.id} FOR UPDATE`;
    if (!row) throw notFound(reportingMessages.batchNotFound);
    if (row.state !== 'DONE') throw conflict(reportingMessages.batchNotReady, { state: row.state });
    if (row.repi_state === 'QUEUED' || row.repi_state === 'RUNNING') return tx.cncbBatch.findUniqueOrThrow({ where: { id: input.id } });
    const queued = await tx.cncbBatch.update({ where: { id: input.id }, data: { repiState: 'QUEUED' } });
    await cncbBatchJob.enqueue(tx, { batch_id: input.id, part: 'repi' });
    await recordAudit(tx, actor, { action: 'cncb-batch.repi-report', entity: 'CncbBatch', entityId: input.id, changes: { repi_state: { from: row.repi_state, to: 'QUEUED' } } });
    return queued;
  });
  return viewOf(deps, batch);
}
