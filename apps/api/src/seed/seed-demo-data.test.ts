import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBirthNumber, isValidCompanyId } from '@lending/contracts';
import { createTestContext, createTestDatabase, type TestContext } from '../../test/context.ts';
import { defaultRootDir } from '../config.ts';
import { connectDatabase } from '../db/prisma.ts';
import { isEmpty, seedDemoData } from './seed-demo-data.ts';

const ROOT = defaultRootDir();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('seeds an empty database with Czech data that passes our own validators', async () => {
    expect(await isEmpty(ctx.deps.prisma)).toBe(true);
    const result = await seedDemoData(ctx.deps.prisma, { adminEmail: 'spravce@demo.cz', adminPassword: 'Demo-heslo-2026', publicUrl: 'http://localhost:3000' });
    expect(result.staff.map((s) => s.role).sort()).toEqual(['ACCOUNTANT', 'ADMIN', 'COLLECTIONS', 'UNDERWRITER', 'VIEWER']);
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
    const offered = leads.filter((l) => l.state === 'OFFER_SENT' || l.state === 'OFFER_ACCEPTED');
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
    expect(await ctx.deps.prisma.deal.count({ where: { state: 'ACTIVE' } })).toBeGreaterThan(3);
    expect(await ctx.deps.prisma.payment.count({ where: { dealId: null } })).toBe(5);
    // A believable history: nothing happened in the future or before the lead came in.
    const seededAt = new Date();
    const [calls, offers, deals] = await Promise.all([
      ctx.deps.prisma.callData.findMany({ include: { lead: true } }),
      ctx.deps.prisma.offer.findMany({ include: { lead: true } }),
      ctx.deps.prisma.deal.findMany({ include: { lead: true, payments: true } }),
    ]);
    expect(calls.filter((c) => c.calledAt > seededAt || c.calledAt < c.lead.createdAt)).toEqual([]);
    expect(offers.filter((o) => !o.sentAt || o.sentAt > seededAt || o.sentAt < o.lead.createdAt)).toEqual([]);
    expect(leads.filter((l) => (l.closedAt && l.closedAt > seededAt) || l.updatedAt < l.createdAt || l.updatedAt > seededAt)).toEqual([]);
    expect(deals.filter((d) => !d.lead || (d.signedAt && d.signedAt < d.lead.createdAt) || d.payments.some((p) => p.date > seededAt))).toEqual([]);
    expect(legal.every((p) => /^info@[a-z0-9-]+\.cz$/.test(p.email ?? ''))).toBe(true);
    const forms = await ctx.deps.prisma.applicationForm.findMany();
    expect(forms.every((f) => /^[A-Za-z0-9_-]{32}$/.test(f.token))).toBe(true);

    const login = await ctx.http().post('/api/v1/auth/token/').send({ email: 'nahled@demo.cz', password: 'Demo-heslo-2026' });
    expect(login.status).toBe(200);
  });
});

describe('pnpm prisma db seed', () => {
  it('runs prisma/seed.ts through the Prisma CLI (prisma.config.ts) and seeds an empty database once', async () => {
    const database = await createTestDatabase();
    const db = connectDatabase(database.url, { max: 1 });
    try {
      const seed = () =>
        spawnSync(process.execPath, [path.join(ROOT, 'tools/prisma-engine/prisma.mjs'), 'db', 'seed'], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: database.url, PUBLIC_URL: 'https://pujcka.example.cz/', ADMIN_EMAIL: 'seed-admin@demo.cz' },
          encoding: 'utf8',
          timeout: 240_000,
        });
      const first = seed();
      expect(first.status, `${first.stdout}\n${first.stderr}`).toBe(0);
      expect(first.stdout).toContain('Seeded demo data; staff accounts: seed-admin@demo.cz');
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
  }, 300_000);
});
