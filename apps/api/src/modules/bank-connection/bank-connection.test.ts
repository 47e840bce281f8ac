import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { publicActor } from '../../../test/fixtures/actors.ts';
import { SANDBOX_BANKS } from '../../integrations/bank-connection/index.ts';
import { dayNumber, businessDateOf } from '../../domain/dates.ts';
import { evaluateBankStatements } from '../documents/evaluate-bank-statements.ts';
import { createLogger } from '../../logger.ts';
import { configWithTempDataDir } from '../../../test/fixtures/config.ts';
import { createForm } from '../../../test/fixtures/documents.ts';

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
// Everything the app logs (access logs included), to check what never appears in it.
const logLines: string[] = [];
beforeAll(async () => {
  temp = configWithTempDataDir();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestContext({ config: temp.config, logger: createLogger('debug', logStream) });
});
afterAll(async () => {
  await ctx.close();
  temp.cleanup();
});

const start = (token: string) => ctx.http().post(`/api/v1/forms/${token}/bank-connection/`);
const connect = (clientId: string, bank?: string) => {
  const request = ctx.http().post(`/api/v1/bank-sandbox/${clientId}/connect`).type('form').redirects(0);
  return bank === undefined ? request.send('') : request.send({ bank });
};

describe('bank connection through the sandbox provider', () => {
  it('starts, shows the Czech page, connects, returns to the portal as portal.md §4 expects and stores the transactions', async () => {
    const form = await createForm(ctx.deps);
    const started = await start(form.token);
    expect(started.status).toBe(201);
    const clientId: string = started.body.client_id;
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(started.body).toEqual({ url: `/api/v1/bank-sandbox/${clientId}/`, client_id: clientId });
    expect(await ctx.deps.prisma.bankConnection.findUniqueOrThrow({ where: { clientId } })).toMatchObject({ formId: form.id, provider: 'sandbox', state: 'PENDING' });

    const page = await ctx.http().get(started.body.url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="cs">');
    expect(page.text).toContain('Vyberte svou banku');
    expect(page.text).toContain('<form method="post" action="connect">');
    for (const bank of SANDBOX_BANKS) expect(page.text).toContain(`value="${bank.code}"`);
    expect(page.text).toContain(`href="/dokumenty?token=${form.token}"`);
    // Self-contained and CSP-friendly: no scripts, nothing from elsewhere.
    expect(page.text).not.toMatch(/<script|https?:\/\/|\son[a-z]+=/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const res = await connect(clientId, 'csas');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/dokumenty?token=${form.token}?clientId=${clientId}`);
    // What the portal does with it: the token is the first 32 characters.
    expect(new URLSearchParams(res.headers.location!.split('?').slice(1).join('?')).get('token')!.slice(0, 32)).toBe(form.token);

    const connection = await ctx.deps.prisma.bankConnection.findUniqueOrThrow({ where: { clientId }, include: { transactions: { orderBy: { date: 'asc' } } } });
    expect(connection).toMatchObject({ state: 'CONNECTED', bankName: 'Česká spořitelna', accountName: 'Běžný účet' });
    expect(connection.iban).toMatch(/^CZ\d{2}0800\d{16}$/);
    expect(connection.transactions.length).toBeGreaterThan(40);
    const today = dayNumber(businessDateOf(new Date()));
    expect(dayNumber(connection.transactions[0]!.date.toISOString().slice(0, 10))).toBe(today - 119);
    expect(dayNumber(connection.transactions.at(-1)!.date.toISOString().slice(0, 10))).toBeLessThanOrEqual(today);
    expect(connection.transactions.some((t) => t.description?.startsWith('Mzda') && Number(t.amount) > 0)).toBe(true);
    expect(connection.transactions.every((t) => t.documentId === null && t.externalId?.startsWith(`${clientId}-`))).toBe(true);

    const overview = await ctx.http().get(`/api/v1/forms/${form.token}/documents/`);
    expect(overview.body.bank_statements).toMatchObject({ any_data: true, valid: true, covered_days: 90, too_few_transactions: false, missing_count: 0, unverified_count: 0 });
    expect(overview.body.bank_statements.connections).toEqual([
      {
        client_id: clientId,
        state: 'CONNECTED',
        bank_name: 'Česká spořitelna',
        account_name: 'Běžný účet',
        iban_masked: `**** ${connection.iban!.slice(-4)}`,
        connected_at: connection.connectedAt!.toISOString(),
        transactions_count: connection.transactions.length,
      },
    ]);
    expect(overview.body.requirements[0]).toMatchObject({ requirement: 'BANK_STATEMENTS', satisfied: true, missing_count: 0 });
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ any_data: true, valid: true, is_dirty: true });

    // Back again (a double submit, the back button): the same return, nothing stored twice.
    const again = await connect(clientId, 'kb');
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(res.headers.location);
    expect(await ctx.deps.prisma.bankTransaction.count({ where: { bankConnectionId: connection.id } })).toBe(connection.transactions.length);
    const connectedPage = await ctx.http().get(started.body.url);
    expect(connectedPage.status).toBe(200);
    expect(connectedPage.text).toContain('Účet je napojen');
  });

  it('generates the same account for the same clientId', async () => {
    const { sandboxAccount } = await import('../../integrations/bank-connection/index.ts');
    const bank = SANDBOX_BANKS[1]!;
    expect(sandboxAccount('abc', bank, '2026-05-03')).toEqual(sandboxAccount('abc', bank, '2026-05-03'));
    expect(sandboxAccount('abc', bank, '2026-05-03')).not.toEqual(sandboxAccount('abd', bank, '2026-05-03'));
  });

  it('the sparse demo bank yields too few transactions, which the documents answer and the evaluation report', async () => {
    const form = await createForm(ctx.deps);
    const { client_id: clientId } = (await start(form.token)).body;
    expect((await connect(clientId, 'sparse')).status).toBe(303);
    expect(await ctx.deps.prisma.bankTransaction.count({ where: { bankConnection: { clientId } } })).toBe(5);
    const overview = await ctx.http().get(`/api/v1/forms/${form.token}/documents/`);
    expect(overview.body.bank_statements).toMatchObject({ any_data: true, valid: false, too_few_transactions: true, transactions_count: 4, missing_count: 1 });
    expect(overview.body.missing_count).toBe(2);
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ any_data: true, valid: false, too_few_transactions: true });

    // Connecting another account fixes it.
    const second = (await start(form.token)).body.client_id;
    await connect(second, 'fio');
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ valid: true, too_few_transactions: false });
  });

  it('asks again when no bank was chosen (400) and shows unknown or expired links as such', async () => {
    const form = await createForm(ctx.deps);
    const { client_id: clientId } = (await start(form.token)).body;
    const none = await connect(clientId);
    expect(none.status).toBe(400);
    expect(none.text).toContain('Vyberte prosím banku.');
    const bogus = await connect(clientId, 'nobank');
    expect(bogus.status).toBe(400);
    expect(await ctx.deps.prisma.bankConnection.findUniqueOrThrow({ where: { clientId } })).toMatchObject({ state: 'PENDING' });

    const unknown = await ctx.http().get('/api/v1/bank-sandbox/neexistuje123/');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Napojení nenalezeno');
    expect((await connect('neexistuje123', 'csas')).status).toBe(404);

    await ctx.deps.prisma.bankConnection.update({ where: { clientId }, data: { createdAt: new Date(Date.now() - 61 * 60_000) } });
    const expired = await connect(clientId, 'csas');
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('Platnost odkazu vypršela');
    expect(await ctx.deps.prisma.bankConnection.findUniqueOrThrow({ where: { clientId } })).toMatchObject({ state: 'EXPIRED' });
    expect((await ctx.http().get(`/api/v1/bank-sandbox/${clientId}/`)).status).toBe(410);
  });

  it('answers 404 for an unknown token and 409 for a closed form', async () => {
    const missing = await start('D'.repeat(32));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Žádost nebyla nalezena.' });
    expect((await start('not-a-token')).status).toBe(404);
    const closed = await createForm(ctx.deps, { state: 'CLOSED' });
    expect((await start(closed.token)).status).toBe(409);
  });

  it('builds the provider URL and the return from PUBLIC_URL when it is set', async () => {
    const { startBankConnection } = await import('./start-bank-connection.ts');
    const { connectSandboxBank } = await import('./connect-sandbox-bank.ts');
    const deps = { ...ctx.deps, config: { ...ctx.deps.config, PUBLIC_URL: 'https://uver.example.cz/' } };
    const form = await createForm(ctx.deps);
    const started = await startBankConnection(deps, publicActor, { token: form.token });
    expect(started.url).toBe(`https://uver.example.cz/api/v1/bank-sandbox/${started.client_id}/`);
    expect(await connectSandboxBank(deps, publicActor, { clientId: started.client_id, bank: 'rb' })).toEqual({ redirect: `https://uver.example.cz/dokumenty?token=${form.token}?clientId=${started.client_id}` });
  });
});

describe('online bank connection switched off (BANK_CONNECTION_PROVIDER=none, e.g. production without a PSD2 provider)', () => {
  it('does not mount the sandbox bank pages and answers a start with 503 and a Czech reason', async () => {
    const { createApp } = await import('../../app.ts');
    const { default: request } = await import('supertest');
    const { BANK_CONNECTION_OFF } = await import('./start-bank-connection.ts');
    const off = createApp({ ...ctx.deps, config: { ...ctx.deps.config, BANK_CONNECTION_PROVIDER: 'none' } });
    const form = await createForm(ctx.deps);
    const started = await request(off).post(`/api/v1/forms/${form.token}/bank-connection/`);
    expect(started.status).toBe(503);
    expect(started.body).toEqual({ detail: BANK_CONNECTION_OFF });
    // Same ids the sandbox would serve: the routes do not exist at all.
    const sandbox = await start(form.token);
    expect((await request(off).get(`/api/v1/bank-sandbox/${sandbox.body.client_id}/`)).status).toBe(404);
    expect((await request(off).post(`/api/v1/bank-sandbox/${sandbox.body.client_id}/connect`).type('form').send({ bank: 'rb' })).status).toBe(404);
    const schema = await request(off).get('/api/v1/schema.yaml?format=json');
    expect(Object.keys(schema.body.paths).some((p: string) => p.includes('bank-sandbox'))).toBe(false);
  });
});

describe('logs', () => {
  it('never show a client id: not in the sandbox paths, the return to the portal, or errors', async () => {
    const form = await createForm(ctx.deps);
    const clientId: string = (await start(form.token)).body.client_id;
    logLines.length = 0;
    expect((await ctx.http().get(`/api/v1/bank-sandbox/${clientId}/`)).status).toBe(200);
    const back = await connect(clientId, 'csas');
    expect(back.status).toBe(303);
    await ctx.http().get(back.headers.location!);
    await ctx.http().get(`/dokumenty?clientId=${clientId}`);
    expect((await ctx.http().get(`/api/v1/bank-sandbox/${clientId}x/`)).status).toBe(404);
    expect((await connect(`${clientId}y`, 'csas')).status).toBe(404);
    const text = logLines.join('');
    expect(text).toContain('/api/v1/bank-sandbox/[REDACTED]/connect');
    expect(text).not.toContain(clientId);
  });
});
