import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { creditRegisterMessages, monthOf, type BatchFiles } from './cncb-batch-view.ts';
import { dealLine, LAYOUT_VERSION, MEMBER_ID, personLine } from './layout.ts';
import { writePart } from './register-file.ts';
import { inSnapshot } from './register-rows.ts';

export type WriteDeps = Pick<Deps, 'prisma' | 'pool' | 'config' | 'now' | 'logger'>;

/**
 * The job's work for a batch (docs/decisions/0050): the deals file (one record per reported
 * contract created by the batch's as_of, refused applications included) and the persons file
 * (one record per person in each of them), both read in one snapshot as of as_of and streamed
 * to the storage in UTF-8 (`credit-register/<id>/deals.txt`, `persons.txt`), with their size,
 * SHA-256 and record counts kept on the batch. A batch already DONE is left alone; a retry
 * writes both files again. A failure marks the batch FAILED with a Czech reason; before the
 * last attempt the reason says it will be tried again and the error is rethrown for the queue's
 * retry, on the last one the job ends there.
 */
export async function writeCncbBatch(deps: WriteDeps, _actor: Actor, input: { batchId: number; attempt: number; attempts: number; pageSize?: number }): Promise<void> {
  const claimed = await deps.prisma.cncbBatch.updateManyAndReturn({
    where: { id: input.batchId, state: { in: ['QUEUED', 'RUNNING', 'FAILED'] } },
    data: { state: 'RUNNING', startedAt: deps.now(), error: null },
  });
  const batch = claimed[0];
  if (!batch) return;
  const asOf = fromDbDate(batch.asOf);
  const period = monthOf(fromDbDate(batch.period));
  try {
    const storage = storageFor(deps);
    const createdAt = deps.now();
    const written = await inSnapshot(
      deps.pool,
      asOf,
      async (snapshot) => {
        const counts = await snapshot.counts();
        const deals = await writePart(storage, batch.id, { part: 'deals', period, asOf, createdAt, records: counts.deals }, snapshot.deals(), dealLine);
        const persons = await writePart(storage, batch.id, { part: 'persons', period, asOf, createdAt, records: counts.persons }, snapshot.persons(), personLine);
        return { counts, deals, persons };
      },
      input.pageSize,
    );
    const files: BatchFiles = { ...((batch.files ?? {}) as BatchFiles), deals: written.deals, persons: written.persons };
    const { byPhase } = written.counts;
    await deps.prisma.cncbBatch.update({
      where: { id: batch.id },
      data: {
        state: 'DONE',
        deals: written.deals.records,
        persons: written.persons.records,
        files: files as unknown as Prisma.InputJsonValue,
        metadata: {
          member_id: MEMBER_ID,
          layout: LAYOUT_VERSION,
          requests: byPhase.REQUEST,
          refused: byPhase.REFUSED,
          active: byPhase.ACTIVE,
          closed: byPhase.CLOSED,
        },
        error: null,
        finishedAt: deps.now(),
      },
      select: { id: true },
    });
  } catch (error) {
    const final = input.attempt >= input.attempts;
    deps.logger.error({ err: error, component: 'job', job: 'reporting.cncb-batch', batchId: batch.id, attempt: input.attempt }, 'credit-register batch failed');
    await deps.prisma.cncbBatch.update({
      where: { id: batch.id },
      data: { state: 'FAILED', error: final ? creditRegisterMessages.batchFailed : creditRegisterMessages.batchRetrying(input.attempt, input.attempts), finishedAt: deps.now() },
      select: { id: true },
    });
    if (!final) throw error;
  }
}
