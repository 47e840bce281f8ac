import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { storageFor } from '../integrations/storage/index.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DealState, DealType, isValidBirthNumber, isValidCompanyId } from '@lending/contracts';
import { createTestContext, createTestDatabase, type TestContext } from '../../test/context.ts';
import { defaultRootDir } from '../config.ts';
import { connectDatabase } from '../db/prisma.ts';
import { addDays, businessDateOf } from '../domain/dates.ts';
import { portfolioMonthEnds } from './demo-collections.ts';
import { isEmpty } from './ensure-admin.ts';
import { seedDemoData } from './seed-demo-data.ts';

const ROOT = defaultRootDir();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('seeds an empty database with Czech data that passes our own validators', { timeout: 420_000 }, async () => {
    expect(await isEmpty(ctx.deps.prisma)).toBe(true);
    const result = await seedDemoData(ctx.deps.prisma, { adminEmail: 'spravce@demo.cz', adminPassword: 'Demo-heslo-2026', publicUrl: 'http://localhost:3000', storage: storageFor(ctx.deps) });
    expect(result.staff.map((s) => s.role).sort()).toEqual(['ACCOUNTANT', 'ACCOUNTANT', 'ADMIN', 'COLLECTIONS', 'UNDERWRITER', 'VIEWER']);
    expect(await isEmpty(ctx.deps.prisma)).toBe(false);

    const persons = await ctx.deps.prisma.person.findMany({ include: { addresses: true } });
    const natural = persons.filter((p) => p.identificationType === 'BIRTH_NUMBER');
    const legal = persons.filter((p) => p.identificationType === 'ICO');
    expect(natural.length).toBeGreaterThanOrEqual(30);
    expect(natural.every((p) => p.birthNumber && isValidBirthNumber(p.birthNumber))).toBe(true);
    expect(natural.every((p) => /^\+420[67]\d{8}$/.test(p.phoneE164 ?? ''))).toBe(true);
    expect(legal.every((p) => p.companyId && isValidCompanyId(p.companyId))).toBe(true);
    expect(persons.every((p) => p.addresses.every((a) => /^\d{3} \d{2}$/.test(a.zip ?? '') && a.wholeAddress.includes(a.city ?? '?')))).toBe(true);

    expect(natural.length + legal.length).toBeGreaterThanOrEqual(200);
    // Flags are backed by records.
    const flagged = await ctx.deps.prisma.person.findMany({ where: { OR: [{ hasExecution: true }, { hasInsolvency: true }] }, include: { distraints: true, isirCases: true } });
    expect(flagged.length).toBeGreaterThan(10);
    expect(flagged.every((p) => (!p.hasExecution || p.distraints.length > 0) && (!p.hasInsolvency || p.isirCases.length > 0))).toBe(true);
    expect(await ctx.deps.prisma.blacklistEntry.count()).toBeGreaterThan(3);

    const leads = await ctx.deps.prisma.lead.findMany({ include: { offers: true, closedReason: true, applicationForms: true } });
    expect(leads.length).toBeGreaterThanOrEqual(300);
    const bySource = new Set(leads.map((l) => l.source));
    expect([...bySource].sort()).toEqual(['BACKOFFICE', 'BEZVA_FINANCE', 'LEADSOR', 'PORTAL', 'SEVEN_FINANCE', 'VOLSOR']);
    expect(leads.filter((l) => l.source !== 'PORTAL' && l.source !== 'BACKOFFICE').every((l) => l.externalId && l.partnerPayload)).toBe(true);
    expect(new Set(leads.map((l) => l.state)).size).toBeGreaterThanOrEqual(5);
    expect(leads.filter((l) => l.state === 'CLOSED').every((l) => l.closedReason && l.closedAt)).toBe(true);
    // Converted leads (demo-deals.ts) had their offer accepted.
    const offered = leads.filter((l) => l.state === 'OFFER_SENT' || l.state === 'OFFER_ACCEPTED' || l.state === 'CONVERTED');
    expect(offered.length).toBeGreaterThan(10);
    expect(offered.every((l) => l.offers.length > 0 && l.applicationForms.length > 0)).toBe(true);
    // Applications staff work were sent and stay open, so an offer can still reach the applicant.
    const worked = leads.filter((l) => l.source === 'PORTAL' && l.state !== 'NEW' && l.state !== 'CLOSED');
    expect(worked.length).toBeGreaterThan(50);
    expect(worked.flatMap((l) => l.applicationForms).every((f) => f.state === 'COLLATERAL_INFO' && (f.data as { finished_at?: string }).finished_at)).toBe(true);
    expect(leads.filter((l) => l.state === 'CLOSED').flatMap((l) => l.applicationForms).every((f) => f.state === 'CLOSED')).toBe(true);
    const mails = await ctx.deps.prisma.notification.findMany({ where: { name: 'lead.offer' } });
    expect(mails.length).toBe(offered.length);
    expect(mails.every((m) => /http:\/\/localhost:3000\/dokumenty\?token=[\w-]{32}&offer=/.test(m.body))).toBe(true);
    const early = await ctx.deps.prisma.lead.findMany({ where: { person: { isNot: null } }, include: { person: true } });
    expect(early.filter((l) => l.createdAt < l.person!.createdAt)).toEqual([]);
    expect(await ctx.deps.prisma.callData.count()).toBeGreaterThan(100);
    expect(await ctx.deps.prisma.screening.count({ where: { state: 'PENDING' } })).toBe(40);
    expect(await ctx.deps.prisma.incomeExpense.count({ where: { kind: 'INCOME' } })).toBeGreaterThan(100);
    // A believable history: nothing happened in the future or before the lead came in.
    const seededAt = new Date();
    const [calls, offers, deals] = await Promise.all([
      ctx.deps.prisma.callData.findMany({ include: { lead: true } }),
      ctx.deps.prisma.offer.findMany({ include: { lead: true } }),
      ctx.deps.prisma.deal.findMany({ include: { lead: true } }),
    ]);
    expect(calls.filter((c) => c.calledAt > seededAt || c.calledAt < c.lead.createdAt)).toEqual([]);
    expect(offers.filter((o) => !o.sentAt || o.sentAt > seededAt || o.sentAt < o.lead.createdAt)).toEqual([]);
    expect(leads.filter((l) => (l.closedAt && l.closedAt > seededAt) || l.updatedAt < l.createdAt || l.updatedAt > seededAt)).toEqual([]);
    expect(deals.filter((d) => d.lead && d.createdAt < d.lead.createdAt)).toEqual([]);
    expect(
      deals.filter(
        (d) =>
          d.createdAt > seededAt ||
          (d.activatedAt && (d.activatedAt > seededAt || d.activatedAt < d.createdAt)) ||
          (d.closedAt && (d.closedAt > seededAt || d.closedAt < (d.activatedAt ?? d.createdAt))),
      ),
    ).toEqual([]);
    expect(legal.every((p) => /^info@[a-z0-9-]+\.cz$/.test(p.email ?? ''))).toBe(true);
    const forms = await ctx.deps.prisma.applicationForm.findMany();
    expect(forms.every((f) => /^[A-Za-z0-9_-]{32}$/.test(f.token))).toBe(true);

    await checkLoanBook(ctx);
    await checkPayments(ctx, seededAt);
    await checkCollections(ctx);

    const login = await ctx.http().post('/api/v1/auth/token/').send({ email: 'nahled@demo.cz', password: 'Demo-heslo-2026' });
    expect(login.status).toBe(200);
  });
});

/** The deals: every type and state, claims from the engine, and today's close of business. */
async function checkLoanBook(ctx: TestContext): Promise<void> {
  const db = ctx.deps.pool;
  const today = businessDateOf(new Date());
  const deals = (await db.query<{ type: string; state: string; n: number }>(`SELECT type::text, state::text, count(*)::int AS n FROM deals GROUP BY 1, 2`)).rows;
  const total = deals.reduce((sum, r) => sum + r.n, 0);
  expect(total).toBeGreaterThanOrEqual(1_400);
  expect(total).toBeLessThanOrEqual(1_600);
  const count = (pick: (r: (typeof deals)[number]) => boolean) => deals.filter(pick).reduce((sum, r) => sum + r.n, 0);
  // Every type and every state, in believable proportions: the active book is the largest part.
  for (const type of DealType.values) expect(count((r) => r.type === type), type).toBeGreaterThan(10);
  for (const state of DealState.values) expect(count((r) => r.state === state), state).toBeGreaterThan(20);
  expect(count((r) => r.state === 'ACTIVE')).toBeGreaterThan(total * 0.4);
  // Deals from accepted offers, through the lead conversion; accepted leads are left for staff too.
  const fromLeads = await ctx.deps.prisma.deal.count({ where: { leadId: { not: null } } });
  expect(fromLeads).toBeGreaterThan(3);
  expect(await ctx.deps.prisma.lead.count({ where: { state: 'OFFER_ACCEPTED' } })).toBeGreaterThan(3);
  expect(await ctx.deps.prisma.lead.count({ where: { state: 'CONVERTED' } })).toBe(fromLeads);

  // Every deal that was activated has one ACTIVE model, and its claims are that model's schedule:
  // a loan's principal claims sum to the principal, a lease has a rent claim a month, a
  // leaseback its buy-back price; applications have no claims.
  const wrong = await db.query(`
    SELECT d.id, d.type, d.state FROM deals d
      LEFT JOIN deal_models m ON m.deal_id = d.id AND m.state = 'ACTIVE'
     WHERE CASE WHEN d.state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY', 'CLOSED') THEN
             m.id IS NULL OR d.activated_at IS NULL OR CASE
               WHEN d.type IN ('LEASE', 'LEASING') THEN
                 (SELECT count(*) FROM claims c WHERE c.deal_id = d.id AND c.type = 'RENT') <> m.term_months
               WHEN d.type = 'SALE_AND_LEASEBACK' THEN
                 (SELECT sum(amount) FROM claims c WHERE c.deal_id = d.id AND c.type = 'PURCHASE_PRICE') IS DISTINCT FROM (m.parameters->>'buyback_price')::numeric
                 OR (SELECT count(*) FROM claims c WHERE c.deal_id = d.id AND c.type = 'RENT') <> m.term_months
               ELSE (SELECT sum(amount) FROM claims c WHERE c.deal_id = d.id AND c.type = 'PRINCIPAL') IS DISTINCT FROM m.principal
                 OR (SELECT count(*) FROM claims_groups g WHERE g.deal_id = d.id) <> m.term_months
             END
           ELSE EXISTS (SELECT 1 FROM claims c WHERE c.deal_id = d.id) END`);
  expect(wrong.rows).toEqual([]);
  // Claims were made on the day the deal was activated, not on the day of the seed (penalty
  // interest accrues at the closes, costs of recovery come with the reminders sent).
  const { rows: [stamps] } = await db.query<{ misdated: number }>(`
    SELECT count(*)::int AS misdated FROM claims c JOIN deals d ON d.id = c.deal_id
     WHERE c.type NOT IN ('PENALTY_INTEREST', 'COST_OF_RECOVERY') AND c.created_at <> d.activated_at`);
  expect(stamps!.misdated).toBe(0);
  // Payouts over the last three years: closed and insolvent deals carry the history.
  const { rows: [span] } = await db.query<{ oldest: string; newest: string }>(`
    SELECT min(disbursement_date)::text AS oldest, max(disbursement_date)::text AS newest FROM deal_models WHERE state = 'ACTIVE'`);
  expect(span!.oldest < addDays(today, -2 * 365)).toBe(true);
  expect(span!.newest <= today).toBe(true);

  // The closes of a year of month ends (the portfolio snapshots), of the collections history (a
  // date a week for nine weeks) and today's left every
  // serviced deal's DPD as the claims say: days from the oldest installment claim due before
  // today and not paid in full to today.
  const closed = (await ctx.deps.prisma.closeOfBusiness.findMany({ orderBy: { businessDate: 'asc' } })).map((r) => r.businessDate.toISOString().slice(0, 10));
  expect(closed).toEqual([...portfolioMonthEnds(addDays(today, -63)), ...Array.from({ length: 9 }, (_, i) => addDays(today, -63 + 7 * i)), today]);
  expect(await ctx.deps.prisma.portfolioSnapshot.groupBy({ by: ['businessDate'] })).toHaveLength(closed.length);
  const dpd = await db.query<{ id: number; state: string; days_past_due: number; expected: number; breach_types: string[]; non_paying_after_days: number }>(`
    SELECT d.id, d.state::text, d.days_past_due, d.breach_types::text[] AS breach_types, d.non_paying_after_days,
           coalesce($1::date - (SELECT min(c.due_date) FROM claims c WHERE c.deal_id = d.id AND c.cancelled_at IS NULL AND c.due_date < $1::date
                                   AND c.paid_amount < c.amount AND c.type NOT IN ('PENALTY_INTEREST', 'CONTRACTUAL_PENALTY', 'COST_OF_RECOVERY', 'OTHER')), 0) AS expected
      FROM deals d`, [today]);
  const serviced = dpd.rows.filter((d) => d.state === 'ACTIVE' || d.state === 'FILED_FOR_INSOLVENCY');
  expect(serviced.filter((d) => d.days_past_due !== d.expected)).toEqual([]);
  expect(dpd.rows.filter((d) => !serviced.includes(d) && (d.days_past_due !== 0 || d.breach_types.length))).toEqual([]);
  expect(serviced.filter((d) => d.breach_types.includes('NON_PAYING') !== d.days_past_due > d.non_paying_after_days)).toEqual([]);
  // A believable book: most ACTIVE deals are current, the rest spread over every bucket.
  const active = serviced.filter((d) => d.state === 'ACTIVE');
  expect(active.filter((d) => d.days_past_due === 0).length).toBeGreaterThan(active.length * 0.7);
  for (const [min, max] of [[1, 30], [31, 60], [61, 90], [91, 10_000]] as const) {
    expect(active.filter((d) => d.days_past_due >= min && d.days_past_due <= max).length, `${min}-${max}`).toBeGreaterThan(5);
  }
  expect(await ctx.deps.prisma.claim.count({ where: { type: 'PENALTY_INTEREST' } })).toBeGreaterThan(100);
  expect(await ctx.deps.prisma.breach.count({ where: { type: 'UNDELIVERED_PLEDGE_RIGHT', endedOn: null } })).toBeGreaterThan(0);
}

/**
 * The payment history (demo-payments.ts): monthly statements imported through the job's use case,
 * paired and allocated; most debtors pay, some are in arrears, some overpaid, a few repaid in full.
 */
async function checkPayments(ctx: TestContext, seededAt: Date): Promise<void> {
  const db = ctx.deps.pool;
  const today = businessDateOf(new Date());
  const one = async <T extends object>(sql: string, params: unknown[] = []) => (await db.query<T & Record<string, unknown>>(sql, params)).rows[0]!;

  // Every payment came in a statement (none typed in), dated before today; almost all are paired,
  // a handful wait for staff in the unpaired queue.
  const p = await one<{ n: number; by_hand: number; paired: number; unpaired: number; suggested: number; suggested_serviced: number; future: number; by_ss: number; by_account: number }>(`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE p.statement_id IS NULL)::int AS by_hand,
           count(*) FILTER (WHERE p.deal_id IS NOT NULL)::int AS paired,
           count(*) FILTER (WHERE p.deal_id IS NULL AND p.suggested_deal_id IS NULL)::int AS unpaired,
           count(*) FILTER (WHERE p.suggested_deal_id IS NOT NULL)::int AS suggested,
           count(*) FILTER (WHERE p.suggested_deal_id IS NOT NULL
                              AND (SELECT s.state FROM deals s WHERE s.id = p.suggested_deal_id) IN ('ACTIVE', 'FILED_FOR_INSOLVENCY'))::int AS suggested_serviced,
           count(*) FILTER (WHERE p.date >= $1::date OR p.created_at > $2 OR p.updated_at > $2)::int AS future,
           count(*) FILTER (WHERE ltrim(p.specific_symbol, '0') = d.variable_symbol AND ltrim(coalesce(p.variable_symbol, ''), '0') <> d.variable_symbol)::int AS by_ss,
           count(*) FILTER (WHERE p.deal_id IS NOT NULL AND p.variable_symbol IS NULL AND p.specific_symbol IS NULL)::int AS by_account
      FROM payments p LEFT JOIN deals d ON d.id = p.deal_id`, [today, seededAt]);
  expect(p.n).toBeGreaterThan(3_000);
  expect(p.by_hand).toBe(0);
  expect(p.future).toBe(0);
  expect(p.paired).toBeGreaterThan(p.n * 0.99);
  // The payments nobody's (the seed makes 6 to 12), and those whose counter-account knows only a
  // deal not serviced when its statement came (the seed imports the history of deals it made
  // closed): unpaired with that deal as a suggestion (ADR 0047), never a serviced one.
  expect(p.unpaired).toBeGreaterThanOrEqual(5);
  expect(p.unpaired).toBeLessThanOrEqual(15);
  expect(p.suggested_serviced).toBe(0);
  expect(p.unpaired + p.suggested).toBe(p.n - p.paired);
  expect(p.by_ss).toBeGreaterThan(5);
  expect(p.by_account).toBeGreaterThan(5);
  // A statement a month (camt.053) and this month's of the second account (GPC), all imported,
  // their figures those of the payments.
  const statements = await ctx.deps.prisma.paymentStatement.findMany({ orderBy: { id: 'asc' } });
  expect(statements.length).toBeGreaterThanOrEqual(12);
  expect(statements.filter((s) => s.format === 'gpc').length).toBe(1);
  expect(statements.filter((s) => s.state !== 'DONE' || s.errors.length || s.createdAt > seededAt || !s.finishedAt || s.finishedAt > seededAt)).toEqual([]);
  expect(statements.reduce((sum, s) => sum + s.created, 0)).toBe(p.n);
  expect(statements.reduce((sum, s) => sum + s.unpaired, 0)).toBe(p.unpaired + p.suggested);
  expect(statements.map((s) => s.createdAt.getTime())).toEqual(statements.map((s) => s.createdAt.getTime()).sort((a, b) => a - b));

  // The money: a claim's paid amount is the sum of its allocations, never beyond the claim; no
  // payment gives more than it brought; what it did not place is the deal's credit.
  const m = await one<{ drift: number; overpaid_claims: number; over_allocated: number; with_credit: number; late_allocations: number }>(`
    WITH pa AS (SELECT p.id, p.deal_id, p.amount, coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = p.id), 0) AS allocated
                  FROM payments p WHERE p.deal_id IS NOT NULL)
    SELECT (SELECT count(*) FROM claims c WHERE c.paid_amount <> (SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a WHERE a.claim_id = c.id))::int AS drift,
           (SELECT count(*) FROM claims c WHERE c.paid_amount > c.amount)::int AS overpaid_claims,
           (SELECT count(*) FROM pa WHERE pa.allocated > pa.amount)::int AS over_allocated,
           (SELECT count(DISTINCT pa.deal_id) FROM pa WHERE pa.allocated < pa.amount)::int AS with_credit,
           (SELECT count(*) FROM payment_allocations a WHERE a.created_at > $1 OR a.allocated_on > $2::date)::int AS late_allocations`, [seededAt, today]);
  expect(m.drift).toBe(0);
  expect(m.overpaid_claims).toBe(0);
  expect(m.over_allocated).toBe(0);
  expect(m.with_credit).toBeGreaterThanOrEqual(10);
  expect(m.late_allocations).toBe(0);

  // The book as the payments left it: most ACTIVE deals current with every installment due so
  // far paid, the ones that stopped paying in arrears (NON_PAYING past their limit), and loans
  // repaid in full closed duly with nothing owed.
  const b = await one<{ active: number; current_paid: number; non_paying: number; duly: number; duly_owing: number; duly_unpaid: number; insolvent_paid: number }>(`
    SELECT count(*) FILTER (WHERE d.state = 'ACTIVE')::int AS active,
           count(*) FILTER (WHERE d.state = 'ACTIVE' AND d.days_past_due = 0
                             AND EXISTS (SELECT 1 FROM claims c WHERE c.deal_id = d.id AND c.due_date < $1::date AND c.cancelled_at IS NULL)
                             AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.deal_id = d.id AND c.due_date < $1::date AND c.cancelled_at IS NULL AND c.paid_amount < c.amount))::int AS current_paid,
           count(*) FILTER (WHERE d.state = 'ACTIVE' AND 'NON_PAYING' = ANY(d.breach_types::text[]))::int AS non_paying,
           count(*) FILTER (WHERE d.closed_reason = 'CLOSED_DULY')::int AS duly,
           count(*) FILTER (WHERE d.closed_reason = 'CLOSED_DULY' AND EXISTS (SELECT 1 FROM claims c WHERE c.deal_id = d.id AND c.cancelled_at IS NULL AND c.paid_amount < c.amount))::int AS duly_owing,
           count(*) FILTER (WHERE d.closed_reason = 'CLOSED_DULY' AND d.closed_at < (SELECT max(p.date) FROM payments p WHERE p.deal_id = d.id))::int AS duly_unpaid,
           count(*) FILTER (WHERE d.state = 'FILED_FOR_INSOLVENCY' AND EXISTS (SELECT 1 FROM payments p WHERE p.deal_id = d.id))::int AS insolvent_paid
      FROM deals d`, [today]);
  expect(b.current_paid).toBeGreaterThan(b.active * 0.5);
  expect(b.non_paying).toBeGreaterThan(20);
  expect(b.duly).toBeGreaterThanOrEqual(20);
  expect(b.duly_owing).toBe(0);
  expect(b.duly_unpaid).toBe(0);
  // Deals that went wrong paid for a while first.
  expect(b.insolvent_paid).toBeGreaterThan(10);

  // The collateral (issue 25): the codebook, realties in their towns' territories, extracts
  // ordered through the real order, one watched realty whose new distraint the watch found, and
  // purchased properties in each state.
  const r = await one<{ territories: number; placed: number; extracts: number; linked: number; alerts: number; distraints: number; states: string[] }>(`
    SELECT (SELECT count(*) FROM cadastral_locations)::int AS territories,
           (SELECT count(*) FROM realties WHERE cadastral_area_code IS NOT NULL)::int AS placed,
           (SELECT count(*) FROM title_deeds WHERE downloaded_at IS NOT NULL AND file_key IS NOT NULL AND data_key IS NOT NULL)::int AS extracts,
           (SELECT count(*) FROM realties WHERE title_deed_id IS NOT NULL)::int AS linked,
           (SELECT count(*) FROM collateral_alerts WHERE resolved_at IS NULL)::int AS alerts,
           (SELECT count(*) FROM collateral_alerts WHERE kind = 'DISTRAINT')::int AS distraints,
           (SELECT array_agg(DISTINCT state::text ORDER BY state::text) FROM purchased_properties) AS states`);
  expect(r.territories).toBeGreaterThan(10_000);
  expect(r.placed).toBeGreaterThan(50);
  expect(r.extracts).toBeGreaterThanOrEqual(10);
  expect(r.linked).toBeGreaterThanOrEqual(10);
  expect(r.distraints).toBe(1);
  expect(r.alerts).toBeGreaterThanOrEqual(1);
  expect(r.states).toEqual(['ACQUISITION', 'OWNERSHIP', 'SOLD']);
}

describe('pnpm prisma db seed', () => {
  it('runs prisma/seed.ts through the Prisma CLI (prisma.config.ts) and seeds an empty database once', async () => {
    const database = await createTestDatabase();
    const db = connectDatabase(database.url, { max: 1 });
    try {
      const seed = () =>
        spawnSync(process.execPath, [path.join(ROOT, 'tools/prisma-engine/prisma.mjs'), 'db', 'seed'], {
          cwd: ROOT,
          // A small book: the first test seeds the whole demo; this one tests the command around it.
          env: { ...process.env, DATABASE_URL: database.url, PUBLIC_URL: 'https://pujcka.example.cz/', ADMIN_EMAIL: 'seed-admin@demo.cz', SEED_DEMO_DEALS: '30' },
          encoding: 'utf8',
          timeout: 420_000,
        });
      const first = seed();
      expect(first.status, `${first.stdout}\n${first.stderr}`).toBe(0);
      expect(first.stdout).toContain('Seeded demo data; staff accounts: seed-admin@demo.cz');
      expect(await db.prisma.deal.count()).toBe(30);
      expect(await db.prisma.staffUser.count({ where: { email: 'seed-admin@demo.cz', role: 'ADMIN' } })).toBe(1);
      expect(await db.prisma.lead.count()).toBeGreaterThanOrEqual(300);
      // The links of the seeded e-mails go where PUBLIC_URL says.
      const mail = await db.prisma.notification.findFirstOrThrow({ where: { body: { contains: 'https://' } } });
      expect(mail.body).toContain('https://pujcka.example.cz/');

      const again = seed();
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain('nothing seeded');
    } finally {
      await db.close();
      await database.drop();
    }
  }, 180_000);
});

/** The collections history the product made itself: the ladder's letters sent, acceleration waiting for staff, calls, promises kept and broken. */
async function checkCollections(ctx: TestContext): Promise<void> {
  const p = ctx.deps.prisma;
  const groups = await p.noticeGroup.groupBy({ by: ['stepCode', 'state'], _count: true });
  const count = (step: string, state: string) => groups.find((g) => g.stepCode === step && g.state === state)?._count ?? 0;
  expect(count('NON_PAYING_1', 'SENT')).toBeGreaterThan(10);
  expect(count('NON_PAYING_3', 'SENT')).toBeGreaterThan(0);
  expect(count('NON_PAYING_4', 'PREPARED')).toBeGreaterThan(0);
  expect(count('NON_PAYING_4', 'SENT')).toBe(0);
  // Every sent notice has its PDF and its message in the outbox (sandbox channels).
  expect(await p.notice.count({ where: { state: 'SENT', OR: [{ pdfKey: null }, { notificationId: null }, { content: { equals: Prisma.DbNull } }] } })).toBe(0);
  expect(await p.notification.count({ where: { name: { startsWith: 'notice.' }, state: 'SANDBOX' } })).toBeGreaterThan(20);
  expect(await p.collectionCall.count()).toBeGreaterThan(5);
  const promises = await p.promiseToPay.groupBy({ by: ['state'], _count: true });
  expect(promises.map((x) => x.state).sort()).toEqual(['BROKEN', 'KEPT']);
  // The most overdue deal climbed to acceleration, which waits for staff.
  const worst = await p.deal.findFirstOrThrow({ where: { state: 'ACTIVE' }, orderBy: { daysPastDue: 'desc' } });
  expect(worst.daysPastDue).toBeGreaterThan(90);
  expect(await p.noticeGroup.count({ where: { dealId: worst.id, stepCode: 'NON_PAYING_4', state: 'PREPARED' } })).toBe(1);
}
