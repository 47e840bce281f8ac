import { formMessages as m, makeBirthNumber, makeCompanyId } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { staffActor } from '../../../test/fixtures/actors.ts';
import { closeLead } from '../leads/close-lead.ts';
import { FORM_NOT_FOUND } from '../form-access/form-token.ts';
import { FORM_CLOSED } from '../form-access/lock-form.ts';
import { stepMessages } from './submit-form.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let serial = 0;
const birthNumber = () => makeBirthNumber(new Date(Date.UTC(1980 + (serial % 20), serial % 12, 1 + (serial % 27))), serial % 2 ? 'F' : 'M', 100 + serial++);
const address = (street = 'Masarykova', number = '12') => ({
  whole_address: `${street} ${number}, 602 00 Brno`,
  street,
  number,
  city: 'Brno',
  zip: '602 00',
  district: 'Brno-město',
  region: 'Jihomoravský kraj',
});
const person = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Jana',
  last_name: 'Nováková',
  email: 'jana.novakova@seznam.cz',
  phone: '777 123 456',
  birth_number: birthNumber(),
  permanent_address: address(),
  identity_card: '123456789',
  consent: true,
  ...overrides,
});

const post = (path: string, body: unknown) => ctx.http().post(`/api/v1${path}`).send(body as object);
async function newForm(type: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN' = 'CONSUMER_LOAN', extra: Record<string, unknown> = {}) {
  const res = await post('/forms/?utm_source=google&utm_medium=cpc&utm_campaign=jaro', {
    type,
    value: 200_000,
    installment_value: 5_000,
    ...(type === 'INVESTMENT_LOAN' ? { purpose: 'Nákup dodávky' } : {}),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { token: string; state: string };
}
const submit = (token: string, step: string, data: unknown = {}) => post(`/forms/${token}/submit/`, { step, data });
const question = (token: string, body: unknown) => post(`/forms/${token}/question/`, body);

async function formAtCollateral(type: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN' = 'CONSUMER_LOAN') {
  const { token } = await newForm(type);
  const p = person(type === 'INVESTMENT_LOAN' ? { self_employed_id: makeCompanyId(2559664) } : {});
  expect((await submit(token, 'PERSON_INFO', p)).status).toBe(200);
  return { token, person: p };
}

describe('POST /api/v1/forms/', () => {
  it('creates a form with a 32-character token, its lead and the UTM parameters', async () => {
    const res = await post('/forms/?utm_source=seznam&utm_medium=cpc&utm_campaign=podzim', { type: 'CONSUMER_LOAN', value: '150 000', installment_value: 4000 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'CONSUMER_LOAN',
      state: 'BASIC_DEAL_INFO',
      data: { value: 150_000, installment_value: 4_000 },
      utm_source: 'seznam',
      utm_medium: 'cpc',
      utm_campaign: 'podzim',
      is_offer_applied: false,
      offer_drafts: [],
      co_debtors: [],
      config: { loan_bounds: { value: { min: 50_000, max: 5_000_000 } } },
    });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token: res.body.token }, include: { lead: true } });
    expect(form.lead).toMatchObject({ source: 'PORTAL', dealType: 'CONSUMER_LOAN', utmSource: 'seznam', personId: null });
    expect(form.lead?.value?.toNumber()).toBe(150_000);
  });

  it('makes every token different', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await newForm()).token);
    expect(tokens.size).toBe(5);
  });

  it('creates the applicant as a person when the contact comes with it', async () => {
    const { token } = await newForm('CONSUMER_LOAN', { first_name: 'Petr', last_name: 'Malý', email: 'petr.maly@email.cz', phone: '+420 603 111 222' });
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token }, include: { lead: { include: { person: true } } } });
    expect(form.lead?.person).toMatchObject({ firstName: 'Petr', phoneE164: '+420603111222' });
  });

  it.each([
    [{ value: 49_999 }, 'value', m.min50k],
    [{ value: 5_000_001 }, 'value', m.max5m],
    [{ value: 'hodně' }, 'value', m.numeric],
    [{ value: 100_000.5 }, 'value', m.wholeCrowns],
    [{ installment_value: 999 }, 'installment_value', m.min1k],
    [{ installment_value: 50_001 }, 'installment_value', m.max50k],
    [{ value: 50_000, installment_value: 50_000 }, 'installment_value', m.installmentBelowLoan],
    [{ value: undefined }, 'value', m.required],
  ])('consumer loan %j → 400 %s: %s', async (change, field, message) => {
    const res = await post('/forms/', { type: 'CONSUMER_LOAN', value: 100_000, installment_value: 3_000, ...change });
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
  });

  it.each([
    [{ value: 50_000_001 }, 'value', m.max50m],
    [{ installment_value: 250_001 }, 'installment_value', m.max250k],
    [{ purpose: '' }, 'purpose', m.required],
  ])('business loan %j → 400 %s: %s', async (change, field, message) => {
    const res = await post('/forms/', { type: 'INVESTMENT_LOAN', value: 1_000_000, installment_value: 20_000, purpose: 'Stroje', ...change });
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
  });

  it('accepts a business loan up to 50 million with a purpose', async () => {
    const res = await post('/forms/', { type: 'INVESTMENT_LOAN', value: 50_000_000, installment_value: 250_000, purpose: 'Výstavba haly' });
    expect(res.status).toBe(201);
    expect(res.body.data.purpose).toBe('Výstavba haly');
  });

  it('rejects an unknown type and junk bodies with 400', async () => {
    expect((await post('/forms/', { type: 'MORTGAGE', value: 100_000 })).status).toBe(400);
    expect((await post('/forms/', [])).status).toBe(400);
    expect((await ctx.http().post('/api/v1/forms/').set('Content-Type', 'application/json').send('{')).status).toBe(400);
  });
});

describe('GET /api/v1/forms/{token}/ and preview', () => {
  it('masks the birth number and ID card unless raw_data is asked for', async () => {
    const { token, person: p } = await formAtCollateral();
    const masked = await ctx.http().get(`/api/v1/forms/${token}/`);
    expect(masked.status).toBe(200);
    expect(masked.body.data.birth_number).toMatch(/^•{10}$/);
    expect(masked.body.data.identity_card).toBe('•••••••••');
    expect(masked.body.raw_data).toBeUndefined();
    const raw = await ctx.http().get(`/api/v1/forms/${token}/?raw_data=true`);
    expect(raw.body.raw_data.birth_number).toBe(p.birth_number);

    const preview = await ctx.http().get(`/api/v1/forms/${token}/preview/`);
    expect(preview.body).toMatchObject({
      loan: { value: 200_000, installment_value: 5_000 },
      person: { first_name: 'Jana', permanent_address: 'Masarykova 12, 602 00 Brno', identity_card: '•••••••••' },
      co_debtors: [],
      collateral: null,
    });
  });

  it('answers every unknown, malformed or over-long token with the same 404', async () => {
    const { token } = await newForm();
    const bodies = [];
    for (const t of [token.slice(0, 31) + (token[31] === 'A' ? 'B' : 'A'), 'short', 'x'.repeat(500), `${token}x`, '%00']) {
      const res = await ctx.http().get(`/api/v1/forms/${encodeURIComponent(t)}/`);
      expect(res.status, t).toBe(404);
      bodies.push(res.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(new Set([JSON.stringify({ detail: FORM_NOT_FOUND })]));
    expect((await submit('A'.repeat(32), 'PERSON_INFO', person())).status).toBe(404);
  });
});

describe('POST /api/v1/forms/{token}/submit/ — states', () => {
  it('walks BASIC_DEAL_INFO → PERSON_INFO → COLLATERAL_INFO and is sent, staying open for staff', async () => {
    const { token } = await newForm();
    const p = person();
    const personInfo = await submit(token, 'PERSON_INFO', p);
    expect(personInfo.status).toBe(200);
    expect(personInfo.body.state).toBe('PERSON_INFO');
    const banking = await submit(token, 'BANKING_INFO');
    expect(banking.body.state).toBe('PERSON_INFO');
    const collateral = await submit(token, 'COLLATERAL_INFO', { have_realty: 'yes', realty_type: 'FLAT', realty_address: address('U Potoka', '5') });
    expect(collateral.body.state).toBe('COLLATERAL_INFO');
    const done = await submit(token, 'DOCUMENTS');
    expect(done.body).toMatchObject({ state: 'COLLATERAL_INFO', data: { finished_at: expect.any(String) } });
    // Sending again (documents added later) keeps the first time.
    const again = await submit(token, 'DOCUMENTS');
    expect(again.body.data.finished_at).toBe(done.body.data.finished_at);

    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token }, include: { lead: { include: { person: { include: { addresses: true, contacts: true } }, realty: true } } } });
    expect(form.lead?.state).toBe('IN_PROGRESS');
    expect(form.lead?.person).toMatchObject({ birthNumber: p.birth_number, identityCard: '123456789', phoneE164: '+420777123456', email: 'jana.novakova@seznam.cz' });
    expect(form.lead?.person?.addresses).toEqual([expect.objectContaining({ type: 'PERMANENT', city: 'Brno', zip: '602 00' })]);
    expect(form.lead?.person?.contacts.map((c) => c.value).sort()).toEqual(['+420777123456', 'jana.novakova@seznam.cz']);
    expect(form.lead?.realty).toMatchObject({ type: 'FLAT', street: 'U Potoka', houseNumber: '5', city: 'Brno' });
  });

  it('answers 409 to a step that does not fit the state', async () => {
    const { token } = await newForm();
    for (const step of ['BANKING_INFO', 'COLLATERAL_INFO']) {
      const res = await submit(token, step, { have_realty: 'no' });
      expect(res.status, step).toBe(409);
      expect(res.body).toMatchObject({ detail: stepMessages.personFirst, state: 'BASIC_DEAL_INFO' });
    }
    const early = await submit(token, 'DOCUMENTS');
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(stepMessages.collateralFirst);
  });

  it('never moves the state back when an earlier step is sent again', async () => {
    const { token } = await formAtCollateral();
    await submit(token, 'COLLATERAL_INFO', { have_realty: 'no' });
    const again = await submit(token, 'PERSON_INFO', person({ first_name: 'Janička' }));
    expect(again.body.state).toBe('COLLATERAL_INFO');
    expect(again.body.data.first_name).toBe('Janička');
    const loan = await submit(token, 'BASIC_DEAL_INFO', { value: 300_000, installment_value: 6_000 });
    expect(loan.body).toMatchObject({ state: 'COLLATERAL_INFO', data: { value: 300_000 } });
  });

  it('accepts no writes once staff close the lead (its form is CLOSED), but still shows it', async () => {
    const { token } = await formAtCollateral();
    await submit(token, 'COLLATERAL_INFO', { have_realty: 'no' });
    await submit(token, 'DOCUMENTS');
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token } });
    await closeLead(ctx.deps, staffActor(1), { leadId: form.leadId!, closing: { reason: 'CLIENT_NOT_INTERESTED' } });
    for (const [step, data] of [['PERSON_INFO', person()], ['BASIC_DEAL_INFO', { value: 100_000, installment_value: 2_000 }], ['DOCUMENTS', {}]] as const) {
      const res = await submit(token, step, data);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(FORM_CLOSED);
    }
    expect((await question(token, { type: 'SAVE_APPLICATION_OFFER', value: 100_000, installment_value: 2_000 })).status).toBe(409);
    expect((await ctx.http().get(`/api/v1/forms/${token}/`)).body.state).toBe('CLOSED');
  });

  it('answers 400 with the Czech message of each person field', async () => {
    const { token } = await newForm();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ consent: false }, 'consent', m.consent],
      [{ phone: '123' }, 'phone', m.phone],
      [{ phone: '+44 20 7946 0958' }, 'phone', m.phone],
      [{ email: 'jana@' }, 'email', m.email],
      [{ birth_number: '8001011239' }, 'birth_number', m.birthNumberInvalid],
      [{ identity_card: '12' }, 'identity_card', m.identityCardInvalid],
      [{ permanent_address: '' }, 'permanent_address', m.permanentAddressMissing],
      [{ permanent_address: { whole_address: 'Někde 1' } }, 'permanent_address', m.permanentAddressNotChosen],
      [{ last_name: '' }, 'last_name', m.required],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit(token, 'PERSON_INFO', person(change));
      expect(res.status, field).toBe(400);
      expect(res.body[field], field).toEqual([message]);
    }
    expect((await submit(token, 'NO_SUCH_STEP')).status).toBe(400);
  });

  it('checks the business applicant\'s IČO in the company register', async () => {
    const { token } = await newForm('INVESTMENT_LOAN');
    const missing = await submit(token, 'PERSON_INFO', person());
    expect(missing.body.self_employed_id).toEqual([m.required]);
    const unknown = await submit(token, 'PERSON_INFO', person({ self_employed_id: makeCompanyId(9_900_001) }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('not found');
    expect(unknown.body.self_employed_id).toEqual([m.companyIdNotFound(makeCompanyId(9_900_001))]);
    const ok = await submit(token, 'PERSON_INFO', person({ self_employed_id: makeCompanyId(2_559_664) }));
    expect(ok.status).toBe(200);
  });

  it('collateral: needs a chosen address and a type; "no" removes the property', async () => {
    const { token } = await formAtCollateral();
    expect((await submit(token, 'COLLATERAL_INFO', { have_realty: 'yes', realty_type: 'FLAT' })).body.realty_address).toEqual([m.realtyAddressMissing]);
    expect((await submit(token, 'COLLATERAL_INFO', { have_realty: 'yes', realty_type: 'FLAT', realty_address: 'U Potoka 5' })).body.realty_address).toEqual([m.realtyAddressNotChosen]);
    expect((await submit(token, 'COLLATERAL_INFO', {})).body.have_realty).toEqual([m.required]);
    await submit(token, 'COLLATERAL_INFO', { have_realty: 'yes', realty_type: 'FAMILY_HOUSE', realty_address: address('Polní', '7') });
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token }, include: { lead: true } });
    const realtyId = form.lead!.realtyId!;
    await submit(token, 'COLLATERAL_INFO', { have_realty: 'no' });
    expect((await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: form.leadId! } })).realtyId).toBeNull();
    expect(await ctx.deps.prisma.realty.findUnique({ where: { id: realtyId } })).toBeNull();
  });

  it('recognises a returning applicant by birth number', async () => {
    const p = person();
    const first = await formAtCollateral();
    const a = await newForm('CONSUMER_LOAN', { first_name: 'Jana', last_name: 'Nováková', email: 'nova@seznam.cz', phone: '777 555 444' });
    await submit(first.token, 'PERSON_INFO', p);
    await submit(a.token, 'PERSON_INFO', { ...p, email: 'nova@seznam.cz', phone: '777 555 444' });
    const persons = await ctx.deps.prisma.person.findMany({ where: { birthNumber: p.birth_number }, include: { leads: true, contacts: true } });
    expect(persons).toHaveLength(1);
    expect(persons[0]!.leads).toHaveLength(2);
    expect(persons[0]!.email).toBe('nova@seznam.cz');
    expect(persons[0]!.contacts.filter((c) => c.isPrimary).map((c) => c.value).sort()).toEqual(['+420777555444', 'nova@seznam.cz']);
  });

  it('records each step in the audit log as the applicant', async () => {
    const { token } = await formAtCollateral();
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token } });
    const actions = (await ctx.deps.prisma.auditLog.findMany({ where: { entity: 'ApplicationForm', entityId: String(form.id) } })).map((a) => a.action);
    expect(actions).toEqual(['form.create', 'form.submit.person_info']);
  });
});

describe('concurrent submits on one form', () => {
  it('serialises them: one realty, a consistent state, one time of sending', async () => {
    const { token } = await formAtCollateral();
    const collateral = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submit(token, 'COLLATERAL_INFO', { have_realty: 'yes', realty_type: 'FLAT', realty_address: address('Lipová', String(i + 1)) })),
    );
    expect(collateral.map((r) => r.status)).toEqual(Array(8).fill(200));
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token }, include: { lead: { include: { realty: true } } } });
    expect(form.state).toBe('COLLATERAL_INFO');
    expect(await ctx.deps.prisma.realty.count({ where: { collateralOfLeads: { some: { id: form.leadId! } } } })).toBe(1);
    expect((form.data as { realty_address: { street: string; number: string } }).realty_address.number).toBe(form.lead!.realty!.houseNumber);

    const finishes = await Promise.all(Array.from({ length: 6 }, () => submit(token, 'DOCUMENTS')));
    expect(finishes.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(finishes.map((r) => r.body.data.finished_at)).size).toBe(1);
    expect((await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: form.leadId! } })).state).toBe('IN_PROGRESS');
  });
});

describe('one returning applicant on several forms at once', () => {
  it('sends person data with one birth number from 8 forms concurrently: all accepted, one person', async () => {
    const p = person();
    const forms = await Promise.all(Array.from({ length: 8 }, () => newForm()));
    const answers = await Promise.all(forms.map(({ token }, i) => submit(token, 'PERSON_INFO', { ...p, email: `vracejici.${i}@seznam.cz` })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const persons = await ctx.deps.prisma.person.findMany({ where: { birthNumber: p.birth_number }, include: { leads: true } });
    expect(persons).toHaveLength(1);
    expect(persons[0]!.leads).toHaveLength(8);
  });
});

describe('detail questions', () => {
  async function issueOffer(token: string, offer: { kind: 'REGULAR' | 'IRREGULAR'; value?: number; installment?: number; groups?: [number, number][] }) {
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token } });
    return ctx.deps.prisma.offer.create({
      data: {
        leadId: form.leadId!,
        kind: offer.kind,
        value: offer.value,
        installmentValue: offer.installment,
        sentAt: new Date(),
        claimGroups: { create: (offer.groups ?? []).map(([count, amount], i) => ({ order: i + 1, count, amount })) },
      },
    });
  }

  it('SAVE_APPLICATION_OFFER applies an issued offer and refuses any other with fake_offer', async () => {
    const { token } = await formAtCollateral();
    await issueOffer(token, { kind: 'REGULAR', value: 180_000, installment: 4_500 });
    expect((await ctx.http().get(`/api/v1/forms/${token}/`)).body.offer_drafts).toEqual([
      { id: expect.any(Number), kind: 'REGULAR', value: '180000.00', installment_value: '4500.00', claim_groups: [] },
    ]);
    const fake = await question(token, { type: 'SAVE_APPLICATION_OFFER', value: 180_000, installment_value: 3_000 });
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({ fake_offer: [m.offerNotValid] });

    const ok = await question(token, { type: 'SAVE_APPLICATION_OFFER', value: 180_000, installment_value: 4_500 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ is_offer_applied: true, offer_drafts: [], applied_offer: { kind: 'REGULAR', value: '180000.00', installment_value: '4500.00' } });
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { token }, include: { lead: true } });
    expect(form.lead).toMatchObject({ offerApplied: true, state: 'OFFER_ACCEPTED' });
    // applied once: confirming again is told apart from a fake offer (the portal says it is accepted)
    const again = await question(token, { type: 'SAVE_APPLICATION_OFFER', value: 180_000, installment_value: 4_500 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: m.offerAlreadyApplied, code: 'offer_applied' });
  });

  it("an offer issued for another form's lead is fake here", async () => {
    const mine = await formAtCollateral();
    const other = await formAtCollateral();
    await issueOffer(other.token, { kind: 'REGULAR', value: 111_000, installment: 3_000 });
    expect((await question(mine.token, { type: 'SAVE_APPLICATION_OFFER', value: 111_000, installment_value: 3_000 })).body).toEqual({ fake_offer: [m.offerNotValid] });
  });

  it('SAVE_IRREGULAR_PAYMENT_OFFER must match the issued claim groups', async () => {
    const { token } = await formAtCollateral();
    await issueOffer(token, { kind: 'IRREGULAR', groups: [[3, 8_000], [21, 4_000]] });
    const wrong = await question(token, { type: 'SAVE_IRREGULAR_PAYMENT_OFFER', claim_group_1: { order: 1, count: 3, amount: 8_000 } });
    expect(wrong.body).toEqual({ fake_offer: [m.offerNotValid] });
    const malformed = await question(token, { type: 'SAVE_IRREGULAR_PAYMENT_OFFER', claim_group_1: { order: 1, count: 'x', amount: 8_000 } });
    expect(malformed.status).toBe(400);
    const ok = await question(token, {
      type: 'SAVE_IRREGULAR_PAYMENT_OFFER',
      claim_group_1: { order: 1, count: 3, amount: 8_000 },
      claim_group_2: { order: 2, count: 21, amount: 4_000 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.is_offer_applied).toBe(true);
  });

  describe('CREATE_DEBTORS', () => {
    const debtor = (overrides: Record<string, unknown> = {}) => {
      const { consent: _c, ...p } = person({ first_name: 'Karel', last_name: 'Dvořák', phone: '+421 905 123 456', ...overrides });
      return { type: 'CREATE_DEBTORS', ...p };
    };

    it('adds a co-debtor to the form and the lead', async () => {
      const { token } = await formAtCollateral();
      const res = await question(token, debtor());
      expect(res.status).toBe(200);
      expect(res.body.co_debtors).toEqual([expect.objectContaining({ first_name: 'Karel', last_name: 'Dvořák', phone: '+421 905 123 456' })]);
      const preview = await ctx.http().get(`/api/v1/forms/${token}/preview/`);
      expect(preview.body.co_debtors).toEqual([{ id: expect.any(Number), name: 'Karel Dvořák', phone: '+421 905 123 456', address: 'Masarykova 12, 602 00 Brno' }]);
    });

    it('answers the keys the portal reads: identity_card_invalid, birth_number, not found, duplicates', async () => {
      const { token, person: applicant } = await formAtCollateral('INVESTMENT_LOAN');
      const card = await question(token, debtor({ identity_card: 'XYZ' }));
      expect(card.status).toBe(400);
      expect(card.body.identity_card_invalid).toEqual([m.identityCardInvalid]);
      const bn = await question(token, debtor({ birth_number: '8001011239' }));
      expect(bn.body.birth_number).toEqual([m.birthNumberInvalid]);
      const ico = await question(token, debtor({ company_id: makeCompanyId(9_912_345) }));
      expect(ico.status).toBe(400);
      expect(ico.body.detail).toContain('not found');
      const dup = await question(token, debtor({ birth_number: applicant.birth_number }));
      expect(dup.status).toBe(409);
      expect(dup.body.detail).toBe(m.duplicatePerson);
      const coDebtorBirthNumber = birthNumber();
      const added = await question(token, debtor({ birth_number: coDebtorBirthNumber, companyId: makeCompanyId(2_559_664) }));
      expect(added.status).toBe(200);
      expect(added.body.co_debtors[0].company_id).toBe(makeCompanyId(2_559_664));
      const again = await question(token, debtor({ birth_number: coDebtorBirthNumber }));
      expect(again.status).toBe(409);
      for (const field of ['first_name', 'last_name', 'email', 'phone', 'birth_number', 'permanent_address', 'identity_card']) {
        const res = await question(token, debtor({ [field]: undefined }));
        expect(res.status, field).toBe(400);
        expect(Object.keys(res.body), field).toContain(field);
      }
    });
  });

  it('POST /forms/question/ takes the token in the body, and says so when it is missing', async () => {
    const { token } = await formAtCollateral();
    const missing = await post('/forms/question/', { type: 'SAVE_APPLICATION_OFFER', value: 1, installment_value: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.token).toEqual(['Token is required for getting form']);
    const fake = await post('/forms/question/', { token, type: 'SAVE_APPLICATION_OFFER', value: 100_000, installment_value: 2_000 });
    expect(fake.body).toEqual({ fake_offer: [m.offerNotValid] });
    expect((await post('/forms/question/', { token: 'Z'.repeat(32), type: 'EVALUATE_REQUISITION_STATUS', evaluation_target: 'BANK_STATEMENTS' })).status).toBe(404);
    expect((await post('/forms/question/', { token, type: 'ASK_ANYTHING' })).status).toBe(400);
  });

  it('EVALUATE_REQUISITION_STATUS answers any_data, valid and is_dirty for bank statements', async () => {
    const { token } = await formAtCollateral();
    const res = await question(token, { type: 'EVALUATE_REQUISITION_STATUS', evaluation_target: 'BANK_STATEMENTS' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ any_data: false, valid: false });
    expect(typeof res.body.is_dirty).toBe('boolean');
  });
});
