import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { queueEmail } from './queue-email.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('queueEmail', () => {
  it('writes a PENDING EMAIL notification (the outbox row) about its entity', async () => {
    const row = await queueEmail(ctx.deps.prisma, {
      name: 'lead.offer',
      recipient: ' jana.novakova@seznam.cz ',
      subject: 'Nabídka úvěru',
      body: 'Dobrý den,\n\npřipravili jsme pro Vás nabídku.',
      entityType: 'Lead',
      entityId: 42,
    });
    const stored = await ctx.deps.prisma.notification.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({
      name: 'lead.offer',
      type: 'EMAIL',
      state: 'PENDING',
      entityType: 'Lead',
      entityId: '42',
      recipient: 'jana.novakova@seznam.cz',
      subject: 'Nabídka úvěru',
      body: 'Dobrý den,\n\npřipravili jsme pro Vás nabídku.',
      attempts: 0,
      sentAt: null,
    });
  });

  it('lands with the transaction it is part of, or not at all', async () => {
    const before = await ctx.deps.prisma.notification.count();
    await expect(
      ctx.deps.prisma.$transaction(async (tx) => {
        await queueEmail(tx, { name: 'form.resend', recipient: 'petr.svoboda@email.cz', subject: 'Pokračujte ve své žádosti o úvěr', body: 'odkaz' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await ctx.deps.prisma.notification.count()).toBe(before);
  });

  it('refuses a recipient that is not an e-mail address', async () => {
    const before = await ctx.deps.prisma.notification.count();
    await expect(queueEmail(ctx.deps.prisma, { name: 'x', recipient: '777 123 456', subject: 's', body: 'b' })).rejects.toThrow(/not an e-mail/);
    expect(await ctx.deps.prisma.notification.count()).toBe(before);
  });
});
