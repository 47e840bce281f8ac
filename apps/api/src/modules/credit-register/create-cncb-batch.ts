import { reportingMessages, type CncbBatchRequest, type CncbBatchView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { staffIdOf, type Actor } from '../../domain/actor.ts';
import { dbDate, today } from '../../domain/dates.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import { cncbBatchJob } from '../../jobs/definitions/reporting/cncb-batch.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { czechDate, monthBounds, monthOf, previousMonth, viewOf } from './cncb-batch-view.ts';

/**
 * POST /reporting/cncb/batch/ (docs/decisions/0050): a batch for `period` (YYYY-MM; by default
 * the last month in Prague), which must have ended and whose last day the close of business has
 * closed (the month's DPD, penalty interest and breaches are then final). A batch of the period
 * still QUEUED or RUNNING is answered instead of a second one (a retried POST); otherwise the
 * batch row and its job are stored in one transaction, audited.
 */
export async function createCncbBatch(deps: Pick<Deps, 'prisma' | 'now'>, actor: Actor, input: CncbBatchRequest): Promise<CncbBatchView> {
  const current = monthOf(today(deps));
  const period = input.period ?? previousMonth(current);
  if (period >= current) throw invalid({ period: [reportingMessages.periodInFuture] });
  const { first, last } = monthBounds(period);
  const closed = await deps.prisma.closeOfBusiness.findUnique({ where: { businessDate: dbDate(last) }, select: { finishedAt: true } });
  if (!closed?.finishedAt) throw conflict(reportingMessages.periodNotClosed(czechDate(last)));

  const batch = await deps.prisma.$transaction(async (tx) => {
    // One request per period at a time: two POSTs at once find or make one batch.
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`lending:cncb-batch:${period}`}, 0))::text`;
    const pending = await tx.cncbBatch.findFirst({ where: { period: dbDate(first), state: { in: ['QUEUED', 'RUNNING'] } }, orderBy: { id: 'desc' } });
    if (pending) return pending;
    const created = await tx.cncbBatch.create({ data: { period: dbDate(first), asOf: dbDate(last), createdById: staffIdOf(actor) } });
    await cncbBatchJob.enqueue(tx, { batch_id: created.id, part: 'batch' });
    await recordAudit(tx, actor, { action: 'cncb-batch.create', entity: 'CncbBatch', entityId: created.id, changes: { period, as_of: last } });
    return created;
  });
  return viewOf(deps, batch);
}
