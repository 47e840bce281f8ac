import { closeOfBusinessMessages, isoDayInput, type CloseOfBusinessRun, type CloseOfBusinessStats, type CloseOfBusinessTrigger } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { recordStaffAudit, type StaffActor } from '../audit/record-staff-audit.ts';
import { applyDealCredit } from '../servicing/index.ts';
import { addDays, businessDateOf, daysFromTo } from '../../domain/dates.ts';
import { bringDealsToDate, lockForCloseOfBusiness } from '../servicing/index.ts';
import { closeOfBusinessRunView } from './close-of-business-view.ts';

type CloseDeps = Pick<Deps, 'prisma' | 'now' | 'logger'>;

// One business date is closed in one transaction: its effects and its close_of_business row
// commit together or not at all. 150,000 deals take well under this (bench:deals).
const TRANSACTION_TIMEOUT_MS = 60 * 60_000;
/** Staff may close again at most this far back (a year of dates to roll forward is plenty). */
const MAX_DAYS_BACK = 366;

async function latestClosedDate(deps: Pick<Deps, 'prisma'>): Promise<string | null> {
  const latest = await deps.prisma.closeOfBusiness.findFirst({ orderBy: { businessDate: 'desc' }, select: { businessDate: true } });
  return latest ? latest.businessDate.toISOString().slice(0, 10) : null;
}

/**
 * Closes one business date over every deal, under the close-of-business lock, so two closes
 * never run at once: the second waits and, for the same date, finds nothing left to change.
 * `onlyIfOpen` (catching up) skips a date closed meanwhile. `audit` records the staff call in
 * the same transaction.
 */
export async function closeBusinessDate(
  deps: CloseDeps,
  day: string,
  trigger: CloseOfBusinessTrigger,
  options: { onlyIfOpen?: boolean; audit?: { actor: StaffActor; businessDate: string; dates: string[] } } = {},
): Promise<CloseOfBusinessRun | null> {
  return deps.prisma.$transaction(
    async (tx) => {
      await lockForCloseOfBusiness(tx);
      if (options.onlyIfOpen && (await tx.closeOfBusiness.count({ where: { businessDate: new Date(`${day}T00:00:00Z`) } }))) return null;
      const startedAt = deps.now();
      const clock = performance.now();
      // Credit first, so what it pays on the day is not counted overdue.
      const creditDeals = await applyDealCredit(tx, day);
      const figures = await bringDealsToDate(tx, day, 'all');
      const stats: Omit<CloseOfBusinessStats, 'runs'> = { trigger, duration_ms: Math.round(performance.now() - clock), ...figures, deals_credit_used: creditDeals };
      const [row] = await tx.$queryRaw<{ business_date: Date; started_at: Date; finished_at: Date | null; stats: CloseOfBusinessStats }[]>`
        INSERT INTO close_of_business (business_date, started_at, finished_at, stats)
        VALUES (${day}::date, ${startedAt}, ${deps.now()}, ${JSON.stringify({ ...stats, runs: 1 })}::jsonb)
        ON CONFLICT (business_date) DO UPDATE
          SET started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at,
              stats = EXCLUDED.stats || jsonb_build_object('runs', coalesce((close_of_business.stats->>'runs')::int, 0) + 1)
        RETURNING business_date, started_at, finished_at, stats`;
      if (options.audit) {
        await recordStaffAudit(tx, options.audit.actor, {
          action: 'close-of-business.run',
          entity: 'CloseOfBusiness',
          entityId: options.audit.businessDate,
          changes: { business_date: options.audit.businessDate, closed_dates: options.audit.dates },
        });
      }
      deps.logger.info({ component: 'close-of-business', businessDate: day, ...stats }, 'business date closed');
      return closeOfBusinessRunView({ businessDate: row!.business_date, startedAt: row!.started_at, finishedAt: row!.finished_at, stats: row!.stats });
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 30_000 },
  );
}

/** Refuses a business date that has not ended yet, or lies beyond what staff may redo. */
export function checkBusinessDate(day: string, now: Date): void {
  const parsed = isoDayInput.safeParse(day);
  if (!parsed.success) throw badRequest({ business_date: parsed.error.issues.map((issue) => issue.message) });
  const today = businessDateOf(now);
  if (day > today) throw badRequest({ business_date: [closeOfBusinessMessages.future] });
  if (day < addDays(today, -MAX_DAYS_BACK)) throw badRequest({ business_date: [closeOfBusinessMessages.tooOld] });
}

/**
 * The close of business asked for by staff or an operator, for `businessDate`:
 * - later than the last closed date: every date after it up to `businessDate` is closed, in
 *   order (the missed days are caught up, as the job would);
 * - the last closed date or an earlier one: that date is closed again, and then the last
 *   closed date too, so the deals end as of the latest business date (their DPD and breaches
 *   never step back in time);
 * - nothing closed yet: just that date.
 * Each date commits on its own. Today may be closed before it ends (the nightly job closes it
 * again after midnight).
 */
export async function runCloseOfBusiness(
  deps: CloseDeps,
  request: { businessDate: string; trigger: Exclude<CloseOfBusinessTrigger, 'JOB'>; actor?: StaffActor },
): Promise<CloseOfBusinessRun[]> {
  checkBusinessDate(request.businessDate, deps.now());
  const latest = await latestClosedDate(deps);
  const day = request.businessDate;
  const dates = latest === null ? [day] : day > latest ? daysFromTo(addDays(latest, 1), day) : day === latest ? [day] : [day, latest];
  const runs: CloseOfBusinessRun[] = [];
  for (const [i, date] of dates.entries()) {
    const audit = request.actor && i === dates.length - 1 ? { actor: request.actor, businessDate: day, dates } : undefined;
    runs.push((await closeBusinessDate(deps, date, request.trigger, { audit }))!);
  }
  return runs;
}

/**
 * The nightly job: closes every business date after the last closed one up to `through`, in
 * order (after downtime, each missed date). With nothing closed yet it closes `through` alone:
 * penalty interest and DPD are computed from the claims themselves, so the first close needs
 * no history. A date another run closed meanwhile is skipped.
 */
export async function catchUpCloseOfBusiness(deps: CloseDeps, through: string): Promise<CloseOfBusinessRun[]> {
  const latest = await latestClosedDate(deps);
  if (latest !== null && latest >= through) return [];
  const dates = latest === null ? [through] : daysFromTo(addDays(latest, 1), through);
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
