import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { payoutDates, termForInstallment } from './offer-terms.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { leadFixtures } from '../../../../test/fixtures/leads.ts';

// POST /leads/{id}/deal/: an accepted offer becomes a deal (docs/decisions/0025). Today is
// Friday 20 March 2026 in Prague. Terms worked out with Python's decimal module: 280 000 Kč at
// 14.9 % repaid by at most 7 500 a month takes ⌈50.47⌉ = 51 months, A = 7 443.69.

let ctx: TestContext;
let underwriter: string;
let fx: ReturnType<typeof leadFixtures>;
const clock = new Date('2026-03-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  underwriter = (await ctx.login('UNDERWRITER')).access;
  fx = leadFixtures(ctx);
});
afterAll(() => ctx.close());

const convert = (leadId: number, token = underwriter) => ctx.http().post(`/api/v1/leads/${leadId}/deal/`).set(bearer(token));

describe('the offer’s terms', () => {
  it('the term an installment repays, and the payout a week on with the first installment on the 15th of the next month', () => {
    expect(termForInstallment('280000.00', '7500.00', '14.9')).toBe(51);
    expect(termForInstallment('150000.00', '4000.00', '14.9')).toBe(51);
    expect(termForInstallment('1000.00', '300.00', '0')).toBe(4);
    // 1 000 000 at 14.9 % accrues 12 416.67 a month: 10 000 never repays it.
    expect(termForInstallment('1000000.00', '10000.00', '14.9')).toBe(600);
    expect(payoutDates('2026-03-20')).toEqual({ disbursementDate: '2026-03-27', firstDueDate: '2026-04-15' });
    expect(payoutDates('2026-01-28')).toEqual({ disbursementDate: '2026-02-04', firstDueDate: '2026-03-15' });
  });
});

describe('POST /leads/{id}/deal/', () => {
  it('turns a portal lead whose applicant accepted the offer into a deal with its first model, once', async () => {
    const lead = await fx.portalLead({ value: 300_000, installment: 8_000 });
    const offer = await ctx.http().post(`/api/v1/leads/${lead.leadId}/offer/`).set(bearer(underwriter)).send({ kind: 'REGULAR', value: 280_000, installment_value: 7_500 });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const applied = await ctx.http().post(`/api/v1/forms/${lead.token}/question/`).send({ type: 'SAVE_APPLICATION_OFFER', value: 280_000, installment_value: 7_500 });
    expect(applied.status).toBe(200);

    const res = await convert(lead.leadId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ lead_id: lead.leadId, created: true, realty_group_id: null, participants: [{ person_id: lead.personId, role: 'BORROWER' }] });
    const deal = await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: res.body.deal_id } });
    expect(deal).toMatchObject({ type: 'CONSUMER_LOAN', state: 'NEW_APPLICATION', leadId: lead.leadId, allocationProfile: 'CL_PE_ALLOCATION_PROFILE_V2' });
    expect(deal.value.toFixed(2)).toBe('280000.00');
    const model = await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/${res.body.deal_model_id}/`).set(bearer(underwriter));
    expect(model.body).toMatchObject({
      version: 1,
      state: 'DRAFT',
      name: 'Podle přijaté nabídky',
      principal: '280000.00',
      annual_interest_rate: '14.9000',
      term_months: 51,
      disbursement_date: '2026-03-27',
      first_due_date: '2026-04-15',
      due_day: 15,
      installment_type: 'ANNUITY',
      installment_value: '7443.69',
    });
    expect((await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: lead.leadId } })).state).toBe('CONVERTED');
    const audit = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'lead.convert', entityId: String(lead.leadId) } });
    expect(audit.changes).toMatchObject({ state: { from: 'OFFER_ACCEPTED', to: 'CONVERTED' }, deal_id: deal.id, offer_id: offer.body.offer.id });
    // The lead names its deal, so staff get from one to the other.
    const detail = await ctx.http().get(`/api/v1/leads/${lead.leadId}/`).set(bearer(underwriter));
    expect([detail.status, detail.body.deal_id]).toEqual([200, deal.id]);

    // Asked again (a double click, a retry): the same deal, 200, nothing new.
    const again = await convert(lead.leadId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...res.body, created: false });
    expect(await ctx.deps.prisma.deal.count({ where: { leadId: lead.leadId } })).toBe(1);
    // The deal is ready for its first step.
    expect((await ctx.http().post(`/api/v1/deals/${deal.id}/validate/`).set(bearer(underwriter))).body).toMatchObject({ target_state: 'CONTRACT_COMPLETION', valid: true });
  });

  it('takes co-debtors as DEBTOR, the realty as collateral, an irregular offer’s payments as the term; two calls at once make one deal', async () => {
    const realty = await ctx.deps.prisma.realty.create({ data: { type: 'FAMILY_HOUSE', city: 'Jihlava', street: 'Masarykovo náměstí', houseNumber: '1' } });
    const lead = await fx.directLead({ state: 'OFFER_ACCEPTED', dealType: 'INVESTMENT_LOAN_V15', value: 900_000, installmentValue: 20_000, realtyId: realty.id });
    const spouse = await ctx.deps.prisma.person.create({ data: { firstName: 'Petr', lastName: 'Svoboda' } });
    await ctx.deps.prisma.leadParticipant.createMany({
      data: [
        { leadId: lead.id, personId: spouse.id, role: 'ACCESSORY_DEBTOR' },
        { leadId: lead.id, personId: lead.personId!, role: 'DEBTOR' },
      ],
    });
    await ctx.deps.prisma.offer.create({
      data: { leadId: lead.id, kind: 'IRREGULAR', appliedAt: new Date('2026-03-18T10:00:00Z'), claimGroups: { create: [{ order: 1, count: 12, amount: 10_000 }, { order: 2, count: 24, amount: 40_000 }] } },
    });
    const [a, b] = await Promise.all([convert(lead.id), convert(lead.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.deal_id).toBe(b.body.deal_id);
    const made = a.status === 201 ? a.body : b.body;
    expect(made.participants).toEqual([
      { person_id: lead.personId, role: 'BORROWER' },
      { person_id: spouse.id, role: 'DEBTOR' },
    ]);
    const group = await ctx.deps.prisma.realtyGroup.findUniqueOrThrow({ where: { id: made.realty_group_id }, include: { realties: true } });
    expect([group.dealId, group.mortgage, group.realties.map((r) => r.realtyId)]).toEqual([made.deal_id, true, [realty.id]]);
    const model = await ctx.deps.prisma.dealModel.findUniqueOrThrow({ where: { id: made.deal_model_id } });
    expect([model.termMonths, model.principal.toFixed(2), model.allocationProfile]).toEqual([36, '900000.00', 'IL_SE_ALLOCATION_PROFILE']);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'lead.convert', entityId: String(lead.id) } })).toBe(1);
  });

  it('refuses a lead without an accepted offer or applicant (409), an unknown one (404), and roles that do not work leads (403)', async () => {
    const open = await fx.directLead({ state: 'OFFER_SENT' });
    expect((await convert(open.id)).body).toEqual({ detail: 'Obchod lze založit jen z žádosti, jejíž nabídku žadatel přijal.', state: 'OFFER_SENT' });
    const nobody = await fx.directLead({ state: 'OFFER_ACCEPTED', person: null });
    expect((await convert(nobody.id)).body).toEqual({ detail: 'Žádost nemá žadatele; doplňte ho před založením obchodu.' });
    const noOffer = await fx.directLead({ state: 'OFFER_ACCEPTED' });
    expect((await convert(noOffer.id)).body).toEqual({ detail: 'Žádost nemá přijatou nabídku.' });
    expect((await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: noOffer.id } })).state).toBe('OFFER_ACCEPTED');
    expect((await convert(999_999)).status).toBe(404);
    for (const role of ['VIEWER', 'COLLECTIONS', 'ACCOUNTANT'] as const) {
      expect((await convert(open.id, (await ctx.login(role)).access)).status, role).toBe(403);
    }
    expect((await convert(open.id, (await ctx.login('ADMIN')).access)).status).toBe(409);
  });
});
