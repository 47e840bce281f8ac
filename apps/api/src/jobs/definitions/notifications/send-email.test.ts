import net, { type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import type { Deps } from '../../../deps.ts';
import { SmtpMailer } from '../../../integrations/mail/index.ts';
import { queueEmail } from '../../../modules/notifications/queue-email.ts';
import { startJobWorker, type JobWorker } from '../../worker.ts';
import { sendEmailJob } from './send-email.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { configWithTempDataDir } from '../../../../test/fixtures/config.ts';
import { eventually } from '../../../../test/fixtures/eventually.ts';
import { awaitRetry, dueNow, queuedJob, skipBackoff } from '../../../../test/fixtures/job-queue.ts';
import { leadFixtures } from '../../../../test/fixtures/leads.ts';

// The outbox sender against a real SMTP server on this machine (smtp-server), whose answer to
// a recipient depends on its address.
interface Delivery {
  from: string;
  to: string[];
  raw: Buffer;
  mail: ParsedMail;
}

const MAIL_FROM = 'Půjčka online <info@pujcka.example.cz>';
const deliveries: Delivery[] = [];
const rcptCalls = new Map<string, number>();
let smtp: SMTPServer;
let smtpUrl: string;
let refusedUrl: string;
let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;

function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const n = (rcptCalls.get(address.address) ?? 0) + 1;
      rcptCalls.set(address.address, n);
      const local = address.address.split('@')[0]!;
      if (local === 'neexistuje') return callback(smtpError(550, '5.1.1 Mailbox does not exist'));
      if (local === 'zaplneno') return callback(smtpError(452, '4.2.2 Mailbox full, try again later'));
      if (local === 'pozdeji' && n <= 2) return callback(smtpError(451, '4.7.1 Greylisted, try again later'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const envelope = session.envelope;
        void simpleParser(raw).then((mail) => {
          deliveries.push({ from: envelope.mailFrom ? envelope.mailFrom.address : '', to: envelope.rcptTo.map((r) => r.address), raw, mail });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  // A port nobody listens on: connection refused.
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedUrl = `smtp://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));

  temp = configWithTempDataDir({ SMTP_URL: smtpUrl, MAIL_FROM });
  ctx = await createTestContext({ config: temp.config });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  temp.cleanup();
});

let workers: JobWorker[] = [];
const start = (deps: Deps = ctx.deps) => workers.push(startJobWorker(deps, { pollIntervalMs: 50, stopGraceMs: 200 }));
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

const keyOf = (id: number) => sendEmailJob.key({ notification_id: id });
const row = (id: number) => ctx.deps.prisma.notification.findUniqueOrThrow({ where: { id } });
const done = (id: number) =>
  eventually(
    async () => {
      const r = await row(id);
      return r.state === 'PENDING' ? undefined : r;
    },
    { what: `notification ${id} to be sent or fail` },
  );
const deliveredTo = (address: string) => deliveries.filter((d) => d.to.includes(address));

async function queue(recipient: string, deps: Pick<Deps, 'config'> = ctx.deps) {
  return ctx.deps.prisma.$transaction((tx) =>
    queueEmail(deps, tx, { name: 'form.resend', recipient, subject: 'Pokračujte ve své žádosti o úvěr', body: 'Dobrý den,\n\nVaše žádost o úvěr na Vás čeká.\nhttp://localhost:3000/?token=abc' }),
  );
}

describe('sending outbox e-mails over SMTP', () => {
  it('sends an offer as the applicant gets it (recipient, subject, UTF-8 Czech body, portal link); staff see it sent', async () => {
    start();
    const fx = leadFixtures(ctx);
    const staff = bearer((await ctx.login('UNDERWRITER')).access);
    const lead = await fx.portalLead({ person: { first_name: 'Řehoř', last_name: 'Šťastný' } });
    const offered = await ctx.http().post(`/api/v1/leads/${lead.leadId}/offer/`).set(staff).send({ kind: 'REGULAR', value: 280_000, installment_value: 7_500 });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body.notification.state).toBe('PENDING');
    const id = offered.body.notification.id as number;

    const sent = await done(id);
    expect(sent).toMatchObject({ state: 'SENT', attempts: 1, error: null, sentAt: expect.any(Date) });
    const [delivery, ...more] = deliveredTo(lead.applicant.email);
    expect(more).toEqual([]);
    expect(delivery!.from).toBe('info@pujcka.example.cz');
    const mail = delivery!.mail;
    expect(mail.from?.value).toEqual([{ address: 'info@pujcka.example.cz', name: 'Půjčka online' }]);
    expect(mail.subject).toBe('Nabídka úvěru');
    expect(mail.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@pujcka\\.example\\.cz>$`));
    expect(delivery!.raw.toString('latin1')).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.text).toContain('na základě Vaší žádosti jsme pro Vás připravili nabídku úvěru:');
    // cs-CZ groups thousands with a no-break space: it arrives as written.
    expect(mail.text).toContain('Výše úvěru: 280\u00a0000 Kč');
    expect(mail.text?.replace(/\n$/, '')).toBe(sent.body);
    expect(mail.text).toContain(`Nabídku si můžete prohlédnout a potvrdit zde:\n${offered.body.link}`);
    expect(offered.body.link).toMatch(new RegExp(`^http://localhost:3000/dokumenty\\?token=${lead.token}&offer=`));

    const detail = await ctx.http().get(`/api/v1/leads/${lead.leadId}/`).set(staff);
    expect(detail.body.emails[0]).toMatchObject({ id, state: 'SENT', attempts: 1, error: null, sent_at: expect.any(String) });
    expect(await queuedJob(ctx.deps.prisma, keyOf(id))).toBeUndefined();
  });

  it('retries a server that answers 4xx, showing the attempt and its error meanwhile, then sends once', async () => {
    start();
    const { id } = await queue('pozdeji@seznam.cz');
    const retry = await awaitRetry(ctx.deps.prisma, keyOf(id), 1);
    expect(retry.last_error).toMatch(/^Poštovní server zprávu dočasně nepřijal: 451/);
    expect(await row(id)).toMatchObject({ state: 'PENDING', attempts: 1, sentAt: null, error: expect.stringMatching(/^Poštovní server zprávu dočasně nepřijal: 451 4\.7\.1 Greylisted/) });
    await dueNow(ctx.deps.prisma, retry);
    await skipBackoff(ctx.deps.prisma, keyOf(id), 2);
    expect(await done(id)).toMatchObject({ state: 'SENT', attempts: 3, error: null });
    expect(deliveredTo('pozdeji@seznam.cz')).toHaveLength(1);
    expect(deliveredTo('pozdeji@seznam.cz')[0]!.mail.text).toContain('Vaše žádost o úvěr na Vás čeká.');
  });

  it('gives up after the last attempt when the server keeps answering 4xx: FAILED with the attempts and a Czech reason', async () => {
    start();
    const { id } = await queue('zaplneno@seznam.cz');
    for (let attempt = 1; attempt < sendEmailJob.attempts; attempt++) await skipBackoff(ctx.deps.prisma, keyOf(id), attempt);
    expect(await done(id)).toMatchObject({
      state: 'FAILED',
      attempts: sendEmailJob.attempts,
      sentAt: null,
      error: expect.stringMatching(/^Poštovní server zprávu dočasně nepřijal: 452 4\.2\.2 Mailbox full/),
    });
    expect(rcptCalls.get('zaplneno@seznam.cz')).toBe(sendEmailJob.attempts);
    expect(deliveredTo('zaplneno@seznam.cz')).toEqual([]);
    await eventually(async () => !(await queuedJob(ctx.deps.prisma, keyOf(id))), { what: 'the job to leave the queue' });
  });

  it('fails at once when the server refuses the recipient for good (5xx)', async () => {
    start();
    const { id } = await queue('neexistuje@seznam.cz');
    expect(await done(id)).toMatchObject({ state: 'FAILED', attempts: 1, error: expect.stringMatching(/^Poštovní server zprávu odmítl: 550 5\.1\.1 Mailbox does not exist/) });
    expect(rcptCalls.get('neexistuje@seznam.cz')).toBe(1);
  });

  it('retries a server that refuses connections, then fails', async () => {
    const refusing = { ...ctx.deps, config: { ...ctx.deps.config, SMTP_URL: refusedUrl } };
    start(refusing);
    const { id } = await queue('jana.novakova@seznam.cz', refusing);
    const first = await skipBackoff(ctx.deps.prisma, keyOf(id), 1);
    expect(first.last_error).toMatch(/^Poštovní server není dostupný/);
    for (let attempt = 2; attempt < sendEmailJob.attempts; attempt++) await skipBackoff(ctx.deps.prisma, keyOf(id), attempt);
    expect(await done(id)).toMatchObject({ state: 'FAILED', attempts: sendEmailJob.attempts, error: expect.stringMatching(/^Poštovní server není dostupný \(\w+\)\.$/) });
  });

  it('keeps an e-mail as a sandbox mail when SMTP_URL was removed after it was queued', async () => {
    const { id } = await queue('petr.svoboda@email.cz');
    const sandbox = { ...ctx.deps, config: { ...ctx.deps.config, EMAIL_PROVIDER: 'sandbox' as const, SMTP_URL: undefined, MAIL_FROM: undefined } };
    start(sandbox);
    expect(await done(id)).toMatchObject({ state: 'SANDBOX', attempts: 0, sentAt: null });
    expect(deliveredTo('petr.svoboda@email.cz')).toEqual([]);
  });
});

describe('SmtpMailer', () => {
  it('sends attachments with their (Czech) filename, content type and exact bytes', async () => {
    // A small PDF with the binary comment line real PDFs start with, so that a lossy encoding shows.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')]);
    const csv = Buffer.from('splátka;částka\n1;7500\n', 'utf8');
    await new SmtpMailer(smtpUrl, MAIL_FROM).send(
      {
        to: 'priloha@seznam.cz',
        subject: 'Výpis pohledávky',
        text: 'Dobrý den,\n\nv příloze Vám posíláme výpis pohledávky.',
        messageId: '<outbox-9001-1@pujcka.example.cz>',
        attachments: [
          { filename: 'Výpis pohledávky 2026-03.pdf', content: pdf, contentType: 'application/pdf' },
          { filename: 'splatkovy-kalendar.csv', content: csv, contentType: 'text/csv' },
        ],
      },
      new AbortController().signal,
    );
    const [delivery, ...more] = deliveredTo('priloha@seznam.cz');
    expect(more).toEqual([]);
    expect(delivery!.mail.text).toContain('v příloze Vám posíláme výpis pohledávky.');
    const attachments = delivery!.mail.attachments;
    expect(attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, contentDisposition: a.contentDisposition }))).toEqual([
      { filename: 'Výpis pohledávky 2026-03.pdf', contentType: 'application/pdf', contentDisposition: 'attachment' },
      { filename: 'splatkovy-kalendar.csv', contentType: 'text/csv', contentDisposition: 'attachment' },
    ]);
    expect(attachments[0]!.content.equals(pdf)).toBe(true);
    expect(attachments[1]!.content.equals(csv)).toBe(true);
  });

  it('sends a plain e-mail without attachments as before', async () => {
    await new SmtpMailer(smtpUrl, MAIL_FROM).send({ to: 'bez-prilohy@seznam.cz', subject: 'Bez přílohy', text: 'Jen text.', messageId: '<outbox-9002-1@pujcka.example.cz>' }, new AbortController().signal);
    const [delivery] = deliveredTo('bez-prilohy@seznam.cz');
    expect(delivery!.mail.attachments).toEqual([]);
    expect(delivery!.mail.text?.trim()).toBe('Jen text.');
  });
});
