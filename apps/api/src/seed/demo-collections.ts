import type { Config } from '../config.ts';
import { systemActor, type StaffActor } from '../domain/actor.ts';
import { addDays, dbDate } from '../domain/dates.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { FileStorage } from '../integrations/storage/index.ts';
import { createLogger } from '../logger.ts';
import { closeBusinessDate } from '../modules/close-of-business/close-business-date.ts';
import { sendDueNoticeGroups } from '../modules/notices/send-due-notice-groups.ts';

/** Days of history the demo's close of business replays, so the ladder climbs as it would have. */
export const LADDER_DAYS = 63;
/**
 * The history is closed once a week (and today): a close computes everything from the claims and
 * payments as of its date, so skipping days changes nothing but which days the ladder's steps
 * fall on, and nine closes of the book take seconds where sixty-three would take a minute.
 */
const CLOSE_EVERY_DAYS = 7;

/** How many month ends before the collections history the demo closes (the dashboard's 12-month trend). */
export const PORTFOLIO_MONTHS = 12;

/** The last days of the PORTFOLIO_MONTHS months before the month of `start`, oldest first. */
export function portfolioMonthEnds(start: string): string[] {
  const [year, month] = start.split('-').map(Number) as [number, number];
  // Day 0 of a month is the last day of the month before it.
  return Array.from({ length: PORTFOLIO_MONTHS }, (_, i) => new Date(Date.UTC(year, month - 1 - PORTFOLIO_MONTHS + i + 1, 0)).toISOString().slice(0, 10));
}

/**
 * The demo book's collections history, made by the product itself (docs/decisions/0048): the close
 * of business of the day LADDER_DAYS back, then the desk's calls and promises of the weeks after
 * it on deals then in arrears, then a business date a week up to today closed (the
 * ladder queues its notices and the closes keep or break the promises by the payments the
 * history holds), and the notices the daily job would have sent, sent through the sandbox
 * channels. Half of the deals in arrears are assigned to the demo collector.
 */
export async function seedCollectionsHistory(
  prisma: PrismaClient,
  input: { today: string; now: Date; actor: StaffActor; config: Config; storage: FileStorage; collectorEmail: string },
): Promise<{ groupsSent: number; notices: number; promises: number }> {
  const logger = createLogger('silent');
  const closeDeps = { prisma, now: () => input.now, logger };
  const start = addDays(input.today, -LADDER_DAYS);
  // A year of month ends closed first, in order: the daily portfolio snapshots the dashboard's
  // trend and the portfolio report read (docs/decisions/0049) come from the real close.
  for (const day of portfolioMonthEnds(start)) await closeBusinessDate(closeDeps, day, 'CLI');
  await closeBusinessDate(closeDeps, start, 'CLI');

  const collector = await prisma.staffUser.findUniqueOrThrow({ where: { email: input.collectorEmail } });
  const overdue = await prisma.deal.findMany({ where: { daysPastDue: { gt: 0 }, state: 'ACTIVE' }, orderBy: { id: 'asc' }, select: { id: true, participants: { where: { role: { in: ['BORROWER', 'DEBTOR'] } }, select: { personId: true }, take: 1 } }, take: 16 });
  let promises = 0;
  for (const [i, deal] of overdue.entries()) {
    const callDay = addDays(start, 3 + (i % 10));
    const calledAt = new Date(`${callDay}T09:${String(10 + i).padStart(2, '0')}:00+01:00`);
    const reached = i % 4 !== 3;
    const call = await prisma.collectionCall.create({
      data: {
        dealId: deal.id,
        personId: deal.participants[0]?.personId ?? null,
        calledAt,
        outcome: reached ? 'REACHED' : 'NOT_REACHED',
        note: reached ? 'Dlužník potvrdil, že o dluhu ví; slíbil uhradit dlužnou splátku.' : 'Nedovoláno, zkusit znovu za týden.',
        nextActionOn: dbDate(addDays(callDay, 7)),
        createdById: collector.id,
      },
    });
    if (reached) {
      // What the deal owed on the day of the call: the promise is to pay it within a week.
      const [owed] = await prisma.$queryRaw<{ amount: string | null }[]>`
        SELECT sum(amount - paid_amount)::text AS amount FROM claims
         WHERE deal_id = ${deal.id} AND cancelled_at IS NULL AND due_date < ${callDay}::date AND paid_amount < amount AND type <> 'PENALTY_INTEREST'`;
      const amount = owed?.amount && Number(owed.amount) > 0 ? owed.amount : '1000.00';
      await prisma.promiseToPay.create({ data: { dealId: deal.id, callId: call.id, madeOn: dbDate(callDay), promisedOn: dbDate(addDays(callDay, 7)), amount, createdById: collector.id } });
      promises++;
    }
  }
  for (let day = addDays(start, CLOSE_EVERY_DAYS); day < input.today; day = addDays(day, CLOSE_EVERY_DAYS)) await closeBusinessDate(closeDeps, day, 'CLI');
  await closeBusinessDate(closeDeps, input.today, 'CLI');
  const sent = await sendDueNoticeGroups({ ...closeDeps, config: input.config, storage: input.storage }, systemActor('demo seed'), { today: input.today });
  await prisma.$executeRaw`
    UPDATE deals SET collector_id = ${collector.id}
     WHERE id IN (SELECT id FROM deals WHERE state = 'ACTIVE' AND days_past_due > 0 ORDER BY id) AND id % 2 = 0`;
  return { groupsSent: sent.sent, notices: sent.notices, promises };
}
