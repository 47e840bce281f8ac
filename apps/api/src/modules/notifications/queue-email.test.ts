import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { sendEmailJob } from '../../jobs/definitions/notifications/send-email.ts';
import { queueEmail } from './queue-email.ts';
import { queuedJob } from '../../../test/fixtures/job-queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const offer = {
  name: 'lead.offer',
  recipient: ' jana.novakova@seznam.cz ',
  subject: 'Nabídka úvěru',
  body: 'Dobrý den,\n\npřipravili jsme pro Vás nabídku.',
  entityType: 'Lead',
  entityId: 42,
};
const withSmtp = () => ({ config: { ...ctx.deps.config, EMAIL_PROVIDER: 'smtp' as const, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Půjčka online <info@pujcka.example.cz>' } });
const jobOf = (id: number) => queuedJob(ctx.deps.prisma, sendEmailJob.key({ notification_id: id }));

describe('queueEmail', () => {
  it('keeps the e-mail in the outbox as a sandbox mail, never sent, without a mail server', async () => {
    const row = await queueEmail(ctx.deps, ctx.deps.prisma, offer);
    const stored = await ctx.deps.prisma.notification.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({
      name: 'lead.offer',
      type: 'EMAIL',
      state: 'SANDBOX',
      entityType: 'Lead',
      entityId: '42',
      recipient: 'jana.novakova@seznam.cz',
      subject: 'Nabídka úvěru',
      body: 'Dobrý den,\n\npřipravili jsme pro Vás nabídku.',
      attempts: 0,
      sentAt: null,
    });
    expect(await jobOf(row.id)).toBeUndefined();
  });

  it('with SMTP_URL writes a PENDING row and queues its send job in the same transaction', async () => {
    const row = await ctx.deps.prisma.$transaction((tx) => queueEmail(withSmtp(), tx, offer));
    expect(row).toMatchObject({ state: 'PENDING', attempts: 0 });
    expect(await jobOf(row.id)).toMatchObject({ task_identifier: 'notifications.send-email', attempts: 0, max_attempts: sendEmailJob.attempts + 1 });
  });

  it('lands with the transaction it is part of, or not at all (row and job alike)', async () => {
    const before = await ctx.deps.prisma.notification.count();
    let id = 0;
    await expect(
      ctx.deps.prisma.$transaction(async (tx) => {
        id = (await queueEmail(withSmtp(), tx, { name: 'form.resend', recipient: 'petr.svoboda@email.cz', subject: 'Pokračujte ve své žádosti o úvěr', body: 'odkaz' })).id;
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await ctx.deps.prisma.notification.count()).toBe(before);
    expect(id).toBeGreaterThan(0);
    expect(await jobOf(id)).toBeUndefined();
  });

  it('refuses a recipient that is not an e-mail address', async () => {
    const before = await ctx.deps.prisma.notification.count();
    await expect(queueEmail(ctx.deps, ctx.deps.prisma, { name: 'x', recipient: '777 123 456', subject: 's', body: 'b' })).rejects.toThrow(/not an e-mail/);
    expect(await ctx.deps.prisma.notification.count()).toBe(before);
  });
});
