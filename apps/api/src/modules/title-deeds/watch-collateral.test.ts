import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createDeal } from '../../../test/fixtures/deals.ts';
import { findSandboxLv, sandboxTerritories } from '../../integrations/cadastre/index.ts';
import { obtainExtract } from './obtain-extract.ts';
import { syncCadastralLocations } from './sync-cadastral-locations.ts';
import { watchCollateral } from './watch-collateral.ts';

// The collateral watch's known answers (issue 25 §3) with the sandbox cadastre, whose extracts
// leave out what begins after their date: an LV whose only encumbrance of the last months is a
// distraint shows it in the extract ordered now and not in the one ordered before it began.

let ctx: TestContext;
let staff: string;
const DAY = 86_400_000;
const now = new Date();
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
let watched: NonNullable<ReturnType<typeof findSandboxLv>>;
let distraintSince: string;
let dealId: number;
let realtyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('UNDERWRITER')).access;
  await syncCadastralLocations(ctx.deps);
  const territory = sandboxTerritories()[20]!;
  // A distraint that began 60 to 400 days ago, and nothing else that began in the 90 days before it.
  const lo = new Date(now.getTime() - 400 * DAY).toISOString().slice(0, 10);
  const hi = new Date(now.getTime() - 60 * DAY).toISOString().slice(0, 10);
  watched = findSandboxLv(
    (e) => {
      const distraint = e.encumbrances.find((x) => x.type === 'DISTRAINT' && x.since !== null && x.since >= lo && x.since <= hi);
      if (!distraint) return false;
      const before = new Date(day(distraint.since!).getTime() - 90 * DAY).toISOString().slice(0, 10);
      return e.encumbrances.filter((x) => x.since !== null && x.since >= before).length === 1;
    },
    { territoryCode: territory.code, asOf: now },
  )!;
  expect(watched).not.toBeNull();
  distraintSince = watched.extract.encumbrances.find((x) => x.type === 'DISTRAINT')!.since!;
  const p = ctx.deps.prisma;
  const realty = await p.realty.create({ data: { type: 'FLAT', cadastralAreaCode: watched.territoryCode, lvNumber: watched.lvNumber, wholeAddress: 'Sledovaná 5' } });
  realtyId = realty.id;
  const deal = await createDeal(p, { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: '900000.00' });
  dealId = deal.id;
  await p.realtyGroup.create({ data: { dealId, name: 'Zajištění', mortgage: true, realties: { create: [{ realtyId }] } } });
  // A closed deal's realty is not watched.
  const closed = await createDeal(p, { type: 'CONSUMER_LOAN', state: 'CLOSED', value: '100000.00' });
  const closedRealty = await p.realty.create({ data: { type: 'LAND', cadastralAreaCode: watched.territoryCode, lvNumber: String(Number(watched.lvNumber) + 1) } });
  await p.realtyGroup.create({ data: { dealId: closed.id, name: 'Zajištění', realties: { create: [{ realtyId: closedRealty.id }] } } });
  // The first extract: ordered 45 days before the distraint, describing that day.
  const then = new Date(day(distraintSince).getTime() - 45 * DAY);
  await obtainExtract({ ...ctx.deps, now: () => then }, { territoryCode: watched.territoryCode, lvNumber: watched.lvNumber, asOf: then, orderedById: null, reuseRecent: false });
});
afterAll(() => ctx.close());

describe('the collateral watch', () => {
  it('within no budget orders nothing and leaves the due title deeds for the next run', async () => {
    const result = await watchCollateral({ ...ctx.deps, config: { ...ctx.deps.config, CADASTRE_WATCH_BUDGET: 0 } });
    expect(result).toMatchObject({ due: 1, ordered: 0, deferred: 1, alerts: 0, spent: '0.00' });
  });

  it('re-orders a due title deed and raises one alert for the new distraint, on the deal, in its history and on Slack', async () => {
    const result = await watchCollateral(ctx.deps);
    expect(result).toMatchObject({ due: 1, ordered: 1, alerts: 1, deferred: 0, failed: 0 });
    const alerts = await ctx.deps.prisma.collateralAlert.findMany();
    expect(alerts).toEqual([expect.objectContaining({ dealId, realtyId, kind: 'DISTRAINT', resolvedAt: null })]);
    expect(alerts[0]!.description).toContain('Exekuce');
    const history = await ctx.http().get(`/api/v1/deals/${dealId}/history/`).set(bearer(staff));
    expect(history.body.results.map((e: { action: string }) => e.action)).toContain('deal.collateral_alert');
    expect(await ctx.deps.prisma.notification.count({ where: { name: 'alert.collateral', entityId: String(dealId) } })).toBe(1);
    const listed = await ctx.http().get(`/api/v1/collateral-alerts/?deal=${dealId}`).set(bearer(staff));
    expect(listed.body.results).toEqual([expect.objectContaining({ deal_id: dealId, realty_id: realtyId, kind: 'DISTRAINT', realty_address: 'Sledovaná 5' })]);
    const realty = await ctx.http().get(`/api/v1/realties/${realtyId}/`).set(bearer(staff));
    expect(realty.body.open_alerts).toBe(1);
    // The new extract names what changed since the previous one.
    const latest = await ctx.http().get(`/api/v1/title-deeds/${alerts[0]!.titleDeedId}/`).set(bearer(staff));
    expect(latest.body.previous_id).toBe(alerts[0]!.previousTitleDeedId);
    expect(latest.body.changes).toEqual([expect.objectContaining({ kind: 'ADDED', part: 'ENCUMBRANCE' })]);
  });

  it('an extract ordered within the interval is not due; an unchanged one a month later raises nothing', async () => {
    expect(await watchCollateral(ctx.deps)).toMatchObject({ due: 0, ordered: 0, alerts: 0 });
    const later = new Date(now.getTime() + 31 * DAY);
    expect(await watchCollateral({ ...ctx.deps, now: () => later })).toMatchObject({ due: 1, ordered: 1, alerts: 0 });
    expect(await ctx.deps.prisma.collateralAlert.count()).toBe(1);
  });

  it('staff resolve an alert once; resolving again is refused', async () => {
    const alert = await ctx.deps.prisma.collateralAlert.findFirstOrThrow();
    const resolved = await ctx.http().post(`/api/v1/collateral-alerts/${alert.id}/resolve/`).set(bearer(staff));
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.resolved_at).not.toBeNull();
    const again = await ctx.http().post(`/api/v1/collateral-alerts/${alert.id}/resolve/`).set(bearer(staff));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Upozornění už je vyřízené.');
    expect((await ctx.http().get('/api/v1/collateral-alerts/').set(bearer(staff))).body.count).toBe(0);
    expect((await ctx.http().get('/api/v1/collateral-alerts/?resolved=true').set(bearer(staff))).body.count).toBe(1);
  });
});
