import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { DealType, PersonRole } from '@lending/contracts';
import type { TestContext } from '../../../test/context.ts';

// Test data for the claims engine: deals, people and what validation asks for, written directly
// (their own modules are tested elsewhere); payments allocated in plain SQL, as the payments
// work will, so the allocation trigger keeps claims.paid_amount.

export const bearer = (access: string) => ({ Authorization: `Bearer ${access}` });

export function dealFixtures(ctx: TestContext) {
  const p = ctx.deps.prisma;
  let serial = 0;

  async function person(name = 'Nováková') {
    const n = ++serial;
    return p.person.create({ data: { firstName: 'Jana', lastName: `${name} ${n}`, email: `jana${n}-${randomBytes(3).toString('hex')}@example.cz` } });
  }

  /** A deal in `state`, with a BORROWER unless `participants` says otherwise. */
  async function deal(options: { type?: DealType; state?: 'NEW_APPLICATION' | 'CONTRACT_COMPLETION' | 'CONTRACT_SIGN' | 'ACTIVE' | 'CLOSED' | 'FILED_FOR_INSOLVENCY' | 'CLOSED_APPLICATION'; participants?: PersonRole[] } = {}) {
    const roles = options.participants ?? ['BORROWER'];
    const people = await Promise.all(roles.map(() => person()));
    return p.deal.create({
      data: {
        type: options.type ?? 'CONSUMER_LOAN',
        state: options.state ?? 'NEW_APPLICATION',
        value: '100000.00',
        participants: { create: roles.map((role, i) => ({ personId: people[i]!.id, role })) },
      },
      include: { participants: true },
    });
  }

  /** A purpose paying `amount` out, and a realty group with one realty (what CONTRACT_SIGN and ACTIVE may ask for). */
  async function purpose(dealId: number, amount: string) {
    return p.purpose.create({ data: { dealId, type: 'APPLICANT_BANK_ACCOUNT', amount, bankAccount: '123456789/0800' } });
  }
  async function collateral(dealId: number) {
    const realty = await p.realty.create({ data: { type: 'FLAT', city: 'Brno', street: 'Husova', houseNumber: '12' } });
    return p.realtyGroup.create({ data: { dealId, name: 'Zástava', mortgage: true, realties: { create: { realtyId: realty.id } } } });
  }

  /** Allocates `amount` of a new incoming payment dated `date` to the claim. */
  async function pay(claimId: number, amount: string, date = '2026-03-01') {
    const claim = await p.claim.findUniqueOrThrow({ where: { id: claimId } });
    const payment = await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date(`${date}T00:00:00Z`), amount, dealId: claim.dealId } });
    await p.paymentAllocation.create({ data: { paymentId: payment.id, claimId, amount, rule: 'test' } });
    return payment;
  }

  /** Creates a model through the API and walks the deal to ACTIVE through the state API. */
  async function activate(access: string, dealId: number, model: Record<string, unknown>) {
    const created = await ctx.http().post(`/api/v1/deals/${dealId}/deal-model/`).set(bearer(access)).send(model);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const state of ['CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'ACTIVE']) {
      const current = await p.deal.findUniqueOrThrow({ where: { id: dealId } });
      if (['CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'ACTIVE'].indexOf(current.state) >= ['CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'ACTIVE'].indexOf(state)) continue;
      const res = await ctx.http().post(`/api/v1/deals/${dealId}/state/`).set(bearer(access)).send({ state });
      expect(res.status, `${state}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    return created.body as { id: number };
  }

  return { person, deal, purpose, collateral, pay, activate };
}

/** The 100 000 Kč, 12 %, 12-month annuity of the schedule known-answer test (8 884.88 a month). */
export const annuityModel = {
  principal: '100000.00',
  annual_interest_rate: '12',
  term_months: 12,
  disbursement_date: '2026-01-15',
  first_due_date: '2026-02-15',
  due_day: 15,
  installment_type: 'ANNUITY',
};
