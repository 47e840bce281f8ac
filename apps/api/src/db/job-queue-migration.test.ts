import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { defaultRootDir } from '../config.ts';
import { createPerson } from '../../test/fixtures/screenings.ts';

// The data migration that cleaned up after the hand-made queue (docs/decisions/0013), run again
// on rows shaped as the old code left them.
const MIGRATION = path.join(defaultRootDir(), 'prisma/migrations/20261124100100_job_queue_data/migration.sql');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('migration 20261124100100_job_queue_data', () => {
  it('moves the attempts out of result._job, drops the rest of it, and marks never-sent e-mails as sandbox mails', async () => {
    const person = await createPerson(ctx.deps);
    const legacy = (state: 'PENDING' | 'IN_PROGRESS' | 'FINISHED' | 'FAILED', result: unknown) =>
      ctx.deps.prisma.screening.create({ data: { personId: person.id, type: 'RZP', state, result: result as object } });
    const waiting = await legacy('PENDING', { _job: { attempts: 2, lease: null, run_after: '2026-11-20T10:00:00.000Z', last_error: 'Registr je dočasně nedostupný (HTTP 503).' } });
    const running = await legacy('IN_PROGRESS', { _job: { attempts: 1, lease: '8f0c2b1e-0000-4000-8000-000000000000' } });
    const finished = await legacy('FINISHED', { outcome: 'CLEAN', summary: 'Osoba nepodniká.', _job: { attempts: 3, lease: null } });
    const untouched = await legacy('FINISHED', { outcome: 'CLEAN', summary: 'Bez fronty.' });
    const outbox = (state: 'PENDING' | 'SENT' | 'FAILED', type: 'EMAIL' | 'SMS' = 'EMAIL') =>
      ctx.deps.prisma.notification.create({ data: { name: 'lead.offer', type, state, recipient: 'jana.novakova@seznam.cz', subject: 'Nabídka úvěru', body: 'Dobrý den' } });
    const unsent = await outbox('PENDING');
    const sent = await outbox('SENT');
    const sms = await outbox('PENDING', 'SMS');

    await ctx.deps.prisma.$executeRawUnsafe(fs.readFileSync(MIGRATION, 'utf8'));

    const screening = (id: number) => ctx.deps.prisma.screening.findUniqueOrThrow({ where: { id } });
    expect(await screening(waiting.id)).toMatchObject({ state: 'PENDING', attempts: 2, result: null });
    expect(await screening(running.id)).toMatchObject({ state: 'IN_PROGRESS', attempts: 1, result: null });
    expect(await screening(finished.id)).toMatchObject({ state: 'FINISHED', attempts: 3, result: { outcome: 'CLEAN', summary: 'Osoba nepodniká.' } });
    expect((await screening(finished.id)).result).not.toHaveProperty('_job');
    expect(await screening(untouched.id)).toMatchObject({ attempts: 0, result: { outcome: 'CLEAN', summary: 'Bez fronty.' } });
    const notification = (id: number) => ctx.deps.prisma.notification.findUniqueOrThrow({ where: { id } });
    expect(await notification(unsent.id)).toMatchObject({ state: 'SANDBOX', sentAt: null });
    expect(await notification(sent.id)).toMatchObject({ state: 'SENT' });
    expect(await notification(sms.id)).toMatchObject({ state: 'PENDING' });
  });
});
