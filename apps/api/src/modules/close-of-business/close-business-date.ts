import type { CloseOfBusinessRun, CloseOfBusinessStats, CloseOfBusinessTrigger } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { applyDealCredit, bringDealsToDate, lockForCloseOfBusiness } from '../servicing/index.ts';
import { settlePromisesToPay } from '../collections/settle-promises.ts';
import { alertNewBreaches } from '../notices/alert-new-breaches.ts';
import { queueLadderNotices } from '../notices/queue-ladder-notices.ts';
import { snapshotPortfolio } from '../reporting/snapshot-portfolio.ts';
import { closeOfBusinessRunView } from './close-of-business-view.ts';

// `config` (the app's and the job's deps) lets the close alert staff on Slack; the seed closes without it.
export type CloseDeps = Pick<Deps, 'prisma' | 'now' | 'logger'> & Partial<Pick<Deps, 'config'>>;

// One business date is closed in one transaction: its effects, its close_of_business row and the
// run's own row commit together or not at all. 150,000 deals take well under this (bench:deals).
const TRANSACTION_TIMEOUT_MS = 60 * 60_000;

/** The latest business date closed, or null before the first close. */
export async function latestClosedDate(deps: Pick<Deps, 'prisma'>): Promise<string | null> {
  const latest = await deps.prisma.closeOfBusiness.findFirst({ orderBy: { businessDate: 'desc' }, select: { businessDate: true } });
  return latest ? latest.businessDate.toISOString().slice(0, 10) : null;
}

/**
 * Closes one business date over every deal, under the close-of-business lock, so two closes
 * never run at once: the second waits and, for the same date, finds nothing left to change.
 * `onlyIfOpen` (catching up) skips a date closed meanwhile. `audit` records the call in the
 * same transaction.
 */
export async function closeBusinessDate(
  deps: CloseDeps,
  day: string,
  trigger: CloseOfBusinessTrigger,
  options: { onlyIfOpen?: boolean; audit?: { actor: Actor; businessDate: string; dates: string[] } } = {},
): Promise<CloseOfBusinessRun | null> {
  return deps.prisma.$transaction(
    async (tx) => {
      await lockForCloseOfBusiness(tx);
      if (options.onlyIfOpen && (await tx.closeOfBusiness.count({ where: { businessDate: dbDate(day) } }))) return null;
      const startedAt = deps.now();
      const clock = performance.now();
      // Credit first, so what it pays on the day is not counted overdue.
      const creditDeals = await applyDealCredit(tx, day);
      const figures = await bringDealsToDate(tx, day, 'all');
      // The ladder reads the DPD and breaches just brought to the date (docs/decisions/0048).
      const collections = { ...(await queueLadderNotices(tx, day)), ...(await settlePromisesToPay(tx, day)) };
      if (deps.config) await alertNewBreaches({ config: deps.config }, tx, day);
      // The day's portfolio figures, from what the close just brought to the date (docs/decisions/0049).
      await snapshotPortfolio(tx, day);
      const stats: Omit<CloseOfBusinessStats, 'runs'> = { trigger, duration_ms: Math.round(performance.now() - clock), ...figures, deals_credit_used: creditDeals, collections };
      const [row] = await tx.$queryRaw<{ business_date: Date; started_at: Date; finished_at: Date | null; stats: CloseOfBusinessStats }[]>`
        INSERT INTO close_of_business (business_date, started_at, finished_at, stats)
        VALUES (${day}::date, ${startedAt}, ${deps.now()}, ${JSON.stringify({ ...stats, runs: 1 })}::jsonb)
        ON CONFLICT (business_date) DO UPDATE
          SET started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at,
              stats = EXCLUDED.stats || jsonb_build_object('runs', coalesce((close_of_business.stats->>'runs')::int, 0) + 1)
        RETURNING business_date, started_at, finished_at, stats`;
      // This run with its own figures (the date's row above keeps only the latest).
      const [run] = await tx.$queryRaw<{ id: number; business_date: Date; started_at: Date; finished_at: Date | null; stats: CloseOfBusinessStats }[]>`
        INSERT INTO close_of_business_runs (business_date, started_at, finished_at, stats)
        VALUES (${row!.business_date}, ${row!.started_at}, ${row!.finished_at}, ${JSON.stringify(row!.stats)}::jsonb)
        RETURNING id, business_date, started_at, finished_at, stats`;
      if (options.audit) {
        await recordAudit(tx, options.audit.actor, {
          action: 'close-of-business.run',
          entity: 'CloseOfBusiness',
          entityId: options.audit.businessDate,
          changes: { business_date: options.audit.businessDate, closed_dates: options.audit.dates },
        });
      }
      deps.logger.info({ component: 'close-of-business', businessDate: day, ...stats }, 'business date closed');
      return closeOfBusinessRunView({ id: run!.id, businessDate: run!.business_date, startedAt: run!.started_at, finishedAt: run!.finished_at, stats: run!.stats });
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 30_000 },
  );
}
