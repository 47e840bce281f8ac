import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { setRepoRates } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';
import { naturalPerson } from '../../../test/fixtures/persons.ts';
import { daysFromTo, today } from '../../domain/dates.ts';
import { closeBusinessDate } from '../close-of-business/close-business-date.ts';
import type { NoticeDocument } from './notice-document.ts';

// The spec's notice and notification calls and the desk's, on real PostgreSQL through HTTP
// (docs/decisions/0048). One database: the close of business runs over every deal in it, so the
// deals are made first and the dates closed once.

let ctx: TestContext;
let collector: string;
let viewer: string;
let collectorId: number;
let reminderDeal: number;
let farDeal: number;
let debtorId: number;
const p = () => ctx.deps.prisma;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const day = () => today(ctx.deps);
const addDaysIso = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  await setRepoRates(p(), { '2023-12-22': '6.75', '2024-06-28': '4.75', '2024-11-08': '4.00' });
  const debtor = await naturalPerson(p(), { firstName: 'Jana', lastName: 'Dvořáková', birthDate: '1981-02-03', sex: 'F', email: 'jana.dvorakova@example.cz', phoneE164: '+420601234567' });
  debtorId = debtor.id;
  await p().personAddress.create({ data: { personId: debtor.id, type: 'PERMANENT', wholeAddress: 'Lipová 12, 602 00 Brno', street: 'Lipová', houseNumber: '12', city: 'Brno', zip: '60200' } });
  const other = await naturalPerson(p(), { firstName: 'Karel', lastName: 'Novák', birthDate: '1975-05-06', email: 'karel.novak@example.cz' });
  // 6 days past due today: the first reminder is due; far: overdue since long ago, climbs the ladder.
  const deal = await createDeal(p(), { variableSymbol: '2026000123', participants: [{ personId: debtor.id, role: 'BORROWER' }] });
  reminderDeal = deal.id;
  await addClaim(p(), deal, { due: addDaysIso(day(), -6), amount: '4500.00' });
  const far = await createDeal(p(), { participants: [{ personId: other.id, role: 'DEBTOR' }] });
  farDeal = far.id;
  await addClaim(p(), far, { due: addDaysIso(day(), -200), amount: '9000.00' });
  for (const d of daysFromTo(addDaysIso(day(), -70), day())) await closeBusinessDate(ctx.deps, d, 'CLI');
  const c = await ctx.login('COLLECTIONS');
  collector = c.access;
  collectorId = (await p().staffUser.findUniqueOrThrow({ where: { email: c.email } })).id;
  viewer = (await ctx.login('VIEWER')).access;
});
afterAll(() => ctx.close());

async function groups(dealId: number, query = '') {
  const res = await ctx.http().get(`/api/v1/deals/${dealId}/notice-groups/${query}`).set(auth(viewer));
  expect(res.status).toBe(200);
  return res.body as { count: number; results: { id: number; state: string; date: string; step: { code: string }; channels: string[]; notices: { id: number; channel: string; state: string; has_pdf: boolean; notification: { state: string } | null }[] }[] };
}

describe('notice groups', () => {
  it('lists the groups the close queued, ordered as asked', async () => {
    const mine = await groups(reminderDeal);
    expect(mine.results.map((g) => [g.step.code, g.state, g.date, g.notices.map((n) => n.channel)])).toEqual([['NON_PAYING_1', 'PREPARED', addDaysIso(day(), -1), ['EMAIL', 'SMS']]]);
    const far = await groups(farDeal);
    expect(far.count).toBe(4);
    const byDate = await groups(farDeal, '?ordering=date');
    expect(byDate.results.map((g) => g.step.code)).toEqual(['NON_PAYING_1', 'NON_PAYING_2', 'NON_PAYING_3', 'NON_PAYING_4']);
    const newest = await groups(farDeal, '?ordering=-date');
    expect(newest.results[0]!.step.code).toBe('NON_PAYING_4');
    const bad = await ctx.http().get(`/api/v1/deals/${farDeal}/notice-groups/?ordering=nesmysl`).set(auth(viewer));
    expect(bad.status).toBe(400);
    expect((await ctx.http().get('/api/v1/deals/999999/notice-groups/').set(auth(viewer))).status).toBe(404);
  });

  it('previews a prepared notice with the figures of a claims statement for the same day', async () => {
    const [group] = (await groups(reminderDeal)).results;
    const res = await ctx.http().get(`/api/v1/notices/${group!.notices[0]!.id}/preview/`).set(auth(viewer));
    expect(res.status).toBe(200);
    expect(res.body.frozen).toBe(false);
    expect(res.body.text).toContain('Jana Dvořáková');
    // 4 500 and five days of penalty interest by the notice date: 12 % × 5 / 365 × 4 500 = 7.40.
    expect(res.body.text).toMatch(/4\s507,40\sKč/);
    const pdf = await ctx.http().get(`/api/v1/notices/${group!.notices[0]!.id}/pdf/`).set(auth(viewer));
    expect(pdf.status).toBe(409);
    expect(pdf.body.detail).toMatch(/nebyla odeslána/);
  });

  it('edits a prepared group: channels, addressees, note; nonsense is refused in Czech', async () => {
    const [group] = (await groups(reminderDeal)).results;
    const url = `/api/v1/deals/${reminderDeal}/notice-groups/${group!.id}/`;
    const body = { date: group!.date, channels: ['EMAIL', 'MAIL'], addressees: [debtorId], note: 'Dlužník slíbil zaplatit, zkontrolujte platbu.' };
    const bad = await ctx.http().put(url).set(auth(collector)).send({ ...body, channels: ['SLACK'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Slack');
    const stranger = await ctx.http().put(url).set(auth(collector)).send({ ...body, addressees: [999999] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.addressees[0]).toBe('Adresát musí být dlužníkem, spoludlužníkem nebo zástavcem obchodu.');
    expect((await ctx.http().put(url).set(auth(viewer)).send(body)).status).toBe(403);
    const res = await ctx.http().put(url).set(auth(collector)).send(body);
    expect(res.status).toBe(200);
    expect(res.body.note).toBe(body.note);
    expect(res.body.notices.map((n: { channel: string; recipient: string }) => [n.channel, n.recipient])).toEqual([
      ['EMAIL', 'jana.dvorakova@example.cz'],
      ['MAIL', 'Lipová 12, 602 00 Brno'],
    ]);
  });

  it('sends a group: content frozen with the claims statement of the day, PDF stored once, messages in the outbox; never twice', async () => {
    const [group] = (await groups(reminderDeal)).results;
    const send = await ctx.http().post(`/api/v1/deals/${reminderDeal}/notice-groups/${group!.id}/send_notices/`).set(auth(collector)).send({});
    expect(send.status).toBe(200);
    expect(send.body.state).toBe('SENT');
    expect(send.body.notices.every((n: { state: string; has_pdf: boolean; notification: { state: string } }) => n.state === 'SENT' && n.has_pdf && n.notification.state === 'SANDBOX')).toBe(true);
    const notice = await p().notice.findFirstOrThrow({ where: { groupId: group!.id, channel: 'EMAIL' } });
    const content = notice.content as unknown as NoticeDocument;
    // The same figures as a claims statement computed by the claims-statement calls for that day.
    const statement = await ctx.http().post(`/api/v1/deals/${reminderDeal}/claims-statements/`).set(auth(collector)).send({ as_of: group!.date });
    expect(statement.status).toBe(201);
    // A business loan's first reminder adds the costs of recovery of its one overdue claim (NV 351/2013 § 2).
    const costs = await p().claim.findMany({ where: { dealId: reminderDeal, type: 'COST_OF_RECOVERY' } });
    expect(costs.map((c) => c.amount.toFixed(2))).toEqual(['1200.00']);
    expect(content.statement.total_due).toBe('5707.40');
    expect(content.statement.total_due).toBe(statement.body.content.total_due);
    expect(content.payment).toMatchObject({ amount: statement.body.content.total_due, variableSymbol: '2026000123' });
    const pdf = await ctx.http().get(`/api/v1/notices/${notice.id}/pdf/`).set(auth(viewer)).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.body as Buffer).digest('hex')).toBe(notice.pdfSha256);
    const preview = await ctx.http().get(`/api/v1/notices/${notice.id}/preview/`).set(auth(viewer));
    expect(preview.body.frozen).toBe(true);
    const outbox = await p().notification.findUniqueOrThrow({ where: { id: notice.notificationId! } });
    expect([outbox.type, outbox.recipient, outbox.attachmentKey, outbox.body]).toEqual(['EMAIL', 'jana.dvorakova@example.cz', notice.pdfKey, preview.body.text]);
    const again = await ctx.http().post(`/api/v1/deals/${reminderDeal}/notice-groups/${group!.id}/send_notices/`).set(auth(collector)).send({});
    expect(again.status).toBe(409);
    expect(await p().auditLog.count({ where: { action: 'notice_group.send', entityId: String(group!.id) } })).toBe(1);
  });

  it('acceleration waits for a second pair of eyes', async () => {
    await p().fourEyesSetting.update({ where: { action: 'NOTICE_ACCELERATION' }, data: { enabled: true } });
    const acceleration = (await groups(farDeal)).results.find((g) => g.step.code === 'NON_PAYING_4')!;
    const res = await ctx.http().post(`/api/v1/deals/${farDeal}/notice-groups/${acceleration.id}/send_notices/`).set(auth(collector)).send({});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ object: 'approval_request', action: 'NOTICE_ACCELERATION', state: 'PENDING', deal: farDeal });
    expect((await p().noticeGroup.findUniqueOrThrow({ where: { id: acceleration.id } })).state).toBe('PREPARED');
  });
});

describe('notifications', () => {
  const notify = (query: string, token = collector) => ctx.http().get(`/api/v1/notifications/notify/?${query}`).set(auth(token));

  it('notify sends once per business day (a retried GET or POST gives the same message back), audited', async () => {
    const first = await notify(`entity_id=${reminderDeal}&notification_name=PAYMENT_REMINDER&notification_type=SMS`);
    expect(first.status).toBe(200);
    expect(first.body.notifications.map((n: { recipient: string; reused: boolean }) => [n.recipient, n.reused])).toEqual([['+420601234567', false]]);
    expect(first.body.notifications[0].body).toContain('2026000123');
    const again = await ctx.http().post(`/api/v1/notifications/notify/?entity_ids=${reminderDeal}&notification_name=PAYMENT_REMINDER&notification_type=SMS`).set(auth(collector));
    expect(again.body.notifications.map((n: { id: number; reused: boolean }) => [n.id, n.reused])).toEqual([[first.body.notifications[0].id, true]]);
    const both = await Promise.all([1, 2].map(() => notify(`entity_id=${farDeal}&notification_name=PAYMENT_REMINDER&notification_type=EMAIL`)));
    expect(new Set(both.map((r) => r.body.notifications[0].id)).size).toBe(1);
    expect(await p().notification.count({ where: { name: 'notify.payment_reminder', entityId: String(farDeal) } })).toBe(1);
    expect(await p().auditLog.count({ where: { action: 'notification.notify' } })).toBe(4);
  });

  it('notify and preview refuse nonsense in Czech: both parameters required, channels per name, i in range', async () => {
    expect((await notify(`entity_id=${reminderDeal}&notification_name=PAYMENT_REMINDER`)).status).toBe(400);
    expect((await notify(`notification_name=PAYMENT_REMINDER&notification_type=SMS`)).body.entity_id).toEqual(['Zadejte entity_id nebo entity_ids.']);
    const slack = await notify(`entity_id=${reminderDeal}&notification_name=PAYMENT_REMINDER&notification_type=SLACK`);
    expect(slack.status).toBe(400);
    expect(slack.body.notification_type[0]).toBe('Zprávu PAYMENT_REMINDER nelze poslat kanálem Slack.');
    expect((await notify(`entity_id=${reminderDeal}&notification_name=PAYMENT_REMINDER&notification_type=SMS`, viewer)).status).toBe(403);
    const preview = await ctx.http().get(`/api/v1/notifications/preview/?entity_ids=${reminderDeal},${farDeal}&notification_name=DEAL_ALERT&notification_type=SLACK&i=1`).set(auth(viewer));
    expect(preview.status).toBe(200);
    expect([preview.body.entity_id, preview.body.index, preview.body.count]).toEqual([farDeal, 1, 2]);
    expect(preview.body.text).toContain(`Obchod #${farDeal}`);
    const out = await ctx.http().get(`/api/v1/notifications/preview/?entity_ids=${reminderDeal}&notification_name=DEAL_ALERT&notification_type=SLACK&i=3`).set(auth(viewer));
    expect(out.status).toBe(400);
    expect(out.body.i).toEqual(['i musí být mezi 0 a 0.']);
  });

  it('lists the outbox with its filters', async () => {
    const list = async (q: string) => (await ctx.http().get(`/api/v1/notifications/${q}`).set(auth(viewer))).body as { count: number; results: { type: string; entity_id: string }[] };
    const all = await list('');
    const sms = await list('?notification_type=SMS');
    expect(sms.count).toBeGreaterThan(0);
    expect(sms.count).toBeLessThan(all.count);
    expect(sms.results.every((n) => n.type === 'SMS')).toBe(true);
    const far = await list(`?entity_id=${farDeal}`);
    expect(far.results.map((n) => n.entity_id)).toEqual([String(farDeal)]);
    expect((await list('?notification_name=notify.payment_reminder')).count).toBe(2);
    await p().notification.update({ where: { id: (await p().notification.findFirstOrThrow({ orderBy: { id: 'asc' } })).id }, data: { state: 'FAILED', error: 'Brána SMS zprávu odmítla.' } });
    expect((await list('')).results[0]).toMatchObject({ state: 'FAILED' });
    expect((await ctx.http().get('/api/v1/notifications/?notification_type=FAX').set(auth(viewer))).status).toBe(400);
  });
});

describe('the collections desk', () => {
  it('queues the deals in arrears with their figures; filters, assignment and "my queue"', async () => {
    const queue = async (q = '') => {
      const res = await ctx.http().get(`/api/v1/collections/queue/${q}`).set(auth(collector));
      expect(res.status).toBe(200);
      return res.body as { count: number; results: { deal: number; bucket: string; days_past_due: number; overdue_amount: string; collector: { id: number } | null; next_step: { code: string } | null }[] };
    };
    const all = await queue();
    expect(all.results.map((r) => [r.deal, r.bucket, r.days_past_due])).toEqual([
      [farDeal, '91+', 200],
      [reminderDeal, '1-30', 6],
    ]);
    // 4 500 overdue, its penalty interest through today (12 % × 6 days / 365 = 8.88) and the 1 200 costs of recovery.
    expect(all.results[1]!.overdue_amount).toBe('5708.88');
    expect((await queue('?bucket=1-30')).results.map((r) => r.deal)).toEqual([reminderDeal]);
    expect((await queue('?collector=me')).count).toBe(0);
    const assign = await ctx.http().post('/api/v1/collections/assign/').set(auth(collector)).send({ deals: [reminderDeal], collector: collectorId });
    expect(assign.body).toEqual({ updated: 1 });
    expect((await queue('?collector=me')).results.map((r) => r.deal)).toEqual([reminderDeal]);
    expect((await queue('?collector=none')).results.map((r) => r.deal)).toEqual([farDeal]);
    expect((await ctx.http().get('/api/v1/collections/queue/?bucket=7-8').set(auth(collector))).status).toBe(400);
    const csv = await ctx.http().get('/api/v1/collections/queue/export/?format=csv').set(auth(collector));
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('a call with a promise; the close marks it broken and the deal goes to the top of the queue', async () => {
    const call = await ctx.http().post(`/api/v1/deals/${reminderDeal}/collection-calls/`).set(auth(collector)).send({ person: debtorId, outcome: 'REACHED', note: 'Zaplatí zítra.', promise: { promised_on: day(), amount: '4500.00' } });
    expect(call.status).toBe(201);
    expect(call.body.promise).toBeGreaterThan(0);
    const past = await ctx.http().post(`/api/v1/deals/${reminderDeal}/promises-to-pay/`).set(auth(collector)).send({ promised_on: '2020-01-01', amount: '10.00' });
    expect(past.status).toBe(400);
    await closeBusinessDate(ctx.deps, day(), 'CLI');
    const promises = await ctx.http().get(`/api/v1/deals/${reminderDeal}/promises-to-pay/`).set(auth(viewer));
    expect(promises.body.map((x: { state: string; paid_amount: string }) => [x.state, x.paid_amount])).toEqual([['BROKEN', '0.00']]);
    const top = await ctx.http().get('/api/v1/collections/queue/').set(auth(collector));
    expect(top.body.results[0].deal).toBe(reminderDeal);
    expect(top.body.results[0].promise.state).toBe('BROKEN');
    const calls = await ctx.http().get(`/api/v1/deals/${reminderDeal}/collection-calls/`).set(auth(viewer));
    expect(calls.body.map((c: { outcome: string; person: { name: string } }) => [c.outcome, c.person.name])).toEqual([['REACHED', 'Jana Dvořáková']]);
  });
});
