import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { setRepoRates } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, createDeal, pay } from '../../../test/fixtures/deals.ts';
import { naturalPerson } from '../../../test/fixtures/persons.ts';
import { systemActor } from '../../domain/actor.ts';
import { daysFromTo, today } from '../../domain/dates.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { handleDailyCollections, pragueHour } from '../../jobs/definitions/collections/daily-collections.handler.ts';
import { handleDeliverNotification } from '../../jobs/definitions/notifications/deliver-notification.handler.ts';
import { closeBusinessDate } from '../close-of-business/close-business-date.ts';
import { queueNotification } from '../notifications/queue-notification.ts';
import { recomputeDelinquency } from '../servicing/index.ts';
import { sendDueNoticeGroups } from './send-due-notice-groups.ts';
import { writeDailyPrintBatch } from './write-daily-print-batch.ts';

// The collections job (docs/decisions/0048): prepared groups of automatic steps sent when their
// date comes, a payment reminder of a deal that paid meanwhile cancelled, acceleration left for
// staff, the print batch of the letters; and the Slack alerts of new breaches and failed deliveries.

let ctx: TestContext;
const p = () => ctx.deps.prisma;
const addDaysIso = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const run = (signal = new AbortController().signal) => ({ jobId: '1', attempt: 1, attempts: 8, stopping: signal, timeoutMs: 2_000 });
let remindDeal: number;
let paidDeal: number;
let farDeal: number;
let lostDeal: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await setRepoRates(p(), { '2023-12-22': '6.75', '2024-06-28': '4.75', '2024-11-08': '4.00' });
  ctx.deps.config.SLACK_BREACH_ALERT_AMOUNT = 150_000;
  const day = today(ctx.deps);
  const a = await naturalPerson(p(), { firstName: 'Eva', lastName: 'Malá', birthDate: '1970-01-02', sex: 'F', email: 'eva.mala@example.cz' });
  const letterOnly = await naturalPerson(p(), { firstName: 'Josef', lastName: 'Malý', birthDate: '1968-03-04' });
  await p().personAddress.create({ data: { personId: letterOnly.id, type: 'PERMANENT', wholeAddress: 'Husova 8, 301 00 Plzeň', street: 'Husova', houseNumber: '8', city: 'Plzeň', zip: '30100' } });
  const b = await naturalPerson(p(), { firstName: 'Ivan', lastName: 'Král', birthDate: '1990-05-06', email: 'ivan.kral@example.cz' });
  const c = await naturalPerson(p(), { firstName: 'Olga', lastName: 'Veselá', birthDate: '1985-07-08', sex: 'F', email: 'olga.vesela@example.cz' });
  await p().personAddress.create({ data: { personId: c.id, type: 'CONTACT', wholeAddress: 'Palackého 3, 779 00 Olomouc' } });
  // A debtor nobody can reach: no e-mail, phone or address.
  const unreachable = await naturalPerson(p(), { firstName: 'Jan', lastName: 'Neznámý', birthDate: '1960-09-10' });
  const lost = await createDeal(p(), { participants: [{ personId: unreachable.id, role: 'BORROWER' }] });
  lostDeal = lost.id;
  await addClaim(p(), lost, { due: addDaysIso(day, -6), amount: '1500.00' });
  const remind = await createDeal(p(), { participants: [{ personId: a.id, role: 'BORROWER' }, { personId: letterOnly.id, role: 'ACCESSORY_DEBTOR' }] });
  remindDeal = remind.id;
  await addClaim(p(), remind, { due: addDaysIso(day, -6), amount: '3000.00' });
  const paid = await createDeal(p(), { participants: [{ personId: b.id, role: 'BORROWER' }] });
  paidDeal = paid.id;
  const paidClaim = await addClaim(p(), paid, { due: addDaysIso(day, -6), amount: '2000.00' });
  // A large loan: its NON_PAYING breach is announced on Slack.
  const far = await createDeal(p(), { value: '200000.00', participants: [{ personId: c.id, role: 'DEBTOR' }] });
  farDeal = far.id;
  await addClaim(p(), far, { due: addDaysIso(day, -200), amount: '9000.00' });
  for (const d of daysFromTo(addDaysIso(day, -70), addDaysIso(day, -1))) await closeBusinessDate(ctx.deps, d, 'CLI');
  // Paid today, after the close that queued its reminder; booking a payment brings the deal to today (as the payments engine does).
  await pay(p(), paid.id, day, [{ claimId: paidClaim, amount: '2000.00' }]);
  await p().$transaction((tx) => recomputeDelinquency(tx, paid.id, day));
});
afterAll(() => ctx.close());

describe('the collections job', () => {
  it('announces a breach of a large loan on Slack once', async () => {
    const alerts = await p().notification.findMany({ where: { name: 'alert.new_breaches' } });
    expect(alerts).toHaveLength(1);
    expect([alerts[0]!.type, alerts[0]!.state]).toEqual(['SLACK', 'SANDBOX']);
    expect(alerts[0]!.body).toContain(`obchod #${farDeal}`);
    expect(alerts[0]!.body).not.toContain(`obchod #${remindDeal}`);
  });

  it('does nothing before NOTICE_SEND_HOUR in Prague', async () => {
    expect(pragueHour(new Date('2026-11-27T07:59:00Z'))).toBe(8);
    expect(pragueHour(new Date('2026-07-01T07:00:00Z'))).toBe(9);
    const early = { ...ctx.deps, now: () => new Date(`${today(ctx.deps)}T05:00:00Z`) };
    ctx.deps.config.NOTICE_SEND_HOUR = 9;
    await handleDailyCollections(early, {}, run());
    expect(await p().noticeGroup.count({ where: { state: 'SENT' } })).toBe(0);
  });

  it('sends the due groups of automatic steps, cancels a paid-up reminder, leaves acceleration to staff', async () => {
    const counts = await sendDueNoticeGroups(ctx.deps, systemActor('test'), { today: today(ctx.deps) });
    expect(counts).toMatchObject({ cancelled: 1, failed: 1, refused: 0 });
    const groups = await p().noticeGroup.findMany({ orderBy: { id: 'asc' }, select: { dealId: true, stepCode: true, state: true, cancelReason: true } });
    expect(groups.filter((g) => g.dealId === remindDeal).map((g) => [g.stepCode, g.state])).toEqual([['NON_PAYING_1', 'SENT']]);
    expect(groups.filter((g) => g.dealId === paidDeal).map((g) => [g.stepCode, g.state, g.cancelReason])).toEqual([
      ['NON_PAYING_1', 'CANCELLED', 'Dlužník už nic nedluží po splatnosti; upomínku nelze odeslat.'],
    ]);
    expect(groups.filter((g) => g.dealId === lostDeal).map((g) => [g.stepCode, g.state, g.cancelReason])).toEqual([
      ['NON_PAYING_1', 'FAILED', 'Žádný adresát nemá e-mail, telefon ani adresu; upomínku nelze doručit. Doplňte dlužníkovi kontakt.'],
    ]);
    expect(groups.filter((g) => g.dealId === farDeal).map((g) => [g.stepCode, g.state])).toEqual([
      ['NON_PAYING_1', 'SENT'],
      ['NON_PAYING_2', 'SENT'],
      ['NON_PAYING_3', 'SENT'],
      ['NON_PAYING_4', 'PREPARED'],
    ]);
    expect(counts.sent).toBe(4);
    // Run again: nothing left to send.
    expect(await sendDueNoticeGroups(ctx.deps, systemActor('test'), { today: today(ctx.deps) })).toEqual({ sent: 0, cancelled: 0, failed: 0, refused: 0, notices: 0 });
  });

  it('writes the print batch of the letters waiting: one PDF and a manifest, the letters SENT', async () => {
    // The co-debtor known only by address got a letter (a reminder by e-mail and SMS he cannot receive);
    // the far deal's second and third steps went by letter too, the third registered.
    ctx.deps.config.MAIL_PRINT_PROVIDER = 'batch';
    const letters = await p().notice.findMany({ where: { channel: 'MAIL', state: 'SENT' }, select: { notificationId: true } });
    expect(letters.length).toBe(3);
    // Queued while the sandbox was on: SANDBOX, not for the post. Queue them as the batch would find them.
    await p().notification.updateMany({ where: { id: { in: letters.map((l) => l.notificationId!) } }, data: { state: 'PENDING' } });
    const batch = await writeDailyPrintBatch(ctx.deps, systemActor('test'), { date: today(ctx.deps) });
    expect(batch).toMatchObject({ letters: 3, registered: 1 });
    const row = await p().printBatch.findUniqueOrThrow({ where: { id: batch!.id } });
    const read = async (key: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await storageFor(ctx.deps).get(key)).stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    expect((await read(row.pdfKey)).subarray(0, 5).toString()).toBe('%PDF-');
    const manifest = (await read(row.csvKey)).toString('utf8');
    expect(manifest.startsWith('\uFEFFporadi;reference;adresat;adresa;doporucene;stran')).toBe(true);
    expect(manifest.trim().split(/\r?\n/)).toHaveLength(4);
    expect(manifest).toContain('Husova 8');
    expect(await p().notification.count({ where: { printBatchId: batch!.id, state: 'SENT' } })).toBe(3);
    expect(await writeDailyPrintBatch(ctx.deps, systemActor('test'), { date: today(ctx.deps) })).toBeNull();
    ctx.deps.config.MAIL_PRINT_PROVIDER = 'sandbox';
  });
});

describe('delivery', () => {
  it('an SMS the gateway refuses fails at once with its reason and alerts staff; one retried on 503', async () => {
    const answers = [503, 400];
    const server = http.createServer((req, res) => {
      req.resume();
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 400 ? JSON.stringify({ error: 'Neplatné číslo příjemce' }) : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      Object.assign(ctx.deps.config, { SMS_PROVIDER: 'http', SMS_GATEWAY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms` });
      const row = await queueNotification(ctx.deps, p(), { name: 'notice.payment_reminder', type: 'SMS', recipient: '+420601234567', body: 'Pujcka online: dluzna castka 3 000 Kc.' });
      expect(row.state).toBe('PENDING');
      await expect(handleDeliverNotification(ctx.deps, { notification_id: row.id }, run())).rejects.toThrow();
      expect(await p().notification.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ state: 'PENDING', attempts: 1 });
      await handleDeliverNotification(ctx.deps, { notification_id: row.id }, { ...run(), attempt: 2 });
      const failed = await p().notification.findUniqueOrThrow({ where: { id: row.id } });
      expect(failed.state).toBe('FAILED');
      expect(failed.error).toContain('Neplatné číslo příjemce');
      const alert = await p().notification.findFirstOrThrow({ where: { name: 'alert.delivery_failed', entityId: String(row.id) } });
      expect(alert.body).toContain('+420601234567');
    } finally {
      Object.assign(ctx.deps.config, { SMS_PROVIDER: 'sandbox', SMS_GATEWAY_URL: undefined });
      server.close();
    }
  });
});
