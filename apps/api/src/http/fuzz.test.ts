import { handleGenerateReport } from '../jobs/definitions/reporting/generate-report.handler.ts';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { storageFor } from '../integrations/storage/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyOwner, makeBirthNumber } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { testSystem } from '../../test/fixtures/actors.ts';
import { systemActor } from '../domain/actor.ts';
import { createApiKey } from '../modules/api-keys/create-api-key.ts';
import { performScreening } from '../modules/screenings/perform-screening.ts';
import { startScreeningRun } from '../modules/screenings/screening-runs.ts';
import { DOMAIN_ERROR_HEADER } from './errors.ts';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import { handleCncbBatch } from '../jobs/definitions/reporting/cncb-batch.handler.ts';
import { monthBounds, monthOf, previousMonth } from '../modules/credit-register/cncb-batch-view.ts';
import { dbDate, today } from '../domain/dates.ts';
import { configWithTempDataDir } from '../../test/fixtures/config.ts';
import { files } from '../../test/fixtures/documents.ts';
import { type BaseRequest, Encoded, LEAK, type Operation, type Variant, exampleOf, operationsOf, percentEncode, seededRandom, variantsOf } from '../../test/fixtures/openapi-fuzz.ts';

// Every operation of the OpenAPI document the app serves, called with valid credentials and
// malformed variants of a plausible request: no answer may be a 5xx, and no body may show a
// stack trace or SQL. Seeded: FUZZ_SEED=<n> replays another run's requests exactly.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
// Variants per operation: ~100 operations × this many requests must stay well under a minute.
const BUDGET = Number(process.env.FUZZ_BUDGET ?? 90);

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
const credentials: Record<string, string> = {};
const apiKeys = new Map<string, string>();
let operations: Operation[] = [];
let form: { token: string; documentId: number; clientId: string };
let fuzzDealId: number;
/** An application with a draft model, ready for CONTRACT_COMPLETION (the state change). */
let applicationDealId: number;
let fuzzAdminId: number;
let titleDeedOrder: { cadastral_location_code: string; code: string; price: string };
let titleDeedPair: { id: number; since: number };

const partnerPerson = { first_name: 'Jana', last_name: 'Nováková', email: 'jana.partner@example.cz', phone: '+420 777 555 111', birth_number: makeBirthNumber(new Date(Date.UTC(1979, 2, 3)), 'F', 321) };
const partnerLead = { external_id: 'P-1', person: partnerPerson, consent: { given: true, at: '2026-01-15T10:00:00Z' }, loan: { type: 'CONSUMER_LOAN', value: 150_000, installment_value: 4_000 } };
const dealModelBody = { principal: '100000.00', annual_interest_rate: '12', term_months: 12, disbursement_date: '2030-01-15', first_due_date: '2030-02-15' };
const personBody = { identification_type: 'BIRTH_NUMBER', first_name: 'Petr', last_name: 'Svoboda', birth_number: makeBirthNumber(new Date(Date.UTC(1970, 6, 9)), 'M', 77), email: 'petr@example.cz' };

/** Known-good bodies where a schema alone cannot say what passes (checksums, per-step data). */
const EXAMPLES: Record<string, unknown> = {
  'post /api/v1/leads/bezva-finance/': partnerLead,
  'post /api/v1/leads/leadsor/': partnerLead,
  'post /api/v1/leads/seven-finance/': partnerLead,
  'post /api/v1/leads/volsor/': partnerLead,
  'put /api/v1/persons/{id}/': personBody,
  'patch /api/v1/persons/{id}/': { note: 'Poznámka', phone: '+420 603 111 222' },
  'post /api/v1/persons/{personId}/contact/': { type: 'EMAIL', value: 'dalsi@example.cz' },
  'put /api/v1/persons/{personId}/contact/{id}/': { type: 'EMAIL', value: 'jiny@example.cz' },
  'patch /api/v1/persons/{personId}/contact/{id}/': { value: 'treti@example.cz' },
  'post /api/v1/auth/token/': { email: 'spravce@demo.cz', password: 'Demo-heslo-2026' },
  'post /api/v1/forms/': { type: 'CONSUMER_LOAN', value: 200_000, installment_value: 5_000, first_name: 'Jana', last_name: 'Nováková', email: 'jana@example.cz', phone: '777 123 456' },
  'post /api/v1/forms/{token}/submit/': { step: 'BASIC_DEAL_INFO', data: { value: 150_000, installment_value: 4_000 } },
  'post /api/v1/forms/{token}/question/': { type: 'SAVE_APPLICATION_OFFER', value: 150_000, installment_value: 4_000 },
  'post /api/v1/address/suggest': { fieldType: 'STREET', values: { STREET: 'Masaryk', CITY: 'Brno' }, limit: 5 },
  'post /api/v1/leads/{id}/offer/': { kind: 'REGULAR', value: '120000.00', installment_value: '3500.00' },
  'post /api/v1/leads/{id}/close/': { reason: 1, note: 'Žadatel si to rozmyslel' },
  'post /api/v1/webhooks/pipedrive/person/updated/': { current: { id: 1, first_name: 'Jana', email: [{ value: 'jana@example.cz' }] }, previous: { id: 1 }, meta: { v: 1 } },
  'post /api/v1/webhooks/pipedrive/person/added/': { current: { id: 2, phone: [{ value: '+420777123456' }] }, meta: { v: 1 } },
  'post /api/v1/webhooks/pipedrive/person/merged/': { current: { id: 3 }, previous: { id: 2 } },
  'post /api/v1/webhooks/pipedrive/person/deleted/': { previous: { id: 3 } },
  'post /api/v1/deals/{dealId}/purposes/': { type: 'COMMISSION', amount: '1000.00', bank_account: '19-2000145399/0800', recipient_name: 'Makléř s.r.o.', message: 'Provize' },
  'put /api/v1/deals/{dealId}/purposes/{id}/': { type: 'COMMISSION', amount: '900.00', bank_account: 'CZ65 0800 0000 1920 0014 5399' },
  'post /api/v1/deals/{dealId}/purposes/{id}/drawings/': { amount: '10.00', drawn_at: '2026-12-01' },
  'post /api/v1/deals/{dealId}/realty-groups/': { name: 'Zajištění', mortgage: true },
  'put /api/v1/deals/{dealId}/realty-groups/{id}/': { name: 'Zajištění 2', mortgage: false },
  'post /api/v1/deals/{dealId}/realty-groups/{id}/estimations/': { value: '2500000.00', estimated_at: '2026-01-15', estimator: 'Znalec' },
  'post /api/v1/deals/{dealId}/deal-model/': dealModelBody,
  'put /api/v1/deals/{dealId}/deal-model/{id}/': dealModelBody,
  'patch /api/v1/deals/{dealId}/deal-model/{id}/': { term_months: 24 },
  'post /api/v1/deals/{dealId}/claims/': { type: 'FEE', due_date: '2030-01-15', amount: '150.00' },
  'put /api/v1/deals/{dealId}/claims/{id}/': { due_date: '2030-01-20', amount: '120.00' },
  'put /api/v1/deals/{dealId}/claims-group/{id}/': { due_date: '2030-03-01', note: 'Posunuto' },
  // A new due date must not be in the past (the schema's example date is).
  'put /api/v1/deals/{dealId}/claims-group-lease/{id}/': { due_date: '2030-03-01', note: 'Posunuto' },
  'put /api/v1/deals/{dealId}/claims-group-leaseback/{id}/': { due_date: '2030-03-01', note: 'Posunuto' },
  'post /api/v1/deals/{id}/state/': { state: 'CONTRACT_COMPLETION' },
  // The deal has a FEE setting already (beforeAll), and one per type is allowed.
  'post /api/v1/deals/{dealId}/claims-settings/': { type: 'CONTRACTUAL_PENALTY', amount: '500.00' },
  'put /api/v1/deals/{dealId}/claims-settings/{id}/': { type: 'FEE', amount: '120.00' },
  'post /api/v1/deals/{dealId}/debts/': { type: 'BANK_LOAN', creditor: 'Banka a.s.', amount: '1000.00' },
  'put /api/v1/deals/{dealId}/debts/{id}/': { type: 'BANK_LOAN', creditor: 'Jiná banka a.s.', amount: '900.00' },
  'post /api/v1/deals/{dealId}/enforceable-claims/': { title_type: 'NOTARIAL_DEED', amount: '1000.00' },
  'put /api/v1/deals/{dealId}/enforceable-claims/{id}/': { title_type: 'NOTARIAL_DEED', amount: '900.00' },
  'post /api/v1/leads/{leadId}/debt/': { type: 'BANK_LOAN', creditor: 'Banka a.s.', remaining_amount: '10000.00' },
  'put /api/v1/leads/{leadId}/debt/{id}/': { type: 'BANK_LOAN', creditor: 'Jiná banka a.s.', remaining_amount: '9000.00' },
  'post /api/v1/leads/{leadId}/incomes-expenses/': { kind: 'INCOME', category: 'SALARY', amount: '30000.00' },
  'put /api/v1/leads/{leadId}/incomes-expenses/{id}/': { kind: 'INCOME', category: 'SALARY', amount: '31000.00' },
  'post /api/v1/payments/bulk_create_payments/': { payments: [{ bank_reference: 'fuzz-1', date: '2026-01-15', amount: '100.00', variable_symbol: '1234' }] },
  // A payment entered by hand (ADR 0047): a valid counter-account needs its check digits; the same body again answers 200.
  'post /api/v1/payments/': { method: 'CASH', date: '2026-01-15', amount: '100.00', variable_symbol: '1234', counter_account: '19-2000145399/0800', counter_account_name: 'Jana Nováková' },
  // A purchased property with its realty (the schema's example has a postcode and territory no check passes).
  'post /api/v1/realties/purchased/': { realty: { type: 'FLAT', street: 'Lipová', house_number: '7', city: 'Brno' }, state: 'ACQUISITION' },
  'put /api/v1/realties/purchased/{id}/': { realty: { type: 'FLAT', city: 'Brno' }, state: 'ACQUISITION' },
  // A credit-register batch of the last month (docs/decisions/0050; beforeAll closes its last day).
  'post /api/v1/reporting/cncb/batch/': {},
  'post /api/v1/persons/{personId}/deals/': { type: 'CONSUMER_LOAN', value: '150000.00' },
  'put /api/v1/deals/{id}/': { type: 'CONSUMER_LOAN', value: '160000.00' },
  // A bank statement as Czech banks export it (GPC/ABO; the statement parser's own sample).
  'post /api/v1/payments/statements/': {
    file: { name: 'vypis.gpc', type: 'text/plain', content: fs.readFileSync(path.join(import.meta.dirname, '../modules/payments/statements/fixtures/statement-utf8.gpc'), 'utf8') },
  },
};

beforeAll(async () => {
  // Uploads land in a temporary directory, not in the repository's .data.
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
  // The demo's kinds of data on a small book (its 1,500 deals would add minutes, not kinds).
  await seedDemoData(ctx.deps.prisma, { adminEmail: 'spravce@demo.cz', adminPassword: 'Demo-heslo-2026', publicUrl: 'http://localhost:3000', storage: storageFor(ctx.deps), deals: 150 });
  const admin = await ctx.login('ADMIN');
  credentials.jwt = bearer(admin.access).Authorization;
  EXAMPLES['post /api/v1/auth/token/refresh/'] = { refresh: (await ctx.login('VIEWER')).refresh };
  // One's own session is what one logs out of (another user's refresh token is refused).
  EXAMPLES['post /api/v1/auth/logout/'] = { refresh: admin.refresh };
  credentials.basic = `Basic ${Buffer.from(`${ctx.deps.config.CRM_WEBHOOK_USER}:${ctx.deps.secrets.crmWebhookPassword}`).toString('base64')}`;
  for (const owner of ApiKeyOwner.values) apiKeys.set(owner, `Api-Key ${(await createApiKey(ctx.deps, testSystem, { owner })).key}`);

  // An LV of the sandbox cadastre and its price, as staff see it before ordering (docs/decisions/0051).
  const territory = (await ctx.deps.prisma.cadastralLocation.findFirstOrThrow({ orderBy: { code: 'asc' } })).code;
  const price = await ctx.http().get(`/api/v1/title-deeds/price/?cadastral_location_code=${territory}&code=77`).set('Authorization', credentials.jwt);
  expect(price.status, price.text).toBe(200);
  titleDeedOrder = { cadastral_location_code: territory, code: '77', price: price.body.price as string };
  EXAMPLES['post /api/v1/title-deeds/download/'] = titleDeedOrder;
  // Two extracts of one LV to compare (the seed's watched realty: its first extract and the watch's).
  const [pair] = await ctx.deps.prisma.$queryRaw<{ id: number; since: number }[]>`
    SELECT max(id)::int AS id, min(id)::int AS since FROM title_deeds WHERE downloaded_at IS NOT NULL
     GROUP BY cadastral_location_code, lv_number HAVING count(*) > 1 ORDER BY 1 LIMIT 1`;
  titleDeedPair = pair!;

  // The document the app serves is what is walked, not the route table.
  const schema = await ctx.http().get('/api/v1/schema.yaml?format=json');
  expect(schema.status).toBe(200);
  operations = operationsOf(JSON.parse(schema.text));

  // A portal form with an uploaded document and a bank connection, for the token paths.
  const created = await ctx.http().post('/api/v1/forms/').send(EXAMPLES['post /api/v1/forms/'] as object);
  const token = created.body.token as string;
  const upload = await ctx.http().post(`/api/v1/forms/${token}/documents/`).field('category', 'BANK_STATEMENT').attach('file', files.pdf, { filename: 'vypis.pdf', contentType: 'application/pdf' });
  const bank = await ctx.http().post(`/api/v1/forms/${token}/bank-connection/`);
  const connection = await ctx.deps.prisma.bankConnection.findFirst({ where: { form: { token } } });
  form = { token, documentId: Number(upload.body.id ?? 1), clientId: connection?.clientId ?? String(bank.body.client_id ?? 'abc') };

  // One of each staff sub-resource, so item paths have something to find.
  const lead = await ctx.deps.prisma.lead.findFirstOrThrow({ where: { personId: { not: null }, applicationForms: { some: {} } }, orderBy: { id: 'asc' } });
  const person = lead.personId!;
  const staff = (path: string, body: object) => ctx.http().post(path).set('Authorization', credentials.jwt!).send(body);
  // An active loan with its claims, and an application with a draft model, for the claims module's item paths.
  const borrower = await ctx.deps.prisma.person.create({ data: { firstName: 'Karel', lastName: 'Fuzz' } });
  const loan = await ctx.deps.prisma.deal.create({ data: { type: 'OTHER_DEAL', state: 'CONTRACT_SIGN', value: '100000.00', participants: { create: { personId: borrower.id, role: 'BORROWER' } } } });
  expect((await staff(`/api/v1/deals/${loan.id}/deal-model/`, dealModelBody)).status).toBe(201);
  expect((await staff(`/api/v1/deals/${loan.id}/state/`, { state: 'ACTIVE' })).status).toBe(200);
  const application = await ctx.deps.prisma.deal.create({ data: { type: 'CONSUMER_LOAN', value: '100000.00', participants: { create: { personId: borrower.id, role: 'BORROWER' } } } });
  expect((await staff(`/api/v1/deals/${application.id}/deal-model/`, dealModelBody)).status).toBe(201);
  applicationDealId = application.id;
  // A person not yet in the fuzz deal (the lead's person is its BORROWER and ACCESSORY_DEBTOR).
  EXAMPLES['post /api/v1/deals/{dealId}/participants/'] = { person: borrower.id, role: 'DEBTOR' };
  // A restructuring of the active loan waiting to be applied (…/activate/): from the day after
  // the payout, taking over all of the principal (nothing was paid).
  const restructuring = { ...dealModelBody, annual_interest_rate: '6', disbursement_date: '2030-01-20', first_due_date: '2030-02-20', valid_from: '2030-01-16' };
  const drafted = await staff(`/api/v1/deals/${loan.id}/deal-model/`, restructuring);
  expect(drafted.status, drafted.text).toBe(201);
  // A bullet loan: its installments before the last carry no principal, so one may be cancelled
  // (DELETE claims-group/{id}/).
  const bullet = await ctx.deps.prisma.deal.create({ data: { type: 'OTHER_DEAL', state: 'CONTRACT_SIGN', value: '100000.00', participants: { create: { personId: borrower.id, role: 'BORROWER' } } } });
  expect((await staff(`/api/v1/deals/${bullet.id}/deal-model/`, { ...dealModelBody, installment_type: 'BULLET' })).status).toBe(201);
  expect((await staff(`/api/v1/deals/${bullet.id}/state/`, { state: 'ACTIVE' })).status).toBe(200);
  // A finished screening of each kind the report and ZOBI paths answer for (the seed's wait for a worker).
  const screened = await ctx.deps.prisma.person.findFirstOrThrow({ where: { birthNumber: { not: null } }, orderBy: { id: 'asc' } });
  for (const type of ['ZOBI_OSOBACUZK', 'ISIR_INSOLVENCY'] as const) {
    const queued = await ctx.deps.prisma.screening.create({ data: { personId: screened.id, type, state: 'PENDING' } });
    const run = await startScreeningRun(ctx.deps, queued.id, 1);
    await performScreening(ctx.deps, systemActor('fuzz'), { run: run!, signal: new AbortController().signal });
  }
  for (const [path, body] of [
    [`/api/v1/leads/${lead.id}/call-data/`, { outcome: 'REACHED', note: 'Volal jsem' }],
    [`/api/v1/leads/${lead.id}/debt/`, { type: 'BANK_LOAN', creditor: 'Banka a.s.', remaining_amount: '10000.00' }],
    [`/api/v1/leads/${lead.id}/incomes-expenses/`, { kind: 'INCOME', category: 'SALARY', amount: '30000.00' }],
    [`/api/v1/persons/${person}/labels/`, { name: 'VIP', color: '#aa0000' }],
    [`/api/v1/persons/${person}/blacklist/`, { reason: 'Podvod' }],
    [`/api/v1/persons/${person}/address/`, { type: 'CONTACT', city: 'Brno', zip: '602 00', country: 'CZ' }],
    [`/api/v1/persons/${person}/contact/`, { type: 'EMAIL', value: 'druhy@example.cz' }],
  ] as const) {
    const res = await staff(path, body);
    expect(res.status, `${path} ${res.text}`).toBe(201);
  }
  // A deal with one of each of its own sub-resources (modules/deals).
  const deal = await staff('/api/v1/deals/', { type: 'CONSUMER_LOAN', value: '150000.00', participants: [{ person, role: 'BORROWER' }] });
  expect(deal.status, deal.text).toBe(201);
  fuzzDealId = deal.body.id as number;
  for (const [segment, body] of [
    ['participants', { person, role: 'ACCESSORY_DEBTOR' }],
    ['label', { name: 'VIP' }],
    ['notes', { text: 'Klient volal.' }],
    ['debts', { type: 'BANK_LOAN', creditor: 'Banka a.s.', amount: '1000.00' }],
    ['obligations', { type: 'NOTARIAL_DEED', due_date: '2026-12-31' }],
    ['enforceable-claims', { title_type: 'NOTARIAL_DEED', amount: '1000.00' }],
    ['claims-settings', { type: 'FEE', amount: '150.00' }],
    ['claims-statements', { as_of: '2026-01-31' }],
    // A second DRAFT: …/save/ saves one, and a SAVED statement is neither edited nor deleted.
    ['claims-statements', { as_of: '2026-02-28' }],
  ] as const) {
    const res = await staff(`/api/v1/deals/${fuzzDealId}/${segment}/`, body);
    expect(res.status, `${segment} ${res.text}`).toBe(201);
  }
  // Rows no operation of the API makes: an IDM evaluation of the deal (the scoring service
  // writes them) and a recorded payment-order file (an export of payable drawings makes it).
  await ctx.deps.prisma.idmEvaluation.create({ data: { dealId: fuzzDealId, state: 'FINISHED', result: { score: 700 } } });
  await ctx.deps.prisma.paymentOrderBatch.create({
    data: { dealId: fuzzDealId, format: 'abo', executionDate: new Date('2026-01-15T00:00:00Z'), fileName: 'prikaz.kpc', content: Buffer.from('UHL1\r\n'), itemCount: 1, totalAmount: '100.00' },
  });
  // Approval requests (four-eyes, ADR 0045): an accountant's for the admin to approve or reject,
  // and the admin's own to withdraw — a claim on the active loan, as POST …/claims/ would store it.
  const accountant = await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: (await ctx.login('ACCOUNTANT')).email } });
  const fuzzAdmin = await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: admin.email } });
  const claimInput = { dealId: loan.id, claim: { type: 'FEE', due_date: '2026-12-15', amount: '1000.00' } };
  for (const [makerId, count] of [[accountant.id, 3], [fuzzAdmin.id, 1]] as const) {
    for (let i = 0; i < count; i++) {
      await ctx.deps.prisma.approvalRequest.create({
        data: { action: 'CLAIM_CREATE', summary: 'Nová pohledávka (fuzz)', dealId: loan.id, amount: '1000.00', input: claimInput, makerId, expiresAt: new Date(Date.now() + 7 * 86_400_000) },
      });
    }
  }
  fuzzAdminId = fuzzAdmin.id;
  // The last month's last day closed, so a credit-register batch of it can be made (docs/decisions/0050).
  const lastMonthEnd = dbDate(monthBounds(previousMonth(monthOf(today(ctx.deps)))).last);
  await ctx.deps.prisma.closeOfBusiness.upsert({ where: { businessDate: lastMonthEnd }, create: { businessDate: lastMonthEnd, startedAt: new Date(), finishedAt: new Date() }, update: {} });
  // A generated report (docs/decisions/0049), written as the job writes it, for the download path.
  const report = await ctx.http().get('/api/v1/reporting/billing/claims-report/?date_from=2026-01-01&date_to=2026-01-31').set('Authorization', credentials.jwt!);
  expect(report.status, report.text).toBe(202);
  await handleGenerateReport(ctx.deps, { report_id: report.body.id as number }, { jobId: 'fuzz', attempt: 1, attempts: 1, stopping: new AbortController().signal, timeoutMs: 60_000 });
  // The demo seed alone takes ~110 s on two quiet cores (deals ~75 s, payment history ~20 s), and
  // another test file runs beside this one.
}, 420_000);
afterAll(async () => {
  await ctx?.close();
  temp?.cleanup();
});

/** Valid values of each path parameter: rows that exist, belong together and suit the operation. */
async function pathValues(op: Operation): Promise<Record<string, string>> {
  const p = ctx.deps.prisma;
  const names = op.parameters.filter((x) => x.in === 'path').map((x) => x.name);
  if (names.length === 0) return {};
  const path = op.path;
  const segments = path.split('/');
  let values: Record<string, number | string> = {};
  if (names.includes('token')) values = { token: form.token, id: form.documentId };
  else if (path.startsWith('/api/v1/approvals/')) {
    // A pending request the admin may decide (not their own), or their own to withdraw; an action's setting.
    const own = path.endsWith('/withdraw/');
    const request = await p.approvalRequest.findFirst({ where: { state: 'PENDING', makerId: own ? fuzzAdminId : { not: fuzzAdminId } }, orderBy: { id: 'asc' } });
    values = { id: request?.id ?? 1, action: 'CLAIM_CREATE' };
  }
  else if (names.includes('clientId') || names.includes('client')) values = { clientId: form.clientId, client: form.clientId };
  else if (path.startsWith('/api/v1/isir/')) values = { id: (await p.isirCase.findFirst({ orderBy: { id: 'asc' } }))?.id ?? 1 };
  else if (path.startsWith('/api/v1/leads/')) {
    const sub = segments[5];
    // Converting a lead to a deal needs an accepted offer (the seed leaves half of them waiting).
    const lead =
      sub === 'deal'
        ? await p.lead.findFirstOrThrow({ where: { personId: { not: null }, state: 'OFFER_ACCEPTED' }, orderBy: { id: 'asc' } })
        : await p.lead.findFirstOrThrow({ where: { personId: { not: null }, state: { in: ['NEW', 'IN_PROGRESS'] }, applicationForms: { some: {} } }, orderBy: { id: 'asc' } });
    values = { id: lead.id, leadId: lead.id };
    const item =
      sub === 'call-data'
        ? await p.callData.findFirst({ orderBy: { id: 'desc' } })
        : sub === 'debt'
          ? await p.leadDebt.findFirst({ orderBy: { id: 'desc' } })
          : sub === 'incomes-expenses'
            ? await p.incomeExpense.findFirst({ orderBy: { id: 'desc' } })
            : sub === 'idm-evaluations'
              ? await p.idmEvaluation.findFirst({ where: { leadId: { not: null } }, orderBy: { id: 'desc' } })
              : null;
    if (item && 'leadId' in item && item.leadId) values = { leadId: item.leadId, id: item.id };
    if (sub === 'application-form') {
      const doc = await p.formDocument.findFirst({ where: { form: { leadId: { not: null } } }, include: { form: true } });
      const f = doc?.form ?? (await p.applicationForm.findFirstOrThrow({ where: { leadId: { not: null } } }));
      values = { leadId: f.leadId!, id: f.id, documentId: doc?.id ?? 1 };
    }
  } else if (/^\/api\/v1\/deals\/\{dealId\}\/(deal-model|claims|claims-group|claims-group-lease|claims-group-leaseback)\//.test(path)) {
    // The claims module's sub-resources: a row of the deal that has one.
    const sub = segments[5]!;
    const kind = ({ 'claims-group': 'REGULAR', 'claims-group-lease': 'LEASE', 'claims-group-leaseback': 'LEASEBACK' } as const)[sub as 'claims-group'];
    const find = async (): Promise<{ dealId: number; id: number } | null> => {
      // A future group of a bullet loan carries no principal: one the schedule lets staff change or cancel.
      if (kind)
        return (
          (await p.claimsGroup.findFirst({ where: { kind, cancelledAt: null, dueDate: { gt: new Date() }, claims: { none: { type: 'PRINCIPAL', cancelledAt: null } } }, orderBy: { id: 'desc' } })) ??
          (await p.claimsGroup.findFirst({ where: { kind }, orderBy: { id: 'desc' } }))
        );
      // A claim of no group (a fee): a group's claims change their due date with the group.
      if (sub === 'claims') return (await p.claim.findFirst({ where: { claimsGroupId: null, cancelledAt: null, type: 'FEE' }, orderBy: { id: 'desc' } })) ?? (await p.claim.findFirst({ orderBy: { id: 'desc' } }));
      // A new version of an application (on an active deal it would be a restructuring, from a date).
      if (path === '/api/v1/deals/{dealId}/deal-model/') return p.dealModel.findFirst({ where: { dealId: applicationDealId }, orderBy: { id: 'desc' } });
      // Only a restructuring (a DRAFT from a date) is applied by …/activate/.
      if (path.endsWith('/activate/')) return p.dealModel.findFirst({ where: { state: 'DRAFT', validFrom: { not: null } }, orderBy: { id: 'desc' } });
      return p.dealModel.findFirst({ orderBy: [{ state: 'asc' }, { id: 'desc' }] });
    };
    const item = await find();
    values = item ? { dealId: item.dealId, id: item.id } : { dealId: (await p.deal.findFirstOrThrow({ orderBy: { id: 'desc' } })).id };
  } else if (/^\/api\/v1\/deals\/(\{dealId\}\/(purposes|realty-groups)\/|purpose\/purpose-drawing\/)/.test(path)) {
    // The latest purpose, drawing, payment order or realty group the earlier calls made, with its deal.
    const deal = (await p.deal.findFirst({ orderBy: { id: 'asc' } }))?.id ?? 1;
    // Deleted: one that nothing refers to yet (a group never evaluated, a purpose with no drawing).
    const deleting = op.method === 'delete';
    const item = path.includes('/realty-groups/')
      ? await p.realtyGroup.findFirst({ where: { dealId: { not: null }, ...(deleting ? { evaluations: { none: {} } } : {}) }, orderBy: { id: 'desc' } })
      : path.includes('/purposes/payments/')
        ? await p.paymentOrderBatch.findFirst({ orderBy: { id: 'desc' } })
        : path.includes('/purpose-drawing/')
          ? await p.purposeDrawing.findFirst({ orderBy: { id: 'desc' } })
          : await p.purpose.findFirst({ where: deleting ? { drawings: { none: {} } } : {}, orderBy: { id: 'desc' } });
    values = { dealId: item && 'dealId' in item && item.dealId ? item.dealId : deal, id: item?.id ?? 1 };
  } else if (path === '/api/v1/deals/{id}/state/') {
    values = { id: applicationDealId };
  } else if (/^\/api\/v1\/deals\/(\{(id|dealId)\}\/)?([a-z-]+\/)?(\{id\}\/)?([a-z_-]+\/)?$/.test(path)) {
    // The deal's own sub-resources (modules/deals): the fuzz deal and its latest item (…/save/,
    // …/export/ of the same item).
    const sub = segments[5] ?? '';
    const finders: Record<string, () => Promise<{ dealId: number | null; id: number } | null>> = {
      participants: () => p.dealParticipant.findFirst({ where: { dealId: fuzzDealId }, orderBy: { id: 'desc' } }),
      label: () => p.dealLabel.findFirst({ where: { dealId: fuzzDealId }, orderBy: { id: 'desc' } }),
      debts: () => p.dealDebt.findFirst({ where: { dealId: fuzzDealId }, orderBy: { id: 'desc' } }),
      obligations: () => p.dealObligation.findFirst({ where: { dealId: fuzzDealId }, orderBy: { id: 'desc' } }),
      'enforceable-claims': () => p.enforceableClaim.findFirst({ where: { dealId: fuzzDealId }, orderBy: { id: 'desc' } }),
      'claims-settings': () => p.claimsSetting.findFirst({ where: { dealId: fuzzDealId }, orderBy: { id: 'desc' } }),
      // A DRAFT: a SAVED statement is neither edited, saved again nor deleted.
      'claims-statements': () => p.claimsStatement.findFirst({ where: { dealId: fuzzDealId, state: 'DRAFT' }, orderBy: { id: 'desc' } }),
      'idm-evaluations': () => p.idmEvaluation.findFirst({ where: { dealId: { not: null } }, orderBy: { id: 'desc' } }),
      // A prepared group of its own for each operation (sending one makes it SENT, and the seed's
      // own were sent by its collections history): a letter to a debtor of an overdue deal.
      'notice-groups': async () => {
        const participant = await p.dealParticipant.findFirstOrThrow({ where: { role: { in: ['BORROWER', 'DEBTOR'] }, deal: { state: 'ACTIVE', daysPastDue: { gt: 0 } }, person: { email: { not: null } } }, include: { person: true }, orderBy: { id: 'asc' } });
        return p.noticeGroup.create({
          data: {
            dealId: participant.dealId,
            noticeType: 'OTHER',
            title: 'Oznámení (fuzz)',
            date: new Date(),
            deadline: new Date(Date.now() + 14 * 86_400_000),
            channels: ['EMAIL'],
            notices: { create: [{ personId: participant.personId, role: participant.role, channel: 'EMAIL', recipient: participant.person.email! }] },
          },
        });
      },
      // An open promise to cancel (the seed's are settled): one made now for the fuzz deal.
      'promises-to-pay': async () =>
        (await p.promiseToPay.findFirst({ where: { state: 'OPEN' }, orderBy: { id: 'desc' } })) ??
        p.promiseToPay.create({ data: { dealId: fuzzDealId, madeOn: new Date(), promisedOn: new Date(Date.now() + 7 * 86_400_000), amount: '1000.00', createdById: fuzzAdminId } }),
    };
    const item = await finders[sub]?.();
    values = item?.dealId ? { dealId: item.dealId, id: item.id } : { id: fuzzDealId, dealId: fuzzDealId };
    // The application form of a deal made from a lead.
    if (sub === 'application_form') values = { id: (await p.deal.findFirstOrThrow({ where: { lead: { applicationForms: { some: {} } } }, orderBy: { id: 'asc' } })).id };
  } else if (path.startsWith('/api/v1/realties/purchased/')) {
    // A purchased property (the seed's); deleted: one still being acquired.
    values = { id: (await p.purchasedProperty.findFirst({ where: op.method === 'delete' ? { state: 'ACQUISITION' } : {}, orderBy: { id: 'desc' } }))?.id ?? 1 };
  } else if (path.startsWith('/api/v1/realties/')) {
    values = { id: (await p.realty.findFirst({ orderBy: { id: 'asc' } }))?.id ?? 1 };
  } else if (path.startsWith('/api/v1/realty-group/')) {
    // A group of a deal with an estimation (the seed's collateral groups, the estimations the POSTs made).
    const estimation = await p.realtyEstimation.findFirst({ where: { realtyGroup: { dealId: { not: null } } }, orderBy: { id: 'desc' } });
    const group = estimation ? { id: estimation.realtyGroupId } : await p.realtyGroup.findFirst({ where: { dealId: { not: null } }, orderBy: { id: 'desc' } });
    values = path.includes('/estimations/') ? { realtyGroupId: group?.id ?? 1, id: estimation?.id ?? 1 } : { id: group?.id ?? 1, realtyGroupId: group?.id ?? 1 };
  } else if (path === '/api/v1/title-deeds/{id}/changes/') {
    values = { id: titleDeedPair.id };
  } else if (path.startsWith('/api/v1/title-deeds/')) {
    values = { id: (await p.titleDeed.findFirst({ where: { downloadedAt: { not: null } }, orderBy: { id: 'asc' } }))?.id ?? 1 };
  } else if (path.startsWith('/api/v1/collateral-alerts/')) {
    // An open alert (the seed's watched realty has one).
    values = { id: (await p.collateralAlert.findFirst({ where: { resolvedAt: null }, orderBy: { id: 'asc' } }))?.id ?? 1 };
  } else if (path.startsWith('/api/v1/reporting/reports/')) {
    values = { id: (await p.report.findFirst({ where: { state: 'DONE' }, orderBy: { id: 'asc' } }))?.id ?? 1 };
  } else if (/^\/api\/v1\/reporting\/(cncb|repi)\//.test(path)) {
    // A written credit-register batch: the one POST …/cncb/batch/ made, written here as its job writes it.
    values = { id: await writtenCncbBatch() };
  } else if (path.startsWith('/api/v1/notices/')) {
    // The PDF exists once a notice is sent; the preview answers for any.
    values = { id: (await p.notice.findFirst({ where: path.endsWith('/pdf/') ? { pdfKey: { not: null } } : {}, orderBy: { id: 'asc' } }))?.id ?? 1 };
  } else if (path.startsWith('/api/v1/persons/')) {
    const sub = segments[5];
    const action = segments[7];
    const finders: Record<string, () => Promise<{ personId: number; id: number } | null>> = {
      address: () => p.personAddress.findFirst({ orderBy: { id: 'desc' } }),
      contact: () => p.personContact.findFirst({ orderBy: { id: 'desc' } }),
      blacklist: () => p.blacklistEntry.findFirst({ orderBy: { id: 'desc' } }),
      labels: () => p.personLabel.findFirst({ orderBy: { id: 'desc' } }),
      distraint: () => p.distraint.findFirst({ orderBy: { id: 'asc' } }),
      // The report and ZOBI of a screening exist once it has FINISHED (beforeAll ran one of each).
      screenings: () =>
        p.screening.findFirst({
          where: action === 'download' ? { state: 'FINISHED', fileKey: { not: null } } : action === 'zobi' ? { state: 'FINISHED', type: 'ZOBI_OSOBACUZK' } : {},
          orderBy: { id: 'asc' },
        }),
    };
    const lead = await p.lead.findFirstOrThrow({ where: { personId: { not: null } }, orderBy: { id: 'asc' } });
    const item = sub ? await finders[sub]?.() : null;
    values = item ? { personId: item.personId, id: item.id } : { personId: lead.personId!, id: lead.personId! };
  }
  return Object.fromEntries(names.map((n) => [n, String(values[n] ?? 1)]));
}

/** A credit-register batch written as its job writes it (docs/decisions/0050): DONE, so its files and REPI part answer. */
async function writtenCncbBatch(): Promise<number> {
  const p = ctx.deps.prisma;
  const done = await p.cncbBatch.findFirst({ where: { state: 'DONE' }, orderBy: { id: 'asc' } });
  if (done) return done.id;
  const queued = await p.cncbBatch.findFirst({ orderBy: { id: 'asc' } });
  if (!queued) return 1;
  await handleCncbBatch(ctx.deps, { batch_id: queued.id, part: 'batch' }, { jobId: 'fuzz', attempt: 1, attempts: 1, stopping: new AbortController().signal, timeoutMs: 60_000 });
  return queued.id;
}

function authorizationFor(op: Operation): string | null {
  if (op.security === 'apiKey') return apiKeys.get(op.apiKeyOwners[0]!) ?? null;
  return op.security ? (credentials[op.security] ?? null) : null;
}

async function baseRequest(op: Operation): Promise<BaseRequest> {
  const key = `${op.method} ${op.path}`;
  const query = op.parameters.filter((x) => x.in === 'query' && x.required).map((x) => [x.name, String(exampleOf(x.schema, x.name))] as [string, string]);
  let body = key in EXAMPLES ? EXAMPLES[key] : op.body ? exampleOf(op.body.schema) : undefined;
  if (op.path === '/api/v1/forms/question/') body = { token: form.token, type: 'SAVE_APPLICATION_OFFER', value: 150_000, installment_value: 4_000 };
  // The price of a title deed's extract names its LV (a territory and a number, or the cadastre's id).
  if (op.path === '/api/v1/title-deeds/price/') query.push(['cadastral_location_code', titleDeedOrder.cadastral_location_code], ['code', titleDeedOrder.code]);
  if (op.path === '/api/v1/title-deeds/{id}/changes/') query.splice(0, query.length, ['since', String(titleDeedPair.since)]);
  if (op.body?.contentType === 'multipart/form-data' && !(key in EXAMPLES)) body = { category: 'BANK_STATEMENT', file: 'x' };
  return { path: await pathValues(op), query, body, authorization: authorizationFor(op) };
}

function url(op: Operation, v: Variant): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(v.path[name] ?? ''));
  const query = v.query.map(([k, value]) => `${percentEncode(k)}=${percentEncode(value instanceof Encoded ? value : String(value))}`).join('&');
  return query ? `${path}?${query}` : path;
}

async function send(op: Operation, v: Variant) {
  let req = request(ctx.app)[op.method as 'get'](url(op, v));
  if (v.authorization) req = req.set('Authorization', v.authorization);
  const body = v.body?.();
  if (body) req = req.set('Content-Type', body.contentType).send(body.text);
  return req;
}

// One test on purpose, in this order: every operation on one seeded database (a seed per
// operation would take hours), writes first and deletions last, so item paths find the rows the
// earlier calls made. The order is fixed here (method, then path), not left to the runner:
// vitest's shuffle does not reorder what runs inside a test.
const ORDER = ['post', 'put', 'patch', 'get', 'delete'];

/** Operations no request of the fuzzer can get into (a 2xx or a use case's own 400), and why. */
const NOT_REACHABLE: Record<string, string> = {};

describe(`fuzzing every operation of the OpenAPI document (FUZZ_SEED=${SEED})`, () => {
  const stats = { requests: 0, failures: 0, refusedOnly: 0 };
  afterAll(() =>
    console.warn(
      `fuzz: ${stats.requests} requests on ${operations.length} operations, ${stats.failures} failures, ${stats.refusedOnly} operations reached only by their use case's own 400 (FUZZ_SEED=${SEED})`,
    ),
  );

  it('walks every operation: no 5xx, no stack or SQL text', async () => {
    expect(operations.length).toBeGreaterThan(90);
    const failures: string[] = [];
    const notExercised: Record<string, string> = {};
    const sorted = [...operations].sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method) || a.path.localeCompare(b.path));
    for (const op of sorted) {
      const random = seededRandom(SEED ^ hash(op.operationId));
      const base = await baseRequest(op);
      const statuses = new Map<string, number>();
      let exercised = false;
      let succeeded = false;
      for (const variant of variantsOf(op, base, random, BUDGET)) {
        const res = await send(op, variant);
        stats.requests++;
        // Exercised: the use case ran and gave an answer the document calls success (2xx, or the
        // 303 of a redirecting operation), or refused the input itself (a 400 made from its
        // DomainError 'invalid', marked by the error handler in tests), not the schema's 400.
        const domain = res.headers[DOMAIN_ERROR_HEADER.toLowerCase()] as string | undefined;
        if (op.successes.includes(res.status)) succeeded = true;
        if (succeeded || (res.status === 400 && domain === 'invalid')) exercised = true;
        const key = domain ? `${res.status}:${domain}` : String(res.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const text = res.text ?? '';
        if (res.status >= 500 || LEAK.test(op.path === '/api/v1/schema.yaml' ? '' : text)) {
          stats.failures++;
          failures.push(`${op.method.toUpperCase()} ${op.path} [${variant.label}] → ${res.status} ${text.slice(0, 160)}`);
        }
      }
      if (!exercised) notExercised[`${op.method} ${op.path}`] = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
      else if (!succeeded) stats.refusedOnly++;
    }
    if (Object.keys(notExercised).length) console.warn(`fuzz: not exercised (answers by status):\n${Object.entries(notExercised).map(([op, s]) => `  ${op}: ${s}`).join('\n')}`);
    expect(Object.keys(notExercised).sort(), 'operations no variant got into the use case (no 2xx, no 400 of its own)').toEqual(Object.keys(NOT_REACHABLE).sort());
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
