import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { configWithTempDataDir } from '../../test/fixtures/config.ts';
import { files } from '../../test/fixtures/documents.ts';
import { leadFixtures } from '../../test/fixtures/leads.ts';

// pg 8 warns (once per process) when a query is sent to a client still busy with another, and
// pg 9 will refuse it. Prisma's interpreter does exactly that inside interactive transactions
// unless SerialTransactionsPg queues the queries. Both the warning and the overlaps themselves
// are watched, the latter on every call (the warning shows only the first).

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
const warnings: string[] = [];
const overlaps: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === 'DeprecationWarning') warnings.push(warning.message);
};

beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
  process.on('warning', onWarning);
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    // The condition pg itself warns on: another query already waits on this client.
    const queue = (this as unknown as { _queryQueue: unknown[] })._queryQueue;
    if (queue.length > 0) overlaps.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 80));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
});
afterAll(async () => {
  vi.restoreAllMocks();
  process.off('warning', onWarning);
  await ctx.close();
  temp.cleanup();
});

describe('queries inside transactions', () => {
  it('never reach a pg client that is still busy, across the flows of applicants and staff', async () => {
    const fx = leadFixtures(ctx);
    const staff = bearer((await ctx.login('ADMIN')).access);
    const get = (path: string) => ctx.http().get(`/api/v1${path}`).set(staff);
    const post = (path: string, body: object) => ctx.http().post(`/api/v1${path}`).set(staff).send(body);

    // Applicant: a portal application (form, person, lead), a document, the documents screen.
    const lead = await fx.portalLead();
    const upload = await ctx.http().post(`/api/v1/forms/${lead.token}/documents/`).field('category', 'BANK_STATEMENT').attach('file', files.pdf, 'vypis.pdf');
    expect(upload.status).toBe(201);
    expect((await ctx.http().get(`/api/v1/forms/${lead.token}/documents/`)).status).toBe(200);
    expect((await ctx.http().post(`/api/v1/forms/${lead.token}/documents/bank-statements/validate/`)).status).toBe(200);

    // Staff: lists and details, an offer, closing a lead (whose detail is read in its transaction).
    expect((await get('/leads/')).status).toBe(200);
    expect((await get(`/leads/${lead.leadId}/`)).status).toBe(200);
    expect((await get(`/leads/${lead.leadId}/application_form/`)).status).toBe(200);
    expect((await get(`/persons/${lead.personId}/`)).status).toBe(200);
    const offer = await post(`/leads/${lead.leadId}/offer/`, { kind: 'REGULAR', value: 200_000, installment_value: 6_000 });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const other = await fx.portalLead();
    const closed = await post(`/leads/${other.leadId}/close/`, { reason: 'OTHER', note: 'Žadatel si to rozmyslel.' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // A few at once, as the back-office asks.
    const many = await Promise.all([get('/leads/'), get(`/leads/${lead.leadId}/`), get(`/persons/${lead.personId}/`), get('/audit-log/')]);
    expect(many.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(overlaps).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('are queued when Prisma sends several at once within one transaction', async () => {
    overlaps.length = 0;
    const lead = await leadFixtures(ctx).portalLead();
    const rows = await ctx.deps.prisma.$transaction(async (tx) =>
      Promise.all([
        tx.lead.findUniqueOrThrow({ where: { id: lead.leadId }, include: { person: true, applicationForms: { include: { documents: true } }, offers: true } }),
        tx.person.findUniqueOrThrow({ where: { id: lead.personId } }),
        tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`,
      ]),
    );
    expect(rows[0].person?.id).toBe(lead.personId);
    expect(rows[2]).toEqual([{ one: 1 }]);
    expect(overlaps).toEqual([]);
  });
});
