import { approvalRequestView, type ApprovalRequestView } from '@lending/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal, dealFixtures, payClaim } from '../../../test/fixtures/deals.ts';

// Four-eyes over real HTTP and PostgreSQL (ROLES.md §2, docs/decisions/0045): every four-eyes
// action answers 202 and changes nothing until a second user approves it; the maker never
// approves (ADMIN neither); two checkers at once execute once; a request whose premise changed
// fails with the action's Czech reason; an expired one cannot be approved.

let ctx: TestContext;
let admin: { access: string; id: number };
let accountant: { access: string; id: number };
let accountant2: { access: string; id: number };
let collections: { access: string; id: number };
let underwriter: { access: string; id: number };
let viewer: { access: string; id: number };
const p = () => ctx.deps.prisma;

async function user(role: 'ADMIN' | 'ACCOUNTANT' | 'COLLECTIONS' | 'UNDERWRITER' | 'VIEWER') {
  const login = await ctx.login(role);
  const { id } = await p().staffUser.findUniqueOrThrow({ where: { email: login.email } });
  return { access: login.access, id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The template database has four-eyes off for the other features' tests; here it is as shipped.
  await p().fourEyesSetting.updateMany({ data: { enabled: true } });
  [admin, accountant, accountant2, collections, underwriter, viewer] = await Promise.all([user('ADMIN'), user('ACCOUNTANT'), user('ACCOUNTANT'), user('COLLECTIONS'), user('UNDERWRITER'), user('VIEWER')]);
});
afterAll(() => ctx.close());

const http = () => ctx.http();
const approve = (id: number, who = accountant) => http().post(`/api/v1/approvals/${id}/approve/`).set(bearer(who.access));
const reject = (id: number, body: object, who = accountant) => http().post(`/api/v1/approvals/${id}/reject/`).set(bearer(who.access)).send(body);
const withdraw = (id: number, who: { access: string }) => http().post(`/api/v1/approvals/${id}/withdraw/`).set(bearer(who.access));
const newClaim = (dealId: number, amount: string, who = collections) =>
  http().post(`/api/v1/deals/${dealId}/claims/`).set(bearer(who.access)).send({ type: 'FEE', due_date: '2026-12-15', amount, description: 'Poplatek za upomínku' });

/** A 202 answer: an approval request, valid by its contract, pending. */
function pending(res: { status: number; body: unknown; text: string }): ApprovalRequestView {
  expect(res.status, res.text).toBe(202);
  const view = approvalRequestView.parse(res.body);
  expect(view.state).toBe('PENDING');
  return view;
}

describe('a claim entered by hand on a serviced deal', () => {
  it('waits for approval (202), changes nothing, and is executed as its maker asked once a second user approves', async () => {
    const deal = await createDeal(p());
    const res = await newClaim(deal.id, '12345.00');
    const request = pending(res);
    expect(request).toMatchObject({ action: 'CLAIM_CREATE', deal: deal.id, amount: '12345.00', maker: { id: collections.id }, decided_by: null });
    expect(request.summary).toBe(`Nová pohledávka: Poplatek, 12\u00a0345\u00a0Kč, splatná 15. 12. 2026 — obchod #${deal.id}`);
    expect(Date.parse(request.expires_at) - Date.parse(request.created_at)).toBe(7 * 86_400_000);
    expect(await p().claim.count({ where: { dealId: deal.id } })).toBe(0);

    const approved = await approve(request.id);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ state: 'EXECUTED', decided_by: { id: accountant.id }, failure: null });
    const claims = await p().claim.findMany({ where: { dealId: deal.id } });
    expect(claims.map((c) => [c.type, c.amount.toFixed(2), c.description])).toEqual([['FEE', '12345.00', 'Poplatek za upomínku']]);
    expect(approved.body.result).toEqual({ claim_id: claims[0]!.id });
    // The audit log: the maker asked and the claim is theirs; the checker approved.
    const audit = await p().auditLog.findMany({ where: { OR: [{ entity: 'ApprovalRequest', entityId: String(request.id) }, { action: 'claim.create', entityId: String(claims[0]!.id) }] }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['approval.request', String(collections.id)],
      ['claim.create', String(collections.id)],
      ['approval.approve', String(accountant.id)],
    ]);
    // …and the deal's history shows the request and its decision.
    const history = await http().get(`/api/v1/audit-log/?deal=${deal.id}&ordering=id`).set(bearer(admin.access));
    expect(history.body.results.map((e: { action: string }) => e.action)).toEqual(['approval.request', 'claim.create', 'approval.approve']);
  });

  it('under the 500 Kč threshold is created at once (201)', async () => {
    const deal = await createDeal(p());
    const res = await newClaim(deal.id, '499.99');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ amount: '499.99', type: 'FEE' });
    const atThreshold = await newClaim(deal.id, '500.00');
    pending(atThreshold);
  });

  it('is refused at once, with the action’s own errors, when it could not execute now (no request is made)', async () => {
    const application = await createDeal(p(), { state: 'CONTRACT_SIGN' });
    const res = await newClaim(application.id, '5000');
    // Not a serviced deal: not four-eyes, the use case answers as always.
    expect(res.status).toBe(409);
    const deal = await createDeal(p());
    const bad = await http().post(`/api/v1/deals/${deal.id}/claims/`).set(bearer(collections.access)).send({ type: 'FEE', due_date: '2026-12-15', amount: '5000', creditor: 2_000_000_000 });
    expect(bad.status, bad.text).toBe(400);
    expect(await p().approvalRequest.count({ where: { dealId: { in: [application.id, deal.id] } } })).toBe(0);
  });

  it('asked twice (a retried call) makes one request; the second is refused naming the first', async () => {
    const deal = await createDeal(p());
    const first = pending(await newClaim(deal.id, '7000'));
    const again = await newClaim(deal.id, '7000');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`Stejná žádost už čeká na schválení (č. ${first.id}).`);
    const [a, b] = await Promise.all([newClaim(deal.id, '8000'), newClaim(deal.id, '8000')]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect(await p().approvalRequest.count({ where: { dealId: deal.id } })).toBe(2);
  });
});

describe('who decides', () => {
  let dealId: number;
  beforeEach(async () => {
    dealId = (await createDeal(p())).id;
  });

  it('the maker never approves or rejects their own request — ADMIN neither', async () => {
    const own = pending(await newClaim(dealId, '9000', admin));
    const approved = await approve(own.id, admin);
    expect(approved.status).toBe(403);
    expect(approved.body.detail).toBe('Vlastní žádost nemůže schválit ani zamítnout ten, kdo ji podal.');
    expect((await reject(own.id, { reason: 'Ne' }, admin)).status).toBe(403);
    expect((await approve(own.id, accountant)).status).toBe(200);
  });

  it('collections propose claim changes but do not approve them; underwriters and viewers neither', async () => {
    const request = pending(await newClaim(dealId, '9000', accountant));
    for (const who of [collections, underwriter, viewer]) {
      const res = await approve(request.id, who);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('K této akci nemáte oprávnění.');
    }
    expect(await p().claim.count({ where: { dealId } })).toBe(0);
    expect((await approve(request.id, admin)).status).toBe(200);
  });

  it('two checkers approving at once: executed once, the other is told it is decided', async () => {
    const request = pending(await newClaim(dealId, '15000'));
    const answers = await Promise.all([approve(request.id, accountant), approve(request.id, accountant2), approve(request.id, admin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.detail)).toEqual(['Žádost už není ke schválení (stav: Schváleno a provedeno).', 'Žádost už není ke schválení (stav: Schváleno a provedeno).']);
    expect(await p().claim.count({ where: { dealId } })).toBe(1);
    expect(await p().auditLog.count({ where: { action: 'approval.approve', entityId: String(request.id) } })).toBe(1);
  });

  it('a rejection needs a reason; a rejected request executes nothing and cannot be approved', async () => {
    const request = pending(await newClaim(dealId, '9000'));
    expect((await reject(request.id, {})).body).toEqual({ reason: ['Uveďte důvod zamítnutí.'] });
    expect((await reject(request.id, { reason: '   ' })).body).toEqual({ reason: ['Uveďte důvod zamítnutí.'] });
    const rejected = await reject(request.id, { reason: 'Poplatek dlužníkovi nepatří, upomínka nebyla odeslána.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ state: 'REJECTED', reason: 'Poplatek dlužníkovi nepatří, upomínka nebyla odeslána.', decided_by: { id: accountant.id } });
    expect((await approve(request.id, accountant2)).body.detail).toBe('Žádost už není ke schválení (stav: Zamítnuto).');
    expect(await p().claim.count({ where: { dealId } })).toBe(0);
  });

  it('the maker may withdraw a pending request; nobody else may', async () => {
    const request = pending(await newClaim(dealId, '9000'));
    const other = await withdraw(request.id, accountant);
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe('Žádost může stáhnout jen ten, kdo ji podal.');
    const withdrawn = await withdraw(request.id, collections);
    expect(withdrawn.body).toMatchObject({ state: 'WITHDRAWN', decided_by: { id: collections.id } });
    expect((await approve(request.id)).status).toBe(409);
    expect((await withdraw(request.id, collections)).status).toBe(409);
  });

  it('an expired request cannot be approved, and stays expired', async () => {
    const request = pending(await newClaim(dealId, '9000'));
    await p().approvalRequest.update({ where: { id: request.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const listed = await http().get(`/api/v1/approvals/?deal=${dealId}&state=EXPIRED`).set(bearer(viewer.access));
    expect(listed.body.results.map((r: ApprovalRequestView) => [r.id, r.state])).toEqual([[request.id, 'EXPIRED']]);
    const res = await approve(request.id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Žádost vypršela; podejte ji prosím znovu.');
    expect((await p().approvalRequest.findUniqueOrThrow({ where: { id: request.id } })).state).toBe('EXPIRED');
    expect((await reject(request.id, { reason: 'Pozdě' })).body.detail).toBe('Žádost už není ke schválení (stav: Vypršelo).');
    expect(await p().claim.count({ where: { dealId } })).toBe(0);
  });
});

describe('re-validation at approval', () => {
  it('a cancellation of a claim paid meanwhile fails with the Czech reason and stays visible as failed', async () => {
    const deal = await createDeal(p());
    const claimId = await addClaim(p(), deal, { type: 'FEE', due: '2026-11-15', amount: '2500.00' });
    const request = pending(await http().delete(`/api/v1/deals/${deal.id}/claims/${claimId}/`).set(bearer(collections.access)));
    expect(request.summary).toBe(`Zrušení pohledávky č. ${claimId} (Poplatek, 2\u00a0500\u00a0Kč, splatná 15. 11. 2026) — obchod #${deal.id}`);
    await payClaim(p(), claimId, '100.00');

    const res = await approve(request.id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Akci nelze provést: Na pohledávku už bylo něco uhrazeno; uhrazené pohledávky se nemění (opravuje se platbou nebo dobropisem).');
    const failed = await http().get(`/api/v1/approvals/${request.id}/`).set(bearer(viewer.access));
    expect(failed.body).toMatchObject({ state: 'FAILED', failure: 'Na pohledávku už bylo něco uhrazeno; uhrazené pohledávky se nemění (opravuje se platbou nebo dobropisem).', decided_by: { id: accountant.id } });
    expect((await p().claim.findUniqueOrThrow({ where: { id: claimId } })).cancelledAt).toBeNull();
    expect(await p().auditLog.count({ where: { action: 'claim.cancel', entityId: String(claimId) } })).toBe(0);
    expect(await p().auditLog.count({ where: { action: 'approval.fail', entityId: String(request.id) } })).toBe(1);
  });

  it('a change of a claim executes the amounts asked, not the ones of the approval day', async () => {
    const deal = await createDeal(p());
    const claimId = await addClaim(p(), deal, { type: 'FEE', due: '2026-11-15', amount: '2500.00' });
    const request = pending(await http().patch(`/api/v1/deals/${deal.id}/claims/${claimId}/`).set(bearer(collections.access)).send({ amount: '3000', due_date: '2026-12-01' }));
    expect(request.summary).toBe(`Změna pohledávky č. ${claimId} (Poplatek): částka 2\u00a0500\u00a0Kč → 3\u00a0000\u00a0Kč, splatnost 15. 11. 2026 → 1. 12. 2026 — obchod #${deal.id}`);
    expect(request.amount).toBe('3000.00');
    expect((await p().claim.findUniqueOrThrow({ where: { id: claimId } })).amount.toFixed(2)).toBe('2500.00');
    expect((await approve(request.id)).status).toBe(200);
    const claim = await p().claim.findUniqueOrThrow({ where: { id: claimId } });
    expect([claim.amount.toFixed(2), claim.dueDate.toISOString().slice(0, 10)]).toEqual(['3000.00', '2026-12-01']);
  });
});

describe('every four-eyes action answers 202 and changes nothing until approved', () => {
  it('activation: the deal stays signed with no claims, then activates with its schedule', async () => {
    const f = dealFixtures(ctx);
    const deal = await f.deal({ type: 'OTHER_DEAL', state: 'CONTRACT_SIGN' });
    await p().dealModel.create({
      data: { dealId: deal.id, version: 1, principal: '100000.00', annualInterestRate: '12', termMonths: 12, disbursementDate: new Date('2026-01-15'), firstDueDate: new Date('2026-02-15'), dueDay: 15, allocationProfile: 'OTHER_PROFILE_V1' },
    });
    const request = pending(await http().post(`/api/v1/deals/${deal.id}/state/`).set(bearer(accountant.access)).send({ state: 'ACTIVE' }));
    expect(request.action).toBe('DEAL_ACTIVATE');
    expect((await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).state).toBe('CONTRACT_SIGN');
    expect(await p().claim.count({ where: { dealId: deal.id } })).toBe(0);
    // Moves that are not four-eyes still happen at once.
    const approved = await approve(request.id, accountant2);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.result).toEqual({ deal_id: deal.id, state: 'ACTIVE' });
    expect((await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).state).toBe('ACTIVE');
    // 100 000 Kč at 12 % over 12 months: 12 installments of principal and interest.
    expect(await p().claim.count({ where: { dealId: deal.id, type: { in: ['PRINCIPAL', 'INTEREST'] } } })).toBe(24);
  });

  it('closing (a write-off): the deal stays active until approved', async () => {
    const deal = await createDeal(p(), { type: 'OTHER_DEAL' });
    const request = pending(await http().post(`/api/v1/deals/${deal.id}/state/`).set(bearer(collections.access)).send({ state: 'CLOSED', closed_reason: 'CLOSED_DEAL_WRITE_OFF', note: 'Nevymahatelné' }));
    expect(request.summary).toBe(`Ukončení obchodu #${deal.id}: Odepsáno (Nevymahatelné)`);
    expect((await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).state).toBe('ACTIVE');
    expect((await approve(request.id)).status).toBe(200);
    expect((await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).closedReason).toBe('CLOSED_DEAL_WRITE_OFF');
    // Insolvency is not four-eyes: at once.
    const other = await createDeal(p());
    expect((await http().post(`/api/v1/deals/${other.id}/state/`).set(bearer(collections.access)).send({ state: 'FILED_FOR_INSOLVENCY' })).status).toBe(200);
  });

  it('a payment order of drawings: no file and no batch until a second accountant approves; then the file is downloadable', async () => {
    const deal = await createDeal(p());
    const purpose = await http().post(`/api/v1/deals/${deal.id}/purposes/`).set(bearer(underwriter.access)).send({ type: 'APPLICANT_BANK_ACCOUNT', amount: '250000', bank_account: '19-2000145399/0800', recipient_name: 'Jana Nováková' });
    expect(purpose.status, purpose.text).toBe(201);
    const drawing = await http().post(`/api/v1/deals/${deal.id}/purposes/${purpose.body.id}/drawings/`).set(bearer(underwriter.access)).send({ amount: '150000.00' });
    const request = pending(await http().post(`/api/v1/deals/${deal.id}/purposes/payments/?format=abo`).set(bearer(accountant.access)).send([drawing.body.id]));
    expect(request).toMatchObject({ action: 'PAYMENT_ORDER', amount: '150000.00' });
    expect(request.summary).toBe(`Platební příkaz (ABO): čerpání č. ${drawing.body.id}, celkem 150\u00a0000\u00a0Kč — obchod #${deal.id}`);
    expect(await p().paymentOrderBatch.count({ where: { dealId: deal.id } })).toBe(0);
    expect((await p().purposeDrawing.findUniqueOrThrow({ where: { id: drawing.body.id } })).paymentOrderBatchId).toBeNull();

    const approved = await approve(request.id, accountant2);
    expect(approved.status, approved.text).toBe(200);
    const batchId = approved.body.result.payment_order_id as number;
    const file = await http().get(`/api/v1/deals/${deal.id}/purposes/payments/${batchId}/`).set(bearer(accountant.access));
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`platebni-prikaz-${deal.id}-${batchId}.kpc`);
    expect((await p().purposeDrawing.findUniqueOrThrow({ where: { id: drawing.body.id } })).paymentOrderBatchId).toBe(batchId);
  });

  it('an installment (a claims group) changed or cancelled: unchanged until approved', async () => {
    const deal = await createDeal(p(), { annualRate: '12' });
    await addClaim(p(), deal, { type: 'INTEREST', due: '2027-01-15', amount: '800.00' });
    const [group] = await p().claimsGroup.findMany({ where: { dealId: deal.id } });
    const path = `/api/v1/deals/${deal.id}/claims-group/${group!.id}/`;
    const change = pending(await http().patch(path).set(bearer(collections.access)).send({ amounts: { INTEREST: '900.00' } }));
    expect(change.summary).toBe(`Změna splátky: Splátka č. 1 splatná 15. 1. 2027: částka 800\u00a0Kč → 900\u00a0Kč — obchod #${deal.id}`);
    expect(change.amount).toBe('900.00');
    expect((await p().claim.findFirstOrThrow({ where: { claimsGroupId: group!.id } })).amount.toFixed(2)).toBe('800.00');
    expect((await approve(change.id)).status).toBe(200);
    expect((await p().claim.findFirstOrThrow({ where: { claimsGroupId: group!.id, cancelledAt: null } })).amount.toFixed(2)).toBe('900.00');

    const cancel = pending(await http().delete(path).set(bearer(collections.access)));
    expect(cancel.summary).toBe(`Zrušení splátky: Splátka č. 1 splatná 15. 1. 2027, 900\u00a0Kč — obchod #${deal.id}`);
    expect((await p().claimsGroup.findUniqueOrThrow({ where: { id: group!.id } })).cancelledAt).toBeNull();
    expect((await approve(cancel.id)).status).toBe(200);
    expect((await p().claimsGroup.findUniqueOrThrow({ where: { id: group!.id } })).cancelledAt).not.toBeNull();
  });

  it('a restructuring: the model stays a draft until approved', async () => {
    const f = dealFixtures(ctx);
    const deal = await f.deal({ type: 'OTHER_DEAL', state: 'CONTRACT_SIGN' });
    await p().fourEyesSetting.update({ where: { action: 'DEAL_ACTIVATE' }, data: { enabled: false } });
    try {
      await f.activate(admin.access, deal.id, { principal: '100000.00', annual_interest_rate: '12', term_months: 12, disbursement_date: '2026-01-15', first_due_date: '2026-02-15', due_day: 15, installment_type: 'ANNUITY' });
    } finally {
      await p().fourEyesSetting.update({ where: { action: 'DEAL_ACTIVATE' }, data: { enabled: true } });
    }
    // Nothing paid yet: the whole principal moves to the new version from 1 February.
    const draft = await http().post(`/api/v1/deals/${deal.id}/deal-model/`).set(bearer(admin.access)).send({ principal: '100000.00', annual_interest_rate: '6', term_months: 24, disbursement_date: '2026-02-01', first_due_date: '2026-03-15', due_day: 15, installment_type: 'ANNUITY', valid_from: '2026-02-01' });
    expect(draft.status, draft.text).toBe(201);
    const request = pending(await http().post(`/api/v1/deals/${deal.id}/deal-model/${draft.body.id}/activate/`).set(bearer(collections.access)));
    expect(request.summary).toBe(`Restrukturalizace obchodu #${deal.id}: verze modelu č. ${draft.body.id} od 1. 2. 2026, jistina 100\u00a0000\u00a0Kč`);
    expect((await p().dealModel.findUniqueOrThrow({ where: { id: draft.body.id } })).state).toBe('DRAFT');
    const approved = await approve(request.id);
    expect(approved.status, approved.text).toBe(200);
    expect((await p().dealModel.findUniqueOrThrow({ where: { id: draft.body.id } })).state).toBe('ACTIVE');
    expect(approved.body.result).toMatchObject({ deal_model_id: draft.body.id });
  });
});

describe('the list and the settings', () => {
  it('filters by state, action, maker, deal and age; actionable = what the caller may decide', async () => {
    const deal = await createDeal(p());
    const mine = pending(await newClaim(deal.id, '6000', accountant));
    const theirs = pending(await newClaim(deal.id, '6100', collections));
    await p().approvalRequest.update({ where: { id: theirs.id }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
    const list = async (query: string, who = accountant) => {
      const res = await http().get(`/api/v1/approvals/?deal=${deal.id}&${query}`).set(bearer(who.access));
      expect(res.status, res.text).toBe(200);
      return res.body.results.map((r: ApprovalRequestView) => r.id);
    };
    expect(await list('')).toEqual([mine.id, theirs.id]);
    expect(await list('actionable=true')).toEqual([theirs.id]);
    expect(await list('actionable=true', collections)).toEqual([]);
    expect(await list(`maker=${accountant.id}`)).toEqual([mine.id]);
    expect(await list('older_than_days=2')).toEqual([theirs.id]);
    expect(await list('action=DEAL_ACTIVATE')).toEqual([]);
    expect(await list('state=PENDING&ordering=created_at')).toEqual([theirs.id, mine.id]);
    expect((await http().get('/api/v1/approvals/?state=NONSENSE').set(bearer(viewer.access))).status).toBe(400);
  });

  it('ADMIN switches an action off (audited); it then executes at once', async () => {
    const deal = await createDeal(p());
    const settings = await http().get('/api/v1/approvals/settings/').set(bearer(viewer.access));
    expect(settings.body.find((s: { action: string }) => s.action === 'CLAIM_CREATE')).toEqual({ action: 'CLAIM_CREATE', enabled: true, threshold: '500.00', expires_after_days: 7 });
    const body = { enabled: false, threshold: null, expires_after_days: 7 };
    expect((await http().put('/api/v1/approvals/settings/CLAIM_CREATE/').set(bearer(accountant.access)).send(body)).status).toBe(403);
    expect((await http().put('/api/v1/approvals/settings/NONSENSE/').set(bearer(admin.access)).send(body)).status).toBe(404);
    const off = await http().put('/api/v1/approvals/settings/CLAIM_CREATE/').set(bearer(admin.access)).send(body);
    expect(off.body).toEqual({ action: 'CLAIM_CREATE', ...body });
    try {
      expect((await newClaim(deal.id, '50000')).status).toBe(201);
      expect(await p().auditLog.count({ where: { action: 'four_eyes_setting.update', entityId: 'CLAIM_CREATE' } })).toBe(1);
    } finally {
      await http().put('/api/v1/approvals/settings/CLAIM_CREATE/').set(bearer(admin.access)).send({ enabled: true, threshold: '500', expires_after_days: 7 });
    }
  });
});
