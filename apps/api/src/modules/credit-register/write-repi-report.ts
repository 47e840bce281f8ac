import type { Actor } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { creditRegisterMessages, monthOf } from './cncb-batch-view.ts';
import { repaymentLine } from './layout.ts';
import { writePart } from './register-file.ts';
import { inSnapshot } from './register-rows.ts';
import type { WriteDeps } from './write-cncb-batch.ts';

/**
 * The job's work for a batch's REPI part (docs/decisions/0050): one repayment record per
 * contract serviced in the batch's month (in force at its end, or closed during it), as of the
 * batch's as_of, streamed to `credit-register/<id>/repi.txt`. Runs only on a DONE batch whose
 * REPI part was asked for (repi_state QUEUED, or RUNNING/FAILED on a retry); failures as the
 * batch's own (writeCncbBatch), on repi_state.
 */
export async function writeRepiReport(deps: WriteDeps, _actor: Actor, input: { batchId: number; attempt: number; attempts: number; pageSize?: number }): Promise<void> {
  const claimed = await deps.prisma.cncbBatch.updateManyAndReturn({
    where: { id: input.batchId, state: 'DONE', repiState: { in: ['QUEUED', 'RUNNING', 'FAILED'] } },
    data: { repiState: 'RUNNING' },
  });
  const batch = claimed[0];
  if (!batch) return;
  const asOf = fromDbDate(batch.asOf);
  const period = monthOf(fromDbDate(batch.period));
  try {
    const createdAt = deps.now();
    const repi = await inSnapshot(
      deps.pool,
      asOf,
      async (snapshot) => {
        const counts = await snapshot.counts();
        return writePart(storageFor(deps), batch.id, { part: 'repi', period, asOf, createdAt, records: counts.serviced }, snapshot.repayments(), repaymentLine);
      },
      input.pageSize,
    );
    // Only this part's entries: the deals and persons parts stay as their job wrote them.
    await deps.prisma.$executeRaw`
      UPDATE cncb_batches
         SET repi_state = 'DONE', repayments = ${repi.records}, error = NULL,
             files = coalesce(files, '{}'::jsonb) || jsonb_build_object('repi', ${JSON.stringify(repi)}::jsonb),
             metadata = coalesce(metadata, '{}'::jsonb) || jsonb_build_object('repi_created_at', ${createdAt.toISOString()}::text)
       WHERE id = ${batch.id}`;
  } catch (error) {
    const final = input.attempt >= input.attempts;
    deps.logger.error({ err: error, component: 'job', job: 'reporting.cncb-batch', part: 'repi', batchId: batch.id, attempt: input.attempt }, 'credit-register REPI part failed');
    await deps.prisma.cncbBatch.update({
      where: { id: batch.id },
      data: { repiState: 'FAILED', error: final ? creditRegisterMessages.repiFailed : creditRegisterMessages.repiRetrying(input.attempt, input.attempts) },
      select: { id: true },
    });
    if (!final) throw error;
  }
}
