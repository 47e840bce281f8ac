import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaffActor } from '../../../test/fixtures/actors.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { setRepoRates } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, addObligation, createDeal, pay } from '../../../test/fixtures/deals.ts';
import { naturalPerson } from '../../../test/fixtures/persons.ts';
import { daysFromTo } from '../../domain/dates.ts';
import { closeBusinessDate } from '../close-of-business/close-business-date.ts';

// Known answers of the collections ladder (SERVICING.md §6, docs/decisions/0048), worked out by
// hand from the ladder's data: NON_PAYING steps at 5, 15, 45 and 91 days past due, each at least
// 0, 7, 14 and 30 days after the previous step's notice date; UNDELIVERED_* steps on the first
// day of the breach and 14 days later. A claim due 1 March is 5 days past due on 6 March.

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
  await setRepoRates(ctx.deps.prisma, { '2023-12-22': '6.75', '2024-06-28': '4.75', '2024-11-08': '4.00' });
});
afterEach(() => ctx.close());

const p = () => ctx.deps.prisma;
const closeDays = async (from: string, to: string) => {
  for (const day of daysFromTo(from, to)) await closeBusinessDate(ctx.deps, day, 'CLI');
};
const iso = (d: Date | null) => d && d.toISOString().slice(0, 10);

async function groupsOf(dealId: number) {
  const groups = await p().noticeGroup.findMany({ where: { dealId }, orderBy: { id: 'asc' }, include: { notices: { orderBy: [{ personId: 'asc' }, { channel: 'asc' }] } } });
  return groups.map((g) => ({
    step: g.stepCode,
    date: iso(g.date),
    deadline: iso(g.deadline),
    state: g.state,
    notices: g.notices.map((n) => `${n.personId === g.notices[0]?.personId ? 'debtor' : 'other'}:${n.channel}:${n.state}`),
  }));
}

let born = 0;
/** A birth date of its own, so each person's birth number is unique. */
const birthDate = () => `1980-01-${String(++born).padStart(2, '0')}`;

/** A debtor reachable by e-mail, SMS and post, and a co-debtor known only by address. */
async function overdueDeal(settings: ('DISABLE_NON_PAYING_NOTICE' | 'DISABLE_NOTARIAL_DEED_NOTICE')[] = []) {
  const debtor = await naturalPerson(p(), { firstName: 'Jana', lastName: 'Dvořáková', birthDate: birthDate(), sex: 'F', email: 'jana.dvorakova@example.cz', phoneE164: '+420601234567' });
  await p().personAddress.create({ data: { personId: debtor.id, type: 'PERMANENT', wholeAddress: 'Lipová 12, 602 00 Brno', street: 'Lipová', houseNumber: '12', city: 'Brno', zip: '60200' } });
  const coDebtor = await naturalPerson(p(), { firstName: 'Petr', lastName: 'Dvořák', birthDate: birthDate() });
  await p().personAddress.create({ data: { personId: coDebtor.id, type: 'CONTACT', wholeAddress: 'Nádražní 5, 370 01 České Budějovice' } });
  const deal = await createDeal(p(), {
    settings,
    participants: [
      { personId: debtor.id, role: 'BORROWER' },
      { personId: coDebtor.id, role: 'ACCESSORY_DEBTOR' },
    ],
  });
  const claim = await addClaim(p(), deal, { due: '2026-03-01', amount: '4500.00' });
  return { deal, claim };
}

describe('the payment ladder', () => {
  it('queues each step on its day, once, with one notice per addressee and channel', async () => {
    const { deal } = await overdueDeal();
    await closeDays('2026-03-01', '2026-06-05');
    // Closing the whole span again (a re-run, a catch-up) repeats nothing.
    await closeDays('2026-06-01', '2026-06-05');
    expect(await groupsOf(deal.id)).toEqual([
      { step: 'NON_PAYING_1', date: '2026-03-06', deadline: '2026-03-16', state: 'PREPARED', notices: ['debtor:EMAIL:PREPARED', 'debtor:SMS:PREPARED', 'other:MAIL:PREPARED'] },
      { step: 'NON_PAYING_2', date: '2026-03-16', deadline: '2026-03-26', state: 'PREPARED', notices: ['debtor:EMAIL:PREPARED', 'debtor:MAIL:PREPARED', 'other:MAIL:PREPARED'] },
      { step: 'NON_PAYING_3', date: '2026-04-15', deadline: '2026-05-15', state: 'PREPARED', notices: ['debtor:EMAIL:PREPARED', 'debtor:MAIL:PREPARED', 'other:MAIL:PREPARED'] },
      // 91 days past due on 31 May; 30 days after the call before acceleration had passed on 15 May.
      { step: 'NON_PAYING_4', date: '2026-05-31', deadline: '2026-06-15', state: 'PREPARED', notices: ['debtor:EMAIL:PREPARED', 'debtor:MAIL:PREPARED', 'other:MAIL:PREPARED'] },
    ]);
    const registered = await p().noticeGroup.findMany({ where: { dealId: deal.id, registered: true }, select: { stepCode: true }, orderBy: { id: 'asc' } });
    expect(registered.map((g) => g.stepCode)).toEqual(['NON_PAYING_3', 'NON_PAYING_4']);
  });

  it('a deal first seen far past due climbs one step at a time, each after its waiting time', async () => {
    const debtor = await naturalPerson(p(), { firstName: 'Karel', lastName: 'Novák', birthDate: birthDate(), email: 'karel.novak@example.cz' });
    const deal = await createDeal(p(), { participants: [{ personId: debtor.id, role: 'DEBTOR' }] });
    await addClaim(p(), deal, { due: '2025-10-01', amount: '9000.00' });
    await closeDays('2026-03-01', '2026-04-30');
    expect((await groupsOf(deal.id)).map((g) => [g.step, g.date])).toEqual([
      ['NON_PAYING_1', '2026-03-01'],
      ['NON_PAYING_2', '2026-03-08'],
      ['NON_PAYING_3', '2026-03-22'],
      ['NON_PAYING_4', '2026-04-21'],
    ]);
  });

  it('a delay that ends cancels what is prepared; the next delay starts the ladder again', async () => {
    const { deal, claim } = await overdueDeal();
    await closeDays('2026-03-01', '2026-03-20');
    await pay(p(), deal.id, '2026-03-21', [{ claimId: claim, amount: '4500.00' }]);
    await closeDays('2026-03-21', '2026-03-22');
    await addClaim(p(), deal, { due: '2026-04-01', amount: '4500.00' });
    await closeDays('2026-03-23', '2026-04-06');
    const groups = await p().noticeGroup.findMany({ where: { dealId: deal.id }, orderBy: { id: 'asc' }, include: { round: true } });
    expect(groups.map((g) => [g.stepCode, iso(g.date), g.state, g.cancelReason])).toEqual([
      ['NON_PAYING_1', '2026-03-06', 'CANCELLED', 'Dlužník už není v prodlení; připravené upomínky se neposílají.'],
      ['NON_PAYING_2', '2026-03-16', 'CANCELLED', 'Dlužník už není v prodlení; připravené upomínky se neposílají.'],
      ['NON_PAYING_1', '2026-04-06', 'PREPARED', null],
    ]);
    expect(groups.map((g) => [iso(g.round!.startedOn), iso(g.round!.endedOn)])).toEqual([
      ['2026-03-02', '2026-03-21'],
      ['2026-03-02', '2026-03-21'],
      ['2026-04-02', null],
    ]);
    const cancelledNotices = await p().notice.count({ where: { group: { dealId: deal.id, state: 'CANCELLED' }, state: 'CANCELLED' } });
    expect(cancelledNotices).toBe(6);
  });

  it('a deal with DISABLE_NON_PAYING_NOTICE gets no payment notice', async () => {
    const { deal } = await overdueDeal(['DISABLE_NON_PAYING_NOTICE']);
    await closeDays('2026-03-01', '2026-03-20');
    expect(await groupsOf(deal.id)).toEqual([]);
  });
});

describe('the undelivered-document ladder', () => {
  it('calls on the first day of the breach and again 14 days later, unless switched off', async () => {
    const { deal } = await overdueDeal();
    await pay(p(), deal.id, '2026-03-01', [{ claimId: (await p().claim.findFirstOrThrow({ where: { dealId: deal.id } })).id, amount: '4500.00' }]);
    await addObligation(p(), deal.id, 'NOTARIAL_DEED', '2026-03-10');
    const { deal: quiet } = await overdueDeal(['DISABLE_NOTARIAL_DEED_NOTICE']);
    await pay(p(), quiet.id, '2026-03-01', [{ claimId: (await p().claim.findFirstOrThrow({ where: { dealId: quiet.id } })).id, amount: '4500.00' }]);
    await addObligation(p(), quiet.id, 'NOTARIAL_DEED', '2026-03-10');
    await closeDays('2026-03-09', '2026-03-31');
    expect((await groupsOf(deal.id)).map((g) => [g.step, g.date, g.deadline])).toEqual([
      ['UNDELIVERED_NOTARIAL_DEED_1', '2026-03-11', '2026-03-25'],
      ['UNDELIVERED_NOTARIAL_DEED_2', '2026-03-25', '2026-04-08'],
    ]);
    expect(await groupsOf(quiet.id)).toEqual([]);
  });
});

describe('promises to pay', () => {
  it('are kept by the payments that arrive by their date and broken the day their date closes without them', async () => {
    const { deal, claim } = await overdueDeal();
    const staff = await createStaffActor(p(), 'COLLECTIONS');
    const promise = (amount: string) =>
      p().promiseToPay.create({ data: { dealId: deal.id, madeOn: new Date('2026-03-10T00:00:00Z'), promisedOn: new Date('2026-03-12T00:00:00Z'), amount, createdById: staff.staffId } });
    const kept = await promise('1000.00');
    const broken = await promise('5000.00');
    await closeDays('2026-03-09', '2026-03-10');
    await pay(p(), deal.id, '2026-03-11', [{ claimId: claim, amount: '1000.00' }]);
    await closeDays('2026-03-11', '2026-03-11');
    const after11 = await p().promiseToPay.findMany({ orderBy: { id: 'asc' } });
    expect(after11.map((x) => [x.id, x.state, x.paidAmount?.toFixed(2) ?? null, iso(x.resolvedOn)])).toEqual([
      [kept.id, 'KEPT', '1000.00', '2026-03-11'],
      [broken.id, 'OPEN', null, null],
    ]);
    await closeDays('2026-03-12', '2026-03-12');
    const after12 = await p().promiseToPay.findUniqueOrThrow({ where: { id: broken.id } });
    expect([after12.state, after12.paidAmount?.toFixed(2), iso(after12.resolvedOn)]).toEqual(['BROKEN', '1000.00', '2026-03-12']);
  });
});
