import { addDays, dbDate } from '../../domain/dates.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { addressNotices } from './queue-ladder-notices.ts';

export const LTV_NOTICE_TITLE = 'Upozornění na pokles hodnoty zajištění';
/** Days the letter gives the debtor to add security or pay extra. */
const LTV_DEADLINE_DAYS = 30;

/**
 * A realty group's evaluation found the loan-to-value over its limit (ADR 0028): the deal gets a
 * prepared notice group of its own (no ladder step; staff send it), addressed as the ladder
 * addresses, with the evaluation's reasons as its note. One prepared LTV group per deal at a time:
 * a later evaluation replaces its note and date instead of adding another.
 */
export async function queueLtvNotice(tx: Prisma.TransactionClient, input: { dealId: number; date: string; reasons: string }): Promise<number> {
  const note = `Poměr výše úvěru k hodnotě zajištění překročil smluvní limit. ${input.reasons} Žádáme Vás o doplnění zajištění nebo mimořádnou splátku jistiny.`;
  const existing = await tx.noticeGroup.findFirst({ where: { dealId: input.dealId, state: 'PREPARED', title: LTV_NOTICE_TITLE }, select: { id: true } });
  if (existing) {
    await tx.noticeGroup.update({ where: { id: existing.id }, data: { note, date: dbDate(input.date), deadline: dbDate(addDays(input.date, LTV_DEADLINE_DAYS)) } });
    return existing.id;
  }
  const group = await tx.noticeGroup.create({
    data: {
      dealId: input.dealId,
      noticeType: 'OTHER',
      title: LTV_NOTICE_TITLE,
      date: dbDate(input.date),
      deadline: dbDate(addDays(input.date, LTV_DEADLINE_DAYS)),
      channels: ['EMAIL', 'MAIL'],
      note,
    },
  });
  await tx.$queryRaw`
    WITH new_groups AS (SELECT id, deal_id, channels FROM notice_groups WHERE id = ${group.id}),
    ${addressNotices(Prisma.empty)}
    SELECT count(*)::int AS notices FROM new_notices`;
  return group.id;
}
