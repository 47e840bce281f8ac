import { formMessages, leadMessages } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { staffActor } from '../../../test/fixtures/actors.ts';
import { issueOffer, offerMessages } from './issue-offer.ts';
import { OFFER_EMAIL_SUBJECT } from './offer-email.ts';
import { RESEND_SUBJECT } from './resend-application-form.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { configWithTempDataDir } from '../../../test/fixtures/config.ts';
import { files } from '../../../test/fixtures/documents.ts';
import { leadFixtures } from '../../../test/fixtures/leads.ts';

// POST /leads/{id}/offer/ (outbox e-mail with the portal link, applied through the form API),
// GET /leads/{id}/application_form/ with staff downloads, POST …/application-form/{id}/resend/.

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let fx: ReturnType<typeof leadFixtures>;
let underwriter: Record<string, string>;
let viewer: Record<string, string>;
let collections: Record<string, string>;
beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
  fx = leadFixtures(ctx);
  underwriter = bearer((await ctx.login('UNDERWRITER')).access);
  viewer = bearer((await ctx.login('VIEWER')).access);
  collections = bearer((await ctx.login('COLLECTIONS')).access);
});
afterAll(async () => {
  await ctx.close();
  temp.cleanup();
});

const get = (path: string, auth = underwriter) => ctx.http().get(`/api/v1${path}`).set(auth);
const post = (path: string, body?: unknown, auth = underwriter) => {
  const req = ctx.http().post(`/api/v1${path}`).set(auth);
  return body === undefined ? req : req.send(body as object);
};
const question = (token: string, body: Record<string, unknown>) => ctx.http().post(`/api/v1/forms/${token}/question/`).send(body);

/** The first link of an e-mail body. */
const linkIn = (body: string) => new URL(/https?:\/\/\S+/.exec(body)![0]);

/** What the portal does with `offer` / `irregular_offer` (apps/portal/src/shared/application/logic.ts). */
function portalDecode(encoded: string): Record<string, unknown> {
  const normalised = encoded.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/ /g, '+');
  const bytes = Uint8Array.from(atob(normalised), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

async function outbox(leadId: number) {
  return ctx.deps.prisma.notification.findMany({ where: { entityType: 'Lead', entityId: String(leadId) }, orderBy: { id: 'asc' } });
}

describe('POST /api/v1/leads/{id}/offer/ — regular', () => {
  it('stores the offer, moves the lead to OFFER_SENT, queues the e-mail whose link the portal can apply', async () => {
    const lead = await fx.portalLead({ value: 300_000, installment: 8_000 });
    const res = await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 280_000, installment_value: 7_500 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      offer: { kind: 'REGULAR', value: '280000.00', installment_value: '7500.00', claim_groups: [], total_amount: null, applied_at: null },
      lead: { id: lead.leadId, state: 'OFFER_SENT' },
      notification: { name: 'lead.offer', recipient: lead.applicant.email, subject: OFFER_EMAIL_SUBJECT, state: 'SANDBOX' },
    });
    expect(res.body.offer.sent_at).not.toBeNull();

    const [mail] = await outbox(lead.leadId);
    expect(mail).toMatchObject({ id: res.body.notification.id, name: 'lead.offer', type: 'EMAIL', state: 'SANDBOX', recipient: lead.applicant.email, subject: 'Nabídka úvěru' });
    expect(mail!.body).toContain('Výše úvěru: 280\u00a0000 Kč');
    expect(mail!.body).toContain('Měsíční splátka: 7\u00a0500 Kč');
    expect(mail!.body).toContain(res.body.link);

    const link = linkIn(mail!.body);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/dokumenty');
    expect(link.searchParams.get('token')).toBe(lead.token);
    expect(link.searchParams.has('irregular_offer')).toBe(false);
    const offer = portalDecode(link.searchParams.get('offer')!);
    expect(offer).toEqual({ value: 280_000, installment_value: 7_500 });

    // The applicant sees it as a draft and confirms it through the form API.
    expect((await ctx.http().get(`/api/v1/forms/${lead.token}/`)).body.offer_drafts).toEqual([
      { id: res.body.offer.id, kind: 'REGULAR', value: '280000.00', installment_value: '7500.00', claim_groups: [] },
    ]);
    const applied = await question(lead.token, { type: 'SAVE_APPLICATION_OFFER', ...offer });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.is_offer_applied).toBe(true);
    const detail = await get(`/leads/${lead.leadId}/`);
    // What the applicant asked for stays; the accepted offer is beside it (issue 12, item 9).
    expect(detail.body).toMatchObject({ state: 'OFFER_ACCEPTED', offer_applied: true, value: '300000.00', installment_value: '8000.00' });
    // Staff see what the applicant was sent.
    expect(detail.body.emails).toEqual([
      { id: mail!.id, name: 'lead.offer', recipient: lead.applicant.email, subject: 'Nabídka úvěru', body: mail!.body, state: 'SANDBOX', attempts: 0, error: null, created_at: expect.any(String), sent_at: null },
    ]);
    expect(detail.body.offers[0].applied_at).not.toBeNull();

    const audit = await ctx.deps.prisma.auditLog.findMany({ where: { action: 'lead.offer', entityId: String(lead.leadId) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toMatchObject({ offer_id: res.body.offer.id, kind: 'REGULAR', notification_id: mail!.id, state: { from: 'NEW', to: 'OFFER_SENT' } });

    // Accepted: no further offer.
    const more = await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 5_000 });
    expect(more.status).toBe(409);
    expect(more.body.detail).toBe(offerMessages.accepted);
  });

  it('builds the link from PUBLIC_URL', async () => {
    const lead = await fx.portalLead();
    const deps = { ...ctx.deps, config: { ...ctx.deps.config, PUBLIC_URL: 'https://uver.example.cz/' } };
    const result = await issueOffer(deps, staffActor(1), { leadId: lead.leadId, offer: { kind: 'REGULAR', value: 200_000, installment_value: 5_000 } });
    expect(result.link).toBe(
      `https://uver.example.cz/dokumenty?token=${lead.token}&offer=${encodeURIComponent(Buffer.from('{"value":200000,"installment_value":5000}').toString('base64'))}`,
    );
  });

  it('validates amounts against the loan type of the lead', async () => {
    const consumer = await fx.portalLead();
    const offer = (body: unknown, id = consumer.leadId) => post(`/leads/${id}/offer/`, body);
    expect((await offer({ kind: 'REGULAR', value: 6_000_000, installment_value: 20_000 })).body).toEqual({ value: [formMessages.max5m] });
    expect((await offer({ kind: 'REGULAR', value: 40_000, installment_value: 2_000 })).body).toEqual({ value: [formMessages.min50k] });
    expect((await offer({ kind: 'REGULAR', value: 200_000, installment_value: 60_000 })).body).toEqual({ installment_value: [formMessages.max50k] });
    expect((await offer({ kind: 'REGULAR', value: 200_000.5, installment_value: 5_000 })).body).toEqual({ value: [formMessages.wholeCrowns] });
    expect((await offer({ kind: 'REGULAR', value: 'hodně', installment_value: 5_000 })).body).toEqual({ value: [formMessages.numeric] });
    expect((await offer({ kind: 'REGULAR', value: -5, installment_value: 5_000 })).status).toBe(400);
    expect((await offer({ kind: 'REGULAR', value: 60_000, installment_value: 50_000 })).status).toBe(201);
    // (installment below the value: checked where both are within bounds)
    const small = await fx.portalLead();
    expect((await offer({ kind: 'REGULAR', value: 50_000, installment_value: 50_000 }, small.leadId)).body).toEqual({ installment_value: [formMessages.installmentBelowLoan] });
    expect((await offer({ value: 200_000 }, small.leadId)).status).toBe(400);
    expect((await offer({ kind: 'LEASE' }, small.leadId)).status).toBe(400);
    expect((await post(`/leads/${small.leadId}/offer/`)).status).toBe(400);

    const business = await fx.portalLead({ type: 'INVESTMENT_LOAN', value: 2_000_000, installment: 60_000 });
    const big = await offer({ kind: 'REGULAR', value: 6_000_000, installment_value: 120_000 }, business.leadId);
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    expect((await ctx.deps.prisma.offer.count({ where: { leadId: small.leadId } }))).toBe(0);
  });

  it('reaches an applicant who has sent the application: the form stays open for the offer', async () => {
    const lead = await fx.portalLead();
    const submit = (step: string, data: unknown = {}) => ctx.http().post(`/api/v1/forms/${lead.token}/submit/`).send({ step, data });
    expect((await submit('COLLATERAL_INFO', { have_realty: 'no' })).status).toBe(200);
    const sent = await submit('DOCUMENTS');
    expect(sent.body).toMatchObject({ state: 'COLLATERAL_INFO', data: { finished_at: expect.any(String) } });

    const res = await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 5_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const offer = portalDecode(new URL(res.body.link).searchParams.get('offer')!);
    const applied = await question(lead.token, { type: 'SAVE_APPLICATION_OFFER', ...offer });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await get(`/leads/${lead.leadId}/`)).body.state).toBe('OFFER_ACCEPTED');
  });

  it('opens a portal form for a lead without one (partner, back-office), prefilled with what is known', async () => {
    const pushed = await fx.directLead({ source: 'LEADSOR', externalId: 'LS-OFFER-1', value: 180_000, installmentValue: 4_500, purpose: 'Nákup automobilu' });
    const person = await ctx.deps.prisma.person.update({
      where: { id: pushed.personId! },
      data: { birthNumber: '8403174219', identityCard: '215487963', addresses: { create: { type: 'PERMANENT', wholeAddress: 'Husova 12, 602 00 Brno', street: 'Husova', houseNumber: '12', city: 'Brno', zip: '602 00' } } },
    });
    const res = await post(`/leads/${pushed.id}/offer/`, { kind: 'REGULAR', value: 150_000, installment_value: 4_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token = new URL(res.body.link).searchParams.get('token')!;

    const form = await ctx.http().get(`/api/v1/forms/${token}/?raw_data=true`);
    expect(form.body).toMatchObject({
      type: 'CONSUMER_LOAN',
      state: 'BASIC_DEAL_INFO',
      raw_data: {
        value: 180_000,
        installment_value: 4_500,
        purpose: 'Nákup automobilu',
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        birth_number: '8403174219',
        identity_card: '215487963',
        permanent_address: { whole_address: 'Husova 12, 602 00 Brno', street: 'Husova', number: '12', city: 'Brno', zip: '602 00' },
      },
      offer_drafts: [{ kind: 'REGULAR', value: '150000.00', installment_value: '4000.00' }],
    });
    const audit = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'lead.offer', entityId: String(pushed.id) } });
    expect(audit.changes).toMatchObject({ opened_form_id: expect.any(Number) });

    // The applicant confirms the offer, then completes the application in the portal.
    const applied = await question(token, { type: 'SAVE_APPLICATION_OFFER', value: 150_000, installment_value: 4_000 });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await get(`/leads/${pushed.id}/`)).body).toMatchObject({ state: 'OFFER_ACCEPTED', source: 'LEADSOR' });

    // A second offer to a lead with a form uses that form; an investment lead gets a business form.
    const business = await fx.directLead({ dealType: 'INVESTMENT_LOAN_V15', value: 900_000, installmentValue: 20_000 });
    const big = await post(`/leads/${business.id}/offer/`, { kind: 'REGULAR', value: 6_000_000, installment_value: 100_000 });
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    const again = await post(`/leads/${business.id}/offer/`, { kind: 'REGULAR', value: 800_000, installment_value: 20_000 });
    expect(new URL(again.body.link).searchParams.get('token')).toBe(new URL(big.body.link).searchParams.get('token'));
    expect(await ctx.deps.prisma.applicationForm.findMany({ where: { leadId: business.id }, select: { type: true } })).toEqual([{ type: 'INVESTMENT_LOAN' }]);
  });

  it('answers 409 without an e-mail, or for a closed lead or form, and writes nothing (not even a form)', async () => {
    const noForm = await fx.directLead({ person: null });
    const a = await post(`/leads/${noForm.id}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 5_000 });
    expect(a.status).toBe(409);
    expect(a.body.detail).toBe(leadMessages.noPerson);
    const invalid = await fx.directLead();
    expect((await post(`/leads/${invalid.id}/offer/`, { kind: 'REGULAR', value: 10, installment_value: 5_000 })).status).toBe(400);
    expect(await ctx.deps.prisma.applicationForm.count({ where: { leadId: { in: [noForm.id, invalid.id] } } })).toBe(0);

    const noEmail = await fx.portalLead();
    await ctx.deps.prisma.person.update({ where: { id: noEmail.personId }, data: { email: null } });
    const b = await post(`/leads/${noEmail.leadId}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 5_000 });
    expect(b.status).toBe(409);
    expect(b.body.detail).toBe(leadMessages.noEmail);

    const closedForm = await fx.portalLead();
    await ctx.deps.prisma.applicationForm.update({ where: { id: closedForm.formId }, data: { state: 'CLOSED' } });
    const c = await post(`/leads/${closedForm.leadId}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 5_000 });
    expect(c.status).toBe(409);
    expect(c.body.detail).toBe(offerMessages.formClosed);

    const closed = await fx.portalLead();
    expect((await post(`/leads/${closed.leadId}/close/`, { reason: 'CLIENT_NOT_INTERESTED' })).status).toBe(200);
    const d = await post(`/leads/${closed.leadId}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 5_000 });
    expect(d.status).toBe(409);
    expect(d.body.detail).toBe(leadMessages.cannotOfferClosed);

    for (const id of [noForm.id, invalid.id, noEmail.leadId, closedForm.leadId, closed.leadId]) {
      expect(await ctx.deps.prisma.offer.count({ where: { leadId: id } })).toBe(0);
      expect(await outbox(id)).toEqual([]);
    }
    expect((await post('/leads/999999/offer/', { kind: 'REGULAR', value: 200_000, installment_value: 5_000 })).status).toBe(404);
  });

  it('lets only ADMIN and UNDERWRITER issue offers', async () => {
    const lead = await fx.portalLead();
    const body = { kind: 'REGULAR', value: 200_000, installment_value: 5_000 };
    expect((await post(`/leads/${lead.leadId}/offer/`, body, viewer)).status).toBe(403);
    expect((await post(`/leads/${lead.leadId}/offer/`, body, collections)).status).toBe(403);
    expect((await ctx.http().post(`/api/v1/leads/${lead.leadId}/offer/`).send(body)).status).toBe(401);
    expect(await ctx.deps.prisma.offer.count({ where: { leadId: lead.leadId } })).toBe(0);
  });
});

describe('issue 12: the lead state drives its actions; accepting keeps the request', () => {
  const regular = { kind: 'REGULAR', value: 280_000, installment_value: 7_500 };
  const allowed = { allowed: true, reason: null };

  it('the lead answers its actions, and a refused one is a 409 with the same reason, never field errors', async () => {
    const lead = await fx.portalLead({ value: 300_000, installment: 8_000 });
    expect((await get(`/leads/${lead.leadId}/`)).body.actions).toEqual({ issue_offer: allowed, resend_form: allowed, close: allowed });

    expect((await post(`/leads/${lead.leadId}/offer/`, regular)).status).toBe(201);
    expect((await question(lead.token, { type: 'SAVE_APPLICATION_OFFER', value: 280_000, installment_value: 7_500 })).status).toBe(200);
    const accepted = (await get(`/leads/${lead.leadId}/`)).body;
    expect(accepted.actions).toEqual({ issue_offer: { allowed: false, reason: leadMessages.offerAccepted }, resend_form: allowed, close: allowed });

    // Even a body the form would refuse: the business refusal comes first and is not a form error.
    const refused = await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 'hodně', installment_value: 5 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: leadMessages.offerAccepted, state: 'OFFER_ACCEPTED' });
    expect(await ctx.deps.prisma.offer.count({ where: { leadId: lead.leadId } })).toBe(1);

    const closed = await fx.portalLead();
    expect((await post(`/leads/${closed.leadId}/close/`, { reason: 'CLIENT_NOT_INTERESTED' })).status).toBe(200);
    const closedActions = (await get(`/leads/${closed.leadId}/`)).body.actions;
    expect(closedActions).toEqual({
      issue_offer: { allowed: false, reason: leadMessages.cannotOfferClosed },
      resend_form: { allowed: false, reason: leadMessages.formClosed },
      close: { allowed: false, reason: leadMessages.alreadyClosed },
    });
    const again = await post(`/leads/${closed.leadId}/close/`, { reason: 'CLIENT_NOT_INTERESTED' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(closedActions.close.reason);

    const partner = await fx.directLead();
    expect((await get(`/leads/${partner.id}/`)).body.actions).toMatchObject({ issue_offer: allowed, resend_form: { allowed: false, reason: leadMessages.noForm } });
    const nobody = await fx.directLead({ person: null });
    expect((await get(`/leads/${nobody.id}/`)).body.actions.issue_offer).toEqual({ allowed: false, reason: leadMessages.noPerson });
  });

  it('accepting an offer keeps the requested amounts on the lead and the form; the accepted offer is beside them', async () => {
    const lead = await fx.portalLead({ value: 300_000, installment: 8_000 });
    const issued = await post(`/leads/${lead.leadId}/offer/`, regular);
    const applied = await question(lead.token, { type: 'SAVE_APPLICATION_OFFER', value: 280_000, installment_value: 7_500 });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      is_offer_applied: true,
      data: { value: 300_000, installment_value: 8_000 },
      applied_offer: { id: issued.body.offer.id, kind: 'REGULAR', value: '280000.00', installment_value: '7500.00', applied_at: expect.any(String) },
      reference: lead.leadId,
    });
    const detail = (await get(`/leads/${lead.leadId}/`)).body;
    expect(detail).toMatchObject({ value: '300000.00', installment_value: '8000.00' });
    expect(detail.offers).toEqual([expect.objectContaining({ id: issued.body.offer.id, value: '280000.00', installment_value: '7500.00', applied_at: expect.any(String) })]);
    const form = await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { id: lead.formId } });
    expect(form.data).toMatchObject({ value: 300_000, installment_value: 8_000, applied_offer_id: issued.body.offer.id });
  });

  it('a second confirmation after an accepted offer answers 409 offer_applied, even for another issued offer', async () => {
    const lead = await fx.portalLead({ value: 300_000, installment: 8_000 });
    expect((await post(`/leads/${lead.leadId}/offer/`, regular)).status).toBe(201);
    expect((await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 250_000, installment_value: 7_000 })).status).toBe(201);
    expect((await question(lead.token, { type: 'SAVE_APPLICATION_OFFER', value: 250_000, installment_value: 7_000 })).status).toBe(200);
    for (const offer of [{ value: 250_000, installment_value: 7_000 }, { value: 280_000, installment_value: 7_500 }]) {
      const again = await question(lead.token, { type: 'SAVE_APPLICATION_OFFER', ...offer });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: formMessages.offerAlreadyApplied, code: 'offer_applied' });
    }
    expect(await ctx.deps.prisma.offer.count({ where: { leadId: lead.leadId, appliedAt: { not: null } } })).toBe(1);
  });
});

describe('POST /api/v1/leads/{id}/offer/ — irregular', () => {
  it('stores the claim groups in order and e-mails an irregular_offer link the portal can apply', async () => {
    const lead = await fx.portalLead();
    const res = await post(`/leads/${lead.leadId}/offer/`, {
      kind: 'IRREGULAR',
      claim_groups: [
        { order: 2, count: 21, amount: 4_000 },
        { order: 1, count: 3, amount: 8_000 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.offer).toMatchObject({
      kind: 'IRREGULAR',
      value: null,
      installment_value: null,
      claim_groups: [
        { order: 1, count: 3, amount: '8000.00' },
        { order: 2, count: 21, amount: '4000.00' },
      ],
      // 3 × 8 000 + 21 × 4 000
      total_amount: '108000.00',
    });
    const [mail] = await outbox(lead.leadId);
    expect(mail!.body).toContain('1.–3. splátka: 8\u00a0000 Kč měsíčně');
    expect(mail!.body).toContain('4.–24. splátka: 4\u00a0000 Kč měsíčně');
    const link = linkIn(mail!.body);
    expect(link.pathname).toBe('/dokumenty');
    expect(link.searchParams.get('token')).toBe(lead.token);
    expect(link.searchParams.has('offer')).toBe(false);
    const groups = portalDecode(link.searchParams.get('irregular_offer')!);
    expect(groups).toEqual({ claim_group_1: { order: 1, count: 3, amount: 8_000 }, claim_group_2: { order: 2, count: 21, amount: 4_000 } });

    const applied = await question(lead.token, { ...groups, type: 'SAVE_IRREGULAR_PAYMENT_OFFER' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.is_offer_applied).toBe(true);
    expect((await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: lead.leadId } })).state).toBe('OFFER_ACCEPTED');
  });

  it('validates the groups: orders 1..n, 1–120 payments, amounts within the installment bounds', async () => {
    const lead = await fx.portalLead();
    const offer = (claim_groups: unknown) => post(`/leads/${lead.leadId}/offer/`, { kind: 'IRREGULAR', claim_groups });
    expect((await offer([])).body).toEqual({ claim_groups: [leadMessages.claimGroupsRequired] });
    expect((await offer(undefined)).body).toEqual({ claim_groups: [leadMessages.claimGroupsRequired] });
    expect((await offer([{ order: 1, count: 3, amount: 8_000 }, { order: 3, count: 3, amount: 8_000 }])).body).toEqual({ claim_groups: [leadMessages.claimGroupOrder] });
    expect((await offer([{ order: 1, count: 3, amount: 8_000 }, { order: 1, count: 3, amount: 8_000 }])).body).toEqual({ claim_groups: [leadMessages.claimGroupOrder] });
    expect((await offer([{ order: 1, count: 0, amount: 8_000 }])).body).toEqual({ 'claim_groups.0.count': [leadMessages.claimGroupCount] });
    expect((await offer([{ order: 1, count: 121, amount: 8_000 }])).body).toEqual({ 'claim_groups.0.count': [leadMessages.claimGroupCount] });
    expect((await offer([{ order: 1, count: 12, amount: 500 }])).body).toEqual({ 'claim_groups.0.amount': [formMessages.min1k] });
    expect((await offer([{ order: 1, count: 12, amount: 60_000 }])).body).toEqual({ 'claim_groups.0.amount': [formMessages.max50k] });
    expect(await ctx.deps.prisma.offer.count({ where: { leadId: lead.leadId } })).toBe(0);
  });
});

describe('GET /api/v1/leads/{id}/application_form/ and document downloads', () => {
  it('shows the latest form with staff download links that stream the file; identifiers unmasked for the underwriter, masked for a viewer', async () => {
    const lead = await fx.portalLead();
    const upload = await ctx.http().post(`/api/v1/forms/${lead.token}/documents/`).field('category', 'OTHER').attach('file', files.pdf, { filename: 'Výpis účtu – říjen.pdf', contentType: 'application/pdf' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);

    const res = await get(`/leads/${lead.leadId}/application_form/`, viewer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: lead.formId,
      lead_id: lead.leadId,
      token: lead.token,
      type: 'CONSUMER_LOAN',
      state: 'PERSON_INFO',
      utm_source: 'seznam',
      portal_url: `http://localhost:3000/?token=${lead.token}`,
      documents_count: 1,
      data: { first_name: lead.applicant.first_name, email: lead.applicant.email },
    });
    // A viewer's work does not need them (ROLES.md §1, docs/decisions/0046); the underwriter's does.
    expect(res.body.data.birth_number).toMatch(/^\d{6}\/\*{3,4}$/);
    expect(res.body.data.identity_card).toMatch(/^\*{6}\d{3}$/);
    const unmasked = await get(`/leads/${lead.leadId}/application_form/`, underwriter);
    expect(unmasked.body.data.birth_number).toMatch(/^\d{9,10}$/);
    expect(unmasked.body.data.birth_number.slice(0, 6)).toBe(res.body.data.birth_number.slice(0, 6));
    expect(unmasked.body.data.identity_card).toMatch(/^\d{9}$/);
    expect(unmasked.body.data.identity_card.slice(-3)).toBe(res.body.data.identity_card.slice(-3));
    const [doc] = res.body.documents;
    expect(doc).toMatchObject({ id: upload.body.id, category: 'OTHER', category_label: expect.any(String), file_name: 'Výpis účtu – říjen.pdf', mime_type: 'application/pdf', size: files.pdf.length });
    expect(doc.download_url).toBe(`/api/v1/leads/${lead.leadId}/application-form/${lead.formId}/documents/${upload.body.id}/download/`);

    const file = await ctx.http().get(doc.download_url).set(viewer).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Vypis uctu _ rijen.pdf"; filename*=UTF-8''${encodeURIComponent('Výpis účtu – říjen.pdf')}`);
    expect(Buffer.compare(file.body as Buffer, files.pdf)).toBe(0);

    // Another lead's path, an unknown document, no token.
    const other = await fx.portalLead();
    expect((await get(`/leads/${other.leadId}/application-form/${lead.formId}/documents/${upload.body.id}/download/`)).status).toBe(404);
    expect((await get(`/leads/${lead.leadId}/application-form/${other.formId}/documents/${upload.body.id}/download/`)).status).toBe(404);
    expect((await get(`/leads/${lead.leadId}/application-form/${lead.formId}/documents/999999/download/`)).status).toBe(404);
    expect((await ctx.http().get(doc.download_url)).status).toBe(401);
  });

  it('answers 404 for a lead without a form and for an unknown lead', async () => {
    const lead = await fx.directLead();
    const res = await get(`/leads/${lead.id}/application_form/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: leadMessages.applicationFormNotFound });
    expect((await get('/leads/999999/application_form/')).status).toBe(404);
  });
});

describe('POST /api/v1/leads/{leadId}/application-form/{id}/resend/', () => {
  it('queues the resume e-mail with the portal link and records the audit', async () => {
    const lead = await fx.portalLead();
    const res = await post(`/leads/${lead.leadId}/application-form/${lead.formId}/resend/`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ notification_id: expect.any(Number), recipient: lead.applicant.email, link: `http://localhost:3000/?token=${lead.token}` });
    const [mail] = await outbox(lead.leadId);
    expect(mail).toMatchObject({ id: res.body.notification_id, name: 'form.resend', type: 'EMAIL', state: 'SANDBOX', subject: RESEND_SUBJECT, recipient: lead.applicant.email });
    expect(RESEND_SUBJECT).toBe('Pokračujte ve své žádosti o úvěr');
    const link = linkIn(mail!.body);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('token')).toBe(lead.token);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'lead.application_form.resend', entityId: String(lead.leadId) } })).toBe(1);
  });

  it('answers 409 for a closed form or no e-mail, 404 for a form of another lead, 403 for VIEWER', async () => {
    const closed = await fx.portalLead();
    await ctx.deps.prisma.applicationForm.update({ where: { id: closed.formId }, data: { state: 'CLOSED' } });
    const a = await post(`/leads/${closed.leadId}/application-form/${closed.formId}/resend/`);
    expect(a.status).toBe(409);
    expect(a.body.detail).toBe(leadMessages.formClosed);

    const noEmail = await fx.portalLead();
    await ctx.deps.prisma.person.update({ where: { id: noEmail.personId }, data: { email: null } });
    await ctx.deps.prisma.applicationForm.update({ where: { id: noEmail.formId }, data: { data: { value: 250_000 } } });
    const b = await post(`/leads/${noEmail.leadId}/application-form/${noEmail.formId}/resend/`);
    expect(b.status).toBe(409);
    expect(b.body.detail).toBe(leadMessages.noEmail);

    const mine = await fx.portalLead();
    expect((await post(`/leads/${mine.leadId}/application-form/${closed.formId}/resend/`)).status).toBe(404);
    expect((await post(`/leads/${mine.leadId}/application-form/${mine.formId}/resend/`, undefined, viewer)).status).toBe(403);
    expect((await post(`/leads/${mine.leadId}/application-form/${mine.formId}/resend/`, undefined, collections)).status).toBe(403);
    for (const id of [closed.leadId, noEmail.leadId, mine.leadId]) expect(await outbox(id)).toEqual([]);
  });
});

describe('closing a lead while its applicant confirms the offer', () => {
  it('serialises the two: no deadlock, no 500, and the outcome is one of the two orders', async () => {
    for (let round = 0; round < 6; round++) {
      const lead = await fx.portalLead({ value: 300_000, installment: 8_000 });
      expect((await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 250_000, installment_value: 7_000 })).status).toBe(201);
      const [closed, applied] = await Promise.all([
        post(`/leads/${lead.leadId}/close/`, { reason: 'CLIENT_NOT_INTERESTED' }),
        question(lead.token, { type: 'SAVE_APPLICATION_OFFER', value: 250_000, installment_value: 7_000 }),
      ]);
      expect([closed.status, applied.status].some((s) => s >= 500), JSON.stringify([closed.body, applied.body])).toBe(false);
      // Staff always close; the applicant got in first (200) or found the form closed (409).
      expect(closed.status).toBe(200);
      expect([200, 409]).toContain(applied.status);
      const stored = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: lead.leadId } });
      expect(stored.state).toBe('CLOSED');
      expect(stored.offerApplied).toBe(applied.status === 200);
    }
  });
});
