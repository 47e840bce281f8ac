import type { CloseOfBusinessRun } from '@lending/contracts';
import type { SystemActor } from '../../domain/actor.ts';
import { addDays, businessDateOf, daysFromTo } from '../../domain/dates.ts';
import { closeBusinessDate, latestClosedDate, type CloseDeps } from './close-business-date.ts';

/**
 * The nightly job: closes every business date after the last closed one up to `through`, in
 * order (after downtime, each missed date). With nothing closed yet it closes `through` alone:
 * penalty interest and DPD are computed from the claims themselves, so the first close needs
 * no history. A date another run closed meanwhile is skipped.
 */
export async function catchUpCloseOfBusiness(deps: CloseDeps, _actor: SystemActor, input: { through: string }): Promise<CloseOfBusinessRun[]> {
  const latest = await latestClosedDate(deps);
  if (latest !== null && latest >= input.through) return [];
  const dates = latest === null ? [input.through] : daysFromTo(addDays(latest, 1), input.through);
  const runs: CloseOfBusinessRun[] = [];
  for (const date of dates) {
    const run = await closeBusinessDate(deps, date, 'JOB', { onlyIfOpen: true });
    if (run) runs.push(run);
  }
  return runs;
}

/**
 * The business date a close of business run at `instant` closes: the Prague day before it. The
 * job runs after midnight in Prague, so yesterday is whole: every payment of it booked.
 */
export function dateToCloseAt(instant: Date): string {
  return addDays(businessDateOf(instant), -1);
}
