import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { defaultRootDir } from '../config.ts';

// The data migration that reopened forms closed by sending (docs/decisions/0005), run again on
// rows shaped as the old code left them. It is idempotent, so running it twice is safe too.
const MIGRATION = path.join(defaultRootDir(), 'prisma/migrations/20261123120000_sent_forms_stay_open/migration.sql');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function legacyForm(leadState: 'IN_PROGRESS' | 'OFFER_SENT' | 'CLOSED' | 'CONVERTED', data: Record<string, unknown>) {
  const lead = await ctx.deps.prisma.lead.create({ data: { source: 'PORTAL', dealType: 'CONSUMER_LOAN', state: leadState } });
  return ctx.deps.prisma.applicationForm.create({
    data: { token: `legacy${lead.id}`.padEnd(32, 'x'), type: 'CONSUMER_LOAN', state: 'CLOSED', closedAt: new Date('2026-11-02T10:40:00Z'), leadId: lead.id, data: data as object },
  });
}

describe('migration 20261123120000_sent_forms_stay_open', () => {
  it('reopens the sent forms of leads still worked, keeping or recording when they were sent', async () => {
    const sent = await legacyForm('IN_PROGRESS', { value: 200_000, finished_at: '2026-11-02T10:39:59.000Z' });
    const seeded = await legacyForm('OFFER_SENT', { value: 300_000 });
    const closedLead = await legacyForm('CLOSED', { finished_at: '2026-11-02T10:39:59.000Z' });
    const converted = await legacyForm('CONVERTED', {});

    const sql = fs.readFileSync(MIGRATION, 'utf8');
    await ctx.deps.prisma.$executeRawUnsafe(sql);
    await ctx.deps.prisma.$executeRawUnsafe(sql);

    const after = async (id: number) => ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { id } });
    expect(await after(sent.id)).toMatchObject({ state: 'COLLATERAL_INFO', closedAt: null, data: { value: 200_000, finished_at: '2026-11-02T10:39:59.000Z' } });
    expect(await after(seeded.id)).toMatchObject({ state: 'COLLATERAL_INFO', closedAt: null, data: { value: 300_000, finished_at: '2026-11-02T10:40:00.000Z' } });
    expect(await after(closedLead.id)).toMatchObject({ state: 'CLOSED' });
    expect(await after(converted.id)).toMatchObject({ state: 'CLOSED' });
  });
});
