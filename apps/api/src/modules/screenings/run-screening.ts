import type { RunScreeningRequest, ScreeningDetail } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { runScreeningJob } from '../../jobs/definitions/screenings/run-screening.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findScreenedPerson } from './find-screening.ts';
import { requesterEmails, screeningPersonOf, toDetail } from './screening-view.ts';

export const runScreeningMessages = {
  alreadyRunning: 'Prověrka tohoto druhu u osoby právě probíhá. Počkejte na její výsledek.',
} as const;

/**
 * POST /persons/{personId}/screenings/: stores a screening of the person (PENDING) and queues its job in the same transaction, then
 * answers at once. A screening of the same type still waiting or running is not queued twice
 * (a conflict naming it).
 */
export async function runScreening(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; screening: RunScreeningRequest }): Promise<ScreeningDetail> {
  const { personId } = input;
  const { type } = input.screening;
  const person = await findScreenedPerson(deps, personId);
  const screening = await deps.prisma.$transaction(async (tx) => {
    // Two clicks at once: the person's row lock lets only one of them queue.
    await tx.$queryRaw`SELECT id FROM persons WHERE id = ${personId} FOR UPDATE`;
    const running = await tx.screening.findFirst({ where: { personId, type, state: { in: ['PENDING', 'IN_PROGRESS'] } }, select: { id: true } });
    if (running) throw conflict(runScreeningMessages.alreadyRunning, { screening_id: running.id });
    const created = await tx.screening.create({ data: { personId, type, requestedById: actor.staffId, state: 'PENDING' } });
    await runScreeningJob.enqueue(tx, { screening_id: created.id });
    await recordAudit(tx, actor, { action: 'screening.run', entity: 'Screening', entityId: created.id, changes: { person_id: personId, type } });
    return created;
  });
  return toDetail(screening, screeningPersonOf(person), await requesterEmails(deps, [screening]));
}
