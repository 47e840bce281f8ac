import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtyEstimation, realtyGroup, realtyGroupEvaluation } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import type { Deal, Realty } from '../../generated/prisma/client.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal, createDealModel, payClaim } from '../../../test/fixtures/deals.ts';

let ctx: TestContext;
let staff: string;
let viewer: string;
let deal: Deal;
let fromLead: Realty;
let ofParticipant: Realty;
let unrelated: Realty;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('UNDERWRITER')).access;
  viewer = (await ctx.login('VIEWER')).access;
  const p = ctx.deps.prisma;
  fromLead = await p.realty.create({ data: { type: 'FAMILY_HOUSE', wholeAddress: 'Na Výsluní 12, 739 11 Frýdlant', lvNumber: '1024', cadastralAreaName: 'Frýdlant' } });
  ofParticipant = await p.realty.create({ data: { type: 'FLAT', wholeAddress: 'Hlavní 5, 602 00 Brno' } });
  unrelated = await p.realty.create({ data: { type: 'LAND' } });
  const person = await p.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Alena', lastName: 'Dvořáková' } });
  const lead = await p.lead.create({ data: { source: 'BACKOFFICE', personId: person.id, realtyId: fromLead.id } });
  deal = await p.deal.create({ data: { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: '600000.00', leadId: lead.id } });
  const coDebtor = await p.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Petr', lastName: 'Dvořák' } });
  await p.dealParticipant.create({ data: { dealId: deal.id, personId: coDebtor.id, role: 'DEBTOR' } });
  await p.realtyRight.create({ data: { personId: coDebtor.id, realtyId: ofParticipant.id, type: 'OWNERSHIP' } });
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/v1/deals/${path}`;
const get = (path: string, token = staff) => ctx.http().get(url(path)).set(bearer(token));
const send = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object, token = staff) => ctx.http()[method](url(path)).set(bearer(token)).send(body);
const audit = (action: string, entityId: number) => ctx.deps.prisma.auditLog.findFirst({ where: { action, entityId: String(entityId) } });

async function newGroup(dealId: number, body: object = { name: 'Zajištění', realties: [] }): Promise<number> {
  const res = await send('post', `${dealId}/realty-groups/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}
async function estimate(dealId: number, groupId: number, value: string, estimatedAt: string) {
  const res = await send('post', `${dealId}/realty-groups/${groupId}/estimations/`, { value, estimated_at: estimatedAt, estimator: 'Znalec Ing. Novák' });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}
const evaluate = (dealId: number, groupId: number, token = staff) => send('post', `${dealId}/realty-groups/${groupId}/evaluate_notification/`, undefined, token);

describe('realty groups', () => {
  it('POST creates a group of the deal’s collateral realties; audit-logged', async () => {
    const res = await send('post', `${deal.id}/realty-groups/`, { name: 'Dům a byt', mortgage: true, note: 'Zástava 1. pořadí', realties: [ofParticipant.id, fromLead.id] });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      deal_id: deal.id,
      name: 'Dům a byt',
      mortgage: true,
      note: 'Zástava 1. pořadí',
      latest_estimation: null,
      realties: [
        { id: fromLead.id, type: 'FAMILY_HOUSE', whole_address: 'Na Výsluní 12, 739 11 Frýdlant', lv_number: '1024', cadastral_area_name: 'Frýdlant' },
        { id: ofParticipant.id, type: 'FLAT', whole_address: 'Hlavní 5, 602 00 Brno', lv_number: null, cadastral_area_name: null },
      ],
    });
    expect(realtyGroup.parse(res.body)).toEqual(res.body);
    expect(await audit('deal.realty_group.create', res.body.id)).toBeTruthy();
  });

  it('refuses realties that are not the deal’s collateral or do not exist, and bad bodies, with Czech messages', async () => {
    const res = await send('post', `${deal.id}/realty-groups/`, { name: 'X', realties: [unrelated.id, 999999, fromLead.id] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      realties: [
        `Nemovitost č. ${unrelated.id} nepatří k zajištění obchodu (není nemovitostí jeho žádosti ani nemovitostí, k níž má některý účastník obchodu právo).`,
        'Nemovitost č. 999999 neexistuje.',
      ],
    });
    const bad = await send('post', `${deal.id}/realty-groups/`, { name: ' ', mortgage: 'ano', realties: [1, 1] });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toEqual(['Zadejte název skupiny.']);
    expect(bad.body.realties).toEqual(['Každou nemovitost uveďte jen jednou.']);
    expect(bad.body.mortgage).toHaveLength(1);
    // Another deal has no such collateral.
    const other = await createDeal(ctx.deps.prisma);
    expect((await send('post', `${other.id}/realty-groups/`, { name: 'X', realties: [fromLead.id] })).status).toBe(400);
    expect((await send('post', '999999/realty-groups/', { name: 'X' })).status).toBe(404);
  });

  it('lists paged, filtered by mortgage and ordered; nonsense filter values are 400', async () => {
    const d = await createDeal(ctx.deps.prisma);
    await newGroup(d.id, { name: 'B', mortgage: true });
    await newGroup(d.id, { name: 'A', mortgage: false });
    await newGroup(d.id, { name: 'C', mortgage: true });
    const mortgaged = await get(`${d.id}/realty-groups/?mortgage=true&ordering=-name`);
    expect(mortgaged.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(mortgaged.body.results.map((g: { name: string }) => g.name)).toEqual(['C', 'B']);
    expect((await get(`${d.id}/realty-groups/?mortgage=0`)).body.results.map((g: { name: string }) => g.name)).toEqual(['A']);
    expect((await get(`${d.id}/realty-groups/?ordering=name&page_size=2`)).body).toMatchObject({ count: 3, results: [{ name: 'A' }, { name: 'B' }] });
    expect((await get(`${d.id}/realty-groups/?mortgage=maybe`)).body).toEqual({ mortgage: ['Zadejte true nebo false.'] });
    expect((await get(`${d.id}/realty-groups/?ordering=value`)).status).toBe(400);
  });

  it('PATCH changes what is sent (realties: the new set), PUT replaces; GET shows it; 404 across deals', async () => {
    const id = await newGroup(deal.id, { name: 'Původní', note: 'Poznámka', realties: [fromLead.id, ofParticipant.id] });
    const patch = await send('patch', `${deal.id}/realty-groups/${id}/`, { realties: [ofParticipant.id] });
    expect(patch.status, patch.text).toBe(200);
    expect(patch.body).toMatchObject({ name: 'Původní', note: 'Poznámka', realties: [{ id: ofParticipant.id }] });
    const put = await send('put', `${deal.id}/realty-groups/${id}/`, { name: 'Nový', mortgage: true });
    expect(put.body).toMatchObject({ name: 'Nový', mortgage: true, note: null, realties: [] });
    expect((await get(`${deal.id}/realty-groups/${id}/`)).body).toMatchObject({ id, name: 'Nový' });
    expect(await audit('deal.realty_group.update', id)).toBeTruthy();
    const other = await createDeal(ctx.deps.prisma);
    expect((await get(`${other.id}/realty-groups/${id}/`)).status).toBe(404);
    expect((await send('patch', `${other.id}/realty-groups/${id}/`, { name: 'Cizí' })).status).toBe(404);
  });

  it('estimations: created and listed newest first (day, then entry); the group shows the latest', async () => {
    const id = await newGroup(deal.id);
    await estimate(deal.id, id, '3000000', '2026-05-01');
    const sameDayLater = await estimate(deal.id, id, '2900000.50', '2026-06-01');
    await estimate(deal.id, id, '3100000', '2026-01-15');
    const list = await get(`${deal.id}/realty-groups/${id}/estimations/`);
    expect(list.body.count).toBe(3);
    expect(list.body.results.map((e: { value: string; estimated_at: string }) => [e.value, e.estimated_at])).toEqual([
      ['2900000.50', '2026-06-01'],
      ['3000000.00', '2026-05-01'],
      ['3100000.00', '2026-01-15'],
    ]);
    expect((await get(`${deal.id}/realty-groups/${id}/`)).body.latest_estimation).toMatchObject({ id: sameDayLater, value: '2900000.50', estimator: 'Znalec Ing. Novák' });
    expect(realtyEstimation.parse(list.body.results[0])).toEqual(list.body.results[0]);
    const bad = await send('post', `${deal.id}/realty-groups/${id}/estimations/`, { value: '0', estimated_at: '1.5.2026' });
    expect(bad.body).toEqual({ value: ['Částka musí být větší než nula.'], estimated_at: ['Zadejte datum ve tvaru RRRR-MM-DD.'] });
  });

  it('DELETE removes a group with its estimations; an evaluated one is kept (409)', async () => {
    const id = await newGroup(deal.id, { name: 'Ke smazání', realties: [fromLead.id] });
    await estimate(deal.id, id, '100000', '2026-01-01');
    expect((await send('delete', `${deal.id}/realty-groups/${id}/`)).status).toBe(204);
    expect((await get(`${deal.id}/realty-groups/${id}/`)).status).toBe(404);
    expect(await ctx.deps.prisma.realtyEstimation.count({ where: { realtyGroupId: id } })).toBe(0);
    expect(await audit('deal.realty_group.delete', id)).toBeTruthy();

    const evaluated = await newGroup(deal.id);
    await estimate(deal.id, evaluated, '100000', '2026-01-01');
    expect((await evaluate(deal.id, evaluated)).status).toBe(201);
    const refused = await send('delete', `${deal.id}/realty-groups/${evaluated}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Skupina už byla vyhodnocena (LTV); záznam o vyhodnocení musí zůstat, skupinu proto nelze smazat.');
  });
});

describe('evaluate_notification: loan-to-value against the outstanding principal', () => {
  it('active deal: not-cancelled PRINCIPAL claims, amount − paid; notice above 80 % or after a drop over 20 %', async () => {
    const d = await createDeal(ctx.deps.prisma, { state: 'ACTIVE' });
    const paidPart = await addClaim(ctx.deps.prisma, d, { due: '2026-03-15', amount: '400000.00' });
    await payClaim(ctx.deps.prisma, paidPart, '150000.00');
    await addClaim(ctx.deps.prisma, d, { due: '2027-03-15', amount: '300000.00' });
    await addClaim(ctx.deps.prisma, d, { due: '2026-03-15', amount: '50000.00', cancelled: true });
    await addClaim(ctx.deps.prisma, d, { type: 'INTEREST', due: '2026-03-15', amount: '10000.00' });
    // Outstanding: (400 000 − 150 000) + 300 000 = 550 000,00 Kč.
    const id = await newGroup(d.id);
    await estimate(d.id, id, '800000', '2026-01-10');
    const e700 = await estimate(d.id, id, '700000', '2026-06-01');

    // 550 000 / 700 000 = 78,571…% → 78,57 %; the estimate fell 12,5 % (800 000 → 700 000).
    const first = await evaluate(d.id, id);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      realty_group_id: id,
      estimation_id: e700,
      estimate: '700000.00',
      previous_estimate: '800000.00',
      outstanding_principal: '550000.00',
      principal_source: 'CLAIMS',
      ltv: '78.57',
      must_notify: false,
      reason: '',
    });

    // 550 000 / 650 000 = 84,615…% → 84,62 %; down 7,14 % only.
    await estimate(d.id, id, '650000', '2026-09-01');
    const second = await evaluate(d.id, id);
    expect(second.body).toMatchObject({ ltv: '84.62', must_notify: true, estimate: '650000.00', previous_estimate: '700000.00' });
    expect(second.body.reason).toBe('LTV 84,62 % překračuje hranici 80 % (nesplacená jistina 550\u00a0000\u00a0Kč, odhad 650\u00a0000\u00a0Kč).');

    // Same day, entered later, is the latest: 550 000 / 500 000 = 110 %; down 150 000 / 650 000 = 23,076…% → 23,08 %.
    await estimate(d.id, id, '500000', '2026-09-01');
    const third = await evaluate(d.id, id);
    expect(third.body).toMatchObject({ ltv: '110.00', must_notify: true, estimate: '500000.00', previous_estimate: '650000.00' });
    expect(realtyGroupEvaluation.parse(third.body)).toEqual(third.body);
    expect(third.body.reason).toBe(
      'LTV 110,00 % překračuje hranici 80 % (nesplacená jistina 550\u00a0000\u00a0Kč, odhad 500\u00a0000\u00a0Kč). ' +
        'Odhad klesl o 23,08 % proti předchozímu (z 650\u00a0000\u00a0Kč na 500\u00a0000\u00a0Kč), tedy o více než 20 %.',
    );

    // Over the limit twice: one prepared LTV notice for the deal, its note the latest reasons (ADR 0048).
    const notices = await ctx.deps.prisma.noticeGroup.findMany({ where: { dealId: d.id } });
    expect(notices.map((g) => [g.title, g.state, g.noticeType])).toEqual([['Upozornění na pokles hodnoty zajištění', 'PREPARED', 'OTHER']]);
    expect(notices[0]!.note).toContain('LTV 110,00 %');

    // Recorded, with who asked; listed newest first.
    const rows = await ctx.deps.prisma.realtyGroupEvaluation.findMany({ where: { realtyGroupId: id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.ltv.toFixed(2), r.mustNotify])).toEqual([['78.57', false], ['84.62', true], ['110.00', true]]);
    const evaluator = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'deal.realty_group.evaluate', entityId: String(rows[0]!.id) } });
    expect(rows.every((r) => r.evaluatedById === Number(evaluator.actorId))).toBe(true);
    const list = await get(`${d.id}/realty-groups/${id}/evaluations/`);
    expect(list.body.results.map((e: { ltv: string }) => e.ltv)).toEqual(['110.00', '84.62', '78.57']);
  });

  it('before activation: the ACTIVE deal model, else the newest DRAFT; the thresholds read the rounded per cent', async () => {
    const d = await createDeal(ctx.deps.prisma, { state: 'CONTRACT_SIGN' });
    const id = await newGroup(d.id);
    await estimate(d.id, id, '100000', '2026-02-01');
    const none = await evaluate(d.id, id);
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe('Obchod ještě nemá model s jistinou (aktivní ani rozpracovaný); LTV nelze spočítat.');

    await createDealModel(ctx.deps.prisma, d.id, { version: 1, state: 'DRAFT', principal: '90000.00' });
    await createDealModel(ctx.deps.prisma, d.id, { version: 2, state: 'DRAFT', principal: '80004.99' });
    // 80 004,99 / 100 000 = 80,00499 % → 80,00 %: not above 80 %.
    expect((await evaluate(d.id, id)).body).toMatchObject({ principal_source: 'DEAL_MODEL', outstanding_principal: '80004.99', ltv: '80.00', must_notify: false });

    await ctx.deps.prisma.dealModel.update({ where: { dealId_version: { dealId: d.id, version: 1 } }, data: { state: 'ACTIVE', principal: '80005.00' } });
    // The ACTIVE version wins: 80 005 / 100 000 = 80,005 % → 80,01 % (half-up): above 80 %.
    const active = await evaluate(d.id, id);
    expect(active.body).toMatchObject({ principal_source: 'DEAL_MODEL', outstanding_principal: '80005.00', ltv: '80.01', must_notify: true, previous_estimate: null });
  });

  it('a drop of 20,00 % does not notify, 20,02 % does; the previous estimation is the one just before', async () => {
    const d = await createDeal(ctx.deps.prisma, { state: 'ACTIVE' });
    await addClaim(ctx.deps.prisma, d, { due: '2026-03-15', amount: '1000.00' });
    const id = await newGroup(d.id);
    await estimate(d.id, id, '1000000', '2026-01-01');
    await estimate(d.id, id, '800000', '2026-02-01');
    // 1 000 000 → 800 000 is exactly 20,00 % down; LTV 1 000 / 800 000 = 0,125 % → 0,13 % (half-up).
    expect((await evaluate(d.id, id)).body).toMatchObject({ ltv: '0.13', must_notify: false });
    // Against the first estimation 799 900 would be 20,01 % down; against the one just before
    // (800 000) it is 100 / 800 000 = 0,0125 % → 0,01 %: the previous estimation is the last one.
    await estimate(d.id, id, '799900', '2026-03-01');
    const res = await evaluate(d.id, id);
    expect(res.body).toMatchObject({ must_notify: false, previous_estimate: '800000.00' });
    await estimate(d.id, id, '639900', '2026-04-01');
    // 799 900 → 639 900: down 160 000 / 799 900 = 20,0025…% → 20,00 %: not over 20 %.
    expect((await evaluate(d.id, id)).body).toMatchObject({ must_notify: false });
    await estimate(d.id, id, '511800', '2026-05-01');
    // 639 900 → 511 800: down 128 100 / 639 900 = 20,0187…% → 20,02 %: over.
    const dropped = await evaluate(d.id, id);
    expect(dropped.body.must_notify).toBe(true);
    expect(dropped.body.reason).toBe('Odhad klesl o 20,02 % proti předchozímu (z 639\u00a0900\u00a0Kč na 511\u00a0800\u00a0Kč), tedy o více než 20 %.');
  });

  it('needs an estimation (409) and an existing group of the deal (404)', async () => {
    const id = await newGroup(deal.id);
    const res = await evaluate(deal.id, id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Skupina nemá žádný odhad hodnoty; LTV nelze spočítat.');
    expect((await evaluate(deal.id, 999999)).status).toBe(404);
    const other = await createDeal(ctx.deps.prisma);
    expect((await evaluate(other.id, id)).status).toBe(404);
  });
});

describe('roles', () => {
  it('VIEWER reads groups, estimations and evaluations but writes and evaluates nothing (403)', async () => {
    const id = await newGroup(deal.id);
    await estimate(deal.id, id, '500000', '2026-01-01');
    for (const path of [`${deal.id}/realty-groups/`, `${deal.id}/realty-groups/${id}/`, `${deal.id}/realty-groups/${id}/estimations/`, `${deal.id}/realty-groups/${id}/evaluations/`]) {
      expect((await get(path, viewer)).status, path).toBe(200);
    }
    for (const [method, path, body] of [
      ['post', `${deal.id}/realty-groups/`, { name: 'X' }],
      ['put', `${deal.id}/realty-groups/${id}/`, { name: 'X' }],
      ['patch', `${deal.id}/realty-groups/${id}/`, { name: 'X' }],
      ['delete', `${deal.id}/realty-groups/${id}/`, undefined],
      ['post', `${deal.id}/realty-groups/${id}/estimations/`, { value: '1', estimated_at: '2026-01-01' }],
      ['post', `${deal.id}/realty-groups/${id}/evaluate_notification/`, undefined],
    ] as const) {
      expect((await send(method, path, body, viewer)).status, `${method} ${path}`).toBe(403);
    }
    expect(await ctx.deps.prisma.realtyGroupEvaluation.count({ where: { realtyGroupId: id } })).toBe(0);
  });
});
