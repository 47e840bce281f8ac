import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBirthNumber, isValidCompanyId } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { isEmpty, seedDemoData } from './seed-demo-data.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('seeds an empty database with Czech data that passes our own validators', async () => {
    expect(await isEmpty(ctx.deps.prisma)).toBe(true);
    const result = await seedDemoData(ctx.deps.prisma, { adminEmail: 'spravce@demo.cz', adminPassword: 'Demo-heslo-2026' });
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

    expect(await ctx.deps.prisma.lead.count()).toBeGreaterThan(20);
    expect(await ctx.deps.prisma.deal.count({ where: { state: 'ACTIVE' } })).toBeGreaterThan(3);
    expect(await ctx.deps.prisma.payment.count({ where: { dealId: null } })).toBe(5);
    const forms = await ctx.deps.prisma.applicationForm.findMany();
    expect(forms.every((f) => /^[A-Za-z0-9_-]{32}$/.test(f.token))).toBe(true);

    const login = await ctx.http().post('/api/v1/auth/token/').send({ email: 'nahled@demo.cz', password: 'Demo-heslo-2026' });
    expect(login.status).toBe(200);
  });
});
