import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bookPayment, bookPayments, type MovementInput } from './book-payment.ts';
import { staffActor, testSystem } from '../../../test/fixtures/actors.ts';
import { importStatement } from './statements/import-statement.ts';
import { statementFile, uploadStatement } from './statements/upload-statement.ts';
import { movementOf, paidAmounts, twoInstallmentLoan } from '../../../test/fixtures/payments.ts';

// The bulk booking path (bookPayments, docs/decisions/0038) on real PostgreSQL: the same outcome
// as booking the movements one by one, in chunks that commit whole. The loan of every test, as in
// booking.test.ts (worked out by hand, LOAN_ALLOCATION_PROFILE_V1, penalty interest off): I1 500 +
// P1 2000 due 20 Jan 2025, I2 450 + P2 2050 due 20 Feb 2025; business date 25 Feb 2025.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const BUSINESS_DATE = '2025-02-25';
let vsCounter = 7_300_000;
let refCounter = 0;

const loan = () => twoInstallmentLoan(ctx.deps.prisma, String(++vsCounter));
const movement = (over: Partial<MovementInput>) => movementOf(`bulk:${++refCounter}`, over);

const paidOf = (dealId: number) => paidAmounts(ctx.deps.prisma, dealId);
const dpdOf = async (dealId: number) => (await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).daysPastDue;

describe('bookPayments', () => {
  it('two lines of one chunk on one deal, the later first: allocated as one pass in date order', async () => {
    const deal = await loan();
    const [feb, jan] = await bookPayments(
      ctx.deps,
      [movement({ date: '2025-02-20', variableSymbol: deal.variableSymbol }), movement({ date: '2025-01-20', variableSymbol: `00${deal.variableSymbol}` })],
      { businessDate: BUSINESS_DATE },
    );
    expect([feb!.outcome, jan!.outcome, feb!.dealId, jan!.dealId]).toEqual(['CREATED', 'CREATED', deal.id, deal.id]);
    // 20 Jan's 2500 pays January whole (I1 500, P1 2000), 20 Feb's February whole (I2 450, P2 2050).
    const rows = await ctx.deps.prisma.paymentAllocation.findMany({ where: { claim: { dealId: deal.id } } });
    expect(rows.map((r) => [r.paymentId, r.claimId, r.amount.toFixed(2)]).sort()).toEqual(
      [
        [jan!.paymentId, deal.claims.I1, '500.00'],
        [jan!.paymentId, deal.claims.P1, '2000.00'],
        [feb!.paymentId, deal.claims.I2, '450.00'],
        [feb!.paymentId, deal.claims.P2, '2050.00'],
      ].sort(),
    );
    expect(await dpdOf(deal.id)).toBe(0);
  });

  it('pairs by specific symbol and by a counter-account known before or from an earlier line of the same batch; two deals on one account decide nothing', async () => {
    const [x, y, z] = [await loan(), await loan(), await loan()];
    await bookPayment(ctx.deps, movement({ date: '2025-01-10', amount: '100.00', variableSymbol: y.variableSymbol, counterAccount: '19-111/0100' }), { businessDate: BUSINESS_DATE });
    const lines = [
      movement({ amount: '300.00', variableSymbol: '999999999', specificSymbol: z.variableSymbol }),
      movement({ amount: '200.00', counterAccount: '19-111/0100' }),
      movement({ amount: '100.00', variableSymbol: x.variableSymbol, counterAccount: '19-555/0100' }),
      movement({ amount: '50.00', counterAccount: '19-555/0100' }),
      movement({ amount: '60.00', variableSymbol: z.variableSymbol, counterAccount: '19-555/0100' }),
      movement({ amount: '70.00', counterAccount: '19-555/0100' }),
      movement({ amount: '80.00', direction: 'OUTGOING_PAYMENT', variableSymbol: x.variableSymbol, counterAccount: '19-111/0100' }),
    ];
    const booked = await bookPayments(ctx.deps, lines, { businessDate: BUSINESS_DATE, chunkSize: 4 });
    expect(booked.map((b) => [b.outcome, b.dealId, b.pairedBy])).toEqual([
      ['CREATED', z.id, 'SPECIFIC_SYMBOL'],
      ['CREATED', y.id, 'COUNTER_ACCOUNT'],
      ['CREATED', x.id, 'VARIABLE_SYMBOL'],
      ['CREATED', x.id, 'COUNTER_ACCOUNT'],
      ['CREATED', z.id, 'VARIABLE_SYMBOL'],
      ['CREATED', null, null],
      ['CREATED', null, null],
    ]);
    // Y: 100 + 200 on I1 (interest first). X: 100 + 50 on I1. Z: 300 + 60 on I1.
    expect(await paidOf(y.id)).toEqual(['300.00', '0.00', '0.00', '0.00']);
    expect(await paidOf(x.id)).toEqual(['150.00', '0.00', '0.00', '0.00']);
    expect(await paidOf(z.id)).toEqual(['360.00', '0.00', '0.00', '0.00']);
    const debit = await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: booked[6]!.paymentId }, include: { allocations: true } });
    expect([debit.direction, debit.dealId, debit.allocations.length]).toEqual(['OUTGOING_PAYMENT', null, 0]);

    // The same lines again: every one a DUPLICATE naming the payment booked first; nothing written.
    const count = await ctx.deps.prisma.payment.count();
    const again = await bookPayments(ctx.deps, lines, { businessDate: BUSINESS_DATE, chunkSize: 3 });
    expect(again.map((b) => [b.outcome, b.paymentId, b.dealId])).toEqual(booked.map((b) => ['DUPLICATE', b.paymentId, b.dealId]));
    expect(await ctx.deps.prisma.payment.count()).toBe(count);
    expect(await paidOf(x.id)).toEqual(['150.00', '0.00', '0.00', '0.00']);
  });

  it('a storno among the lines takes back a payment booked by an earlier line of the same batch', async () => {
    const deal = await loan();
    const booked = await bookPayments(
      ctx.deps,
      [
        movement({ variableSymbol: deal.variableSymbol, counterAccount: '19-777/0100' }),
        movement({ date: '2025-01-21', direction: 'OUTGOING_PAYMENT', reversal: true, counterAccount: '19-777/0100' }),
        movement({ date: '2025-01-22', amount: '500.00', variableSymbol: deal.variableSymbol }),
      ],
      { businessDate: BUSINESS_DATE },
    );
    expect(booked.map((b) => [b.outcome, b.dealId, b.reversalOf])).toEqual([
      ['CREATED', deal.id, null],
      ['CREATED', deal.id, booked[0]!.paymentId],
      ['CREATED', deal.id, null],
    ]);
    // Only the 500 of 22 Jan counts: I1 500.
    expect(await paidOf(deal.id)).toEqual(['500.00', '0.00', '0.00', '0.00']);
  });

  it('a bank reference listed twice in one batch is booked once, by its first line; the later line is its duplicate, not paired', async () => {
    const [x, y] = [await loan(), await loan()];
    const ref = `bulk:${++refCounter}`;
    const lines = [
      movementOf(ref, { amount: '300.00', variableSymbol: x.variableSymbol }),
      movement({ amount: '40.00', variableSymbol: y.variableSymbol }),
      movementOf(ref, { amount: '700.00', variableSymbol: y.variableSymbol, counterAccount: '19-999/0100' }),
    ];
    const [first, other, repeat] = await bookPayments(ctx.deps, lines, { businessDate: BUSINESS_DATE, chunkSize: 1, workers: 4 });
    expect([first!.outcome, first!.dealId, other!.outcome, repeat!.outcome, repeat!.paymentId, repeat!.dealId, repeat!.pairedBy, repeat!.repeated]).toEqual([
      'CREATED', x.id, 'CREATED', 'DUPLICATE', first!.paymentId, x.id, null, true,
    ]);
    expect(await paidOf(x.id)).toEqual(['300.00', '0.00', '0.00', '0.00']);
    expect(await paidOf(y.id)).toEqual(['40.00', '0.00', '0.00', '0.00']);
    expect(await ctx.deps.prisma.payment.count({ where: { counterAccount: '19-999/0100' } })).toBe(0);
  });
});

/** A camt.053.001.08 statement of one entry per line. */
function camt(lines: { ref: string; amount: string; credit?: boolean; vs?: string }[]): Buffer {
  const entries = lines.map(
    (l) => `<Ntry><Amt Ccy="CZK">${l.amount}</Amt><CdtDbtInd>${l.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><Dt>2025-01-20</Dt></BookgDt><AcctSvcrRef>${l.ref}</AcctSvcrRef>
      <NtryDtls><TxDtls><Refs><EndToEndId>${l.vs ? `/VS${l.vs}` : 'NOTPROVIDED'}</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>`,
  );
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>T</MsgId><CreDtTm>2025-01-21T05:00:00</CreDtTm></GrpHdr>
<Stmt><Id>crash-${lines[0]!.ref}</Id><Acct><Id><Othr><Id>000019-2000145399</Id></Othr></Id></Acct>${entries.join('')}</Stmt></BkToCstmrStmt></Document>`);
}

describe('statement import interrupted mid-way', () => {
  it('leaves whole chunks (payments, allocations, progress) and a retry by the job books the rest once', async () => {
    const p = ctx.deps.prisma;
    const [a, b] = [await loan(), await loan()];
    const staff = await p.staffUser.create({ data: { email: 'import-crash@test.local', role: 'ACCOUNTANT', passwordHash: 'x' } });
    // Chunks of 2: A's two lines; B's line with the unknown one; then the debit on its own (debits
    // are booked one by one after the chunks). The server dies while booking the third line: its
    // chunk must leave no trace, the first commits whole, and the debit is never reached.
    await p.$executeRawUnsafe(`CREATE TABLE crash_on (ref text)`);
    await p.$executeRawUnsafe(`CREATE FUNCTION crash_on_ref() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF EXISTS (SELECT 1 FROM crash_on WHERE ref = NEW.bank_reference) THEN RAISE EXCEPTION 'simulated crash'; END IF; RETURN NEW; END $$`);
    await p.$executeRawUnsafe(`CREATE TRIGGER crash_on_ref BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION crash_on_ref()`);
    await p.$executeRawUnsafe(`INSERT INTO crash_on VALUES ('camt:19-2000145399:CRASH-3')`);
    const file = camt([
      { ref: 'CRASH-1', amount: '2500.00', vs: a.variableSymbol },
      { ref: 'CRASH-2', amount: '1000.00', vs: a.variableSymbol },
      { ref: 'CRASH-3', amount: '2500.00', vs: b.variableSymbol },
      { ref: 'CRASH-4', amount: '700.00', vs: '123123123' },
      { ref: 'CRASH-5', amount: '10.00', credit: false },
    ]);
    const { statement } = await uploadStatement(ctx.deps, staffActor(staff.id, 'ACCOUNTANT'), { file: statementFile('crash.xml', file) });
    await expect(importStatement(ctx.deps, testSystem, { statementId: statement.id, finalAttempt: false, chunkSize: 2 })).rejects.toThrow(/simulated crash/);

    const mid = await p.paymentStatement.findUniqueOrThrow({ where: { id: statement.id } });
    expect([mid.state, mid.totalLines, mid.processed, mid.created, mid.paired, mid.unpaired]).toEqual(['PROCESSING', 5, 2, 2, 2, 0]);
    const refs = async () => (await p.payment.findMany({ where: { statementId: statement.id }, orderBy: { bankReference: 'asc' } })).map((x) => x.bankReference);
    expect(await refs()).toEqual([1, 2].map((n) => `camt:19-2000145399:CRASH-${n}`));
    // A: 2500 pays January whole, 1000 then I2 450 and P2 550. B untouched.
    expect(await paidOf(a.id)).toEqual(['500.00', '2000.00', '450.00', '550.00']);
    expect(await paidOf(b.id)).toEqual(['0.00', '0.00', '0.00', '0.00']);

    // The job's next attempt, the fault gone.
    await p.$executeRawUnsafe(`DELETE FROM crash_on`);
    await importStatement(ctx.deps, testSystem, { statementId: statement.id, finalAttempt: false, chunkSize: 2 });
    const done = await p.paymentStatement.findUniqueOrThrow({ where: { id: statement.id } });
    expect([done.state, done.processed, done.created, done.paired, done.unpaired, done.duplicatesSkipped]).toEqual(['DONE', 5, 5, 3, 1, 0]);
    expect(await refs()).toEqual([1, 2, 3, 4, 5].map((n) => `camt:19-2000145399:CRASH-${n}`));
    expect(await paidOf(a.id)).toEqual(['500.00', '2000.00', '450.00', '550.00']);
    expect(await paidOf(b.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
    expect(await p.paymentAllocation.count({ where: { claim: { dealId: { in: [a.id, b.id] } } } })).toBe(6);
  });
});
