import type { ScreeningType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

// The business side of running a screening as a job: the row says PENDING while it waits,
// IN_PROGRESS while a run works on it, FINISHED or FAILED at the end. `attempts` counts the runs
// and doubles as the fence: only the run whose number the row holds may write its outcome, so
// a run abandoned after its time-out (still busy in the background) can never finish a
// screening a later run took over.

/** One run of a screening's job. */
export interface ScreeningRun {
  id: number;
  personId: number;
  type: ScreeningType;
  requestedById: number | null;
  createdAt: Date;
  /** This run's number, from 1 (the queue's attempt). */
  attempt: number;
}

/** The run may no longer write: a later run took the screening over, or it is gone. */
export class RunSuperseded extends Error {
  readonly screeningId: number;
  constructor(screeningId: number) {
    super(`screening ${screeningId}: another run took it over`);
    this.name = 'RunSuperseded';
    this.screeningId = screeningId;
  }
}

const waiting = () => ({ in: ['PENDING' as const, 'IN_PROGRESS' as const] });

/**
 * Marks the screening IN_PROGRESS for run `attempt`. Null when there is nothing to run: it
 * already finished or failed, or was deleted with its person.
 */
export async function startScreeningRun(deps: Pick<Deps, 'prisma'>, screeningId: number, attempt: number): Promise<ScreeningRun | null> {
  const { count } = await deps.prisma.screening.updateMany({ where: { id: screeningId, state: waiting() }, data: { state: 'IN_PROGRESS', attempts: attempt } });
  if (count === 0) return null;
  const s = await deps.prisma.screening.findUnique({ where: { id: screeningId } });
  return s && { id: s.id, personId: s.personId, type: s.type, requestedById: s.requestedById, createdAt: s.createdAt, attempt };
}

const held = (run: ScreeningRun) => ({ id: run.id, state: 'IN_PROGRESS' as const, attempts: run.attempt });

/**
 * Locks the row of a run about to write its outcome, inside that write's transaction; throws
 * RunSuperseded unless this run still holds it.
 */
export async function lockHeldScreening(tx: Pick<Prisma.TransactionClient, '$queryRaw'>, run: ScreeningRun): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM screenings WHERE id = ${run.id} AND state = 'IN_PROGRESS' AND attempts = ${run.attempt} FOR UPDATE`;
  if (rows.length !== 1) throw new RunSuperseded(run.id);
}

/** The run ended without an outcome and the queue will try again: the screening waits again. */
export async function returnScreeningToQueue(deps: Pick<Deps, 'prisma'>, run: ScreeningRun): Promise<void> {
  await deps.prisma.screening.updateMany({ where: held(run), data: { state: 'PENDING' } });
}

/** Ends the screening as FAILED with a Czech reason for staff. */
export async function failScreeningRun(deps: Pick<Deps, 'prisma' | 'now'>, run: ScreeningRun, error: string): Promise<void> {
  await deps.prisma.screening.updateMany({ where: { id: run.id, state: waiting(), attempts: run.attempt }, data: { state: 'FAILED', error, finishedAt: deps.now() } });
}
