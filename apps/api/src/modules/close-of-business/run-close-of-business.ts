import { closeOfBusinessMessages, isoDayInput, type CloseOfBusinessRun } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { addDays, daysFromTo, today } from '../../domain/dates.ts';
import { invalid } from '../../domain/errors.ts';
import { closeBusinessDate, latestClosedDate, type CloseDeps } from './close-business-date.ts';

/** Staff may close again at most this far back (a year of dates to roll forward is plenty). */
const MAX_DAYS_BACK = 366;

/** Refuses a business date that has not ended yet, or lies beyond what staff may redo. */
function checkBusinessDate(day: string, todayDate: string): void {
  const parsed = isoDayInput.safeParse(day);
  if (!parsed.success) throw invalid({ business_date: parsed.error.issues.map((issue) => issue.message) });
  if (day > todayDate) throw invalid({ business_date: [closeOfBusinessMessages.future] });
  if (day < addDays(todayDate, -MAX_DAYS_BACK)) throw invalid({ business_date: [closeOfBusinessMessages.tooOld] });
}

/**
 * The close of business asked for by staff (POST /close-of-business/), an operator (the CLI) or
 * the demo seed, for `businessDate`:
 * - later than the last closed date: every date after it up to `businessDate` is closed, in
 *   order (the missed days are caught up, as the job would);
 * - the last closed date or an earlier one: that date is closed again, and then the last
 *   closed date too, so the deals end as of the latest business date (their DPD and breaches
 *   never step back in time);
 * - nothing closed yet: just that date.
 * Each date commits on its own; the last one's transaction audits the call. Today may be closed
 * before it ends (the nightly job closes it again after midnight).
 */
export async function runCloseOfBusiness(deps: CloseDeps, actor: Actor, input: { businessDate: string }): Promise<CloseOfBusinessRun[]> {
  checkBusinessDate(input.businessDate, today(deps));
  const trigger = actor.kind === 'staff' ? 'STAFF' : 'CLI';
  const latest = await latestClosedDate(deps);
  const day = input.businessDate;
  const dates = latest === null ? [day] : day > latest ? daysFromTo(addDays(latest, 1), day) : day === latest ? [day] : [day, latest];
  const runs: CloseOfBusinessRun[] = [];
  for (const [i, date] of dates.entries()) {
    const audit = i === dates.length - 1 ? { actor, businessDate: day, dates } : undefined;
    runs.push((await closeBusinessDate(deps, date, trigger, { audit }))!);
  }
  return runs;
}
