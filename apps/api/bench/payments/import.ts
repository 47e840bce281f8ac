// pnpm bench:payments (the import half) — issue 14: import + pair + allocate a 10,000-line
// camt.053.001.08 statement into a portfolio of 200,000 deals in under 30 s.
//
// A throw-away embedded PostgreSQL gets the loan book of bench:deals (generate-deals.ts) and its
// first close of business; a few earlier payments get a counter-account (so pairing by
// counter-account has something to find). Then a statement is built from the book:
//   ~85 % lines with the variable symbol of an ACTIVE deal (the exact next installment, half of
//        it, an overpayment, or two or three installments at once; some deals get two lines),
//   ~5 %  lines that pair by the specific symbol or by a counter-account known for one deal,
//   ~10 % lines nobody owns (unknown symbol, unknown account, or an account known to two deals),
//   a few debits.
// It is uploaded and imported through the job's use case (uploadStatement + importStatement) and
// timed; then the same file is uploaded again (answered as imported, nothing queued) and the same
// movements in a re-issued file are imported (every line a duplicate, nothing created). Checks
// the counters against what was generated, every line's deal, and the money on a sample of deals.
// Prints the table; exits 1 when the target is missed or a check fails.
//
// Settings (environment):
//   BENCH_DEALS=200000     deals generated
//   BENCH_LINES=10000      lines of the statement
//   BENCH_DATE=2026-10-31  the business date of the book (closed once); the statement is of the next day
//   BENCH_PG_DIR=…         keep the PostgreSQL data there: the generated book is kept as a template
//                          database and cloned for each run (for working on the import; unset: all
//                          thrown away)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { defaultRootDir } from '../../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrateDeploy } from '../../src/db/migrate.ts';
import { migrateJobQueue } from '../../src/jobs/queue.ts';
import { connectDatabase } from '../../src/db/prisma.ts';
import { createLogger } from '../../src/logger.ts';
import { addDays } from '../../src/domain/dates.ts';
import { closeBusinessDate } from '../../src/modules/close-of-business/close-business-date.ts';
import { parseCamt053 } from '../../src/modules/payments/statements/camt053.ts';
import { importStatement } from '../../src/modules/payments/statements/import-statement.ts';
import { statementFile, uploadStatement } from '../../src/modules/payments/statements/upload-statement.ts';
import { systemActor, type StaffActor } from '../../src/domain/actor.ts';
import { LocalFileStorage } from '../../src/integrations/storage/local-file-storage.ts';
import { withoutSecondaryIndexes } from '../load/generate-leads.ts';
import { DEAL_TABLES, generateDeals, loadInconsistencies } from '../deals/generate-deals.ts';
import { out, seconds, setting, table } from '../bench-output.ts';
import { random } from './seeded-random.ts';

const DEALS = setting('bench:payments', 'BENCH_DEALS', 200_000);
const LINES = setting('bench:payments', 'BENCH_LINES', 10_000);
const BUSINESS_DATE = process.env.BENCH_DATE ?? '2026-10-31';
const STATEMENT_DATE = addDays(BUSINESS_DATE, 1);
const PG_DIR = process.env.BENCH_PG_DIR;
const TARGET_S = 30;
const SAMPLE = 1000;


type Kind = 'exact' | 'partial' | 'overpay' | 'several' | 'second' | 'specific' | 'account' | 'unknown' | 'ambiguous' | 'debit';

interface Line {
  ref: string;
  kind: Kind;
  amount: string;
  credit: boolean;
  vs: string | null;
  ss: string | null;
  /** "prefix-number" and bank code of the payer. */
  account: { number: string; bank: string } | null;
  /** The deal it must pair to; null: unpaired (or a debit). */
  deal: number | null;
}

/** The next open installments of `count` ACTIVE deals that have paid before (owed on each of their first three open claims groups), chosen at random. */
async function openDeals(client: pg.ClientBase, count: number) {
  await client.query('SELECT setseed(0.14)');
  const { rows } = await client.query<{ id: number; vs: string; g1: string; g2: string | null; g3: string | null }>(
    `WITH chosen AS (SELECT id, variable_symbol FROM deals d WHERE state = 'ACTIVE' AND EXISTS (SELECT 1 FROM payments p WHERE p.deal_id = d.id AND p.direction = 'INCOMING_PAYMENT')
                      ORDER BY random() LIMIT $1),
          groups AS (
            SELECT c.deal_id, c.claims_group_id, sum(c.amount - c.paid_amount) AS owed,
                   row_number() OVER (PARTITION BY c.deal_id ORDER BY min(c.due_date), c.claims_group_id) AS k
              FROM claims c JOIN chosen ch ON ch.id = c.deal_id
             WHERE c.claims_group_id IS NOT NULL AND c.cancelled_at IS NULL
             GROUP BY c.deal_id, c.claims_group_id HAVING sum(c.amount - c.paid_amount) > 0)
     SELECT ch.id, ch.variable_symbol AS vs,
            max(g.owed) FILTER (WHERE g.k = 1)::text AS g1, max(g.owed) FILTER (WHERE g.k = 2)::text AS g2, max(g.owed) FILTER (WHERE g.k = 3)::text AS g3
       FROM chosen ch JOIN groups g ON g.deal_id = ch.id AND g.k <= 3
      GROUP BY ch.id, ch.variable_symbol ORDER BY ch.id`,
    [count],
  );
  return rows;
}

function buildLines(deals: Awaited<ReturnType<typeof openDeals>>, total: number): Line[] {
  const rnd = random(2026);
  const lines: Line[] = [];
  let n = 0;
  const ref = () => `BENCH${String(++n).padStart(8, '0')}`;
  const account = (i: number) => ({ number: String(1_000_000_000 + i * 13), bank: ['0100', '0300', '0800', '2010', '5500'][i % 5]! });
  const debits = Math.max(1, Math.round(total * 0.003));
  const unknown = Math.round(total * 0.1);
  const byOther = Math.round(total * 0.05);
  const bySymbol = total - debits - unknown - byOther;
  const seconds = Math.round(bySymbol * 0.04);
  const firsts = bySymbol - seconds;
  if (deals.length < firsts + byOther) throw new Error(`only ${deals.length} open ACTIVE deals for ${firsts + byOther} lines`);
  let d = 0;
  for (let i = 0; i < firsts; i++, d++) {
    const deal = deals[d]!;
    const r = rnd();
    const one = new Prisma.Decimal(deal.g1);
    let kind: Kind = 'exact';
    let amount = one;
    if (r < 0.15) [kind, amount] = ['partial', one.div(2).toDecimalPlaces(2)];
    else if (r < 0.25) [kind, amount] = ['overpay', one.plus(1500)];
    else if (r < 0.35 && deal.g2) [kind, amount] = ['several', one.plus(deal.g2).plus(deal.g3 ?? 0)];
    if (amount.lte(0)) amount = new Prisma.Decimal('100.00');
    lines.push({ ref: ref(), kind, amount: amount.toFixed(2), credit: true, vs: rnd() < 0.3 ? deal.vs.padStart(10, '0') : deal.vs, ss: null, account: rnd() < 0.5 ? account(100_000 + d) : null, deal: deal.id });
  }
  // Second lines for deals already paid above: two lines of one statement on one deal.
  for (let i = 0; i < seconds; i++) {
    const first = lines[Math.floor((i * firsts) / seconds)]!;
    lines.push({ ref: ref(), kind: 'second', amount: `${500 + (i % 7) * 250}.00`, credit: true, vs: first.vs, ss: null, account: null, deal: first.deal });
  }
  for (let i = 0; i < byOther; i++, d++) {
    const deal = deals[d]!;
    const amount = new Prisma.Decimal(deal.g1).toFixed(2);
    if (i % 2 === 0) lines.push({ ref: ref(), kind: 'specific', amount, credit: true, vs: '7777777', ss: deal.vs, account: null, deal: deal.id });
    else lines.push({ ref: ref(), kind: 'account', amount, credit: true, vs: null, ss: null, account: account(i), deal: deal.id });
  }
  for (let i = 0; i < unknown; i++) {
    const kind: Kind = i % 10 === 0 ? 'ambiguous' : 'unknown';
    lines.push({ ref: ref(), kind, amount: `${1000 + (i % 97) * 10}.00`, credit: true, vs: kind === 'unknown' ? String(880_000_000 + i) : null, ss: null, account: kind === 'ambiguous' ? account(byOther + i) : account(500_000 + i), deal: null });
  }
  for (let i = 0; i < debits; i++) lines.push({ ref: ref(), kind: 'debit', amount: `${200 + i}.00`, credit: false, vs: String(5000 + i), ss: null, account: account(900_000 + i), deal: null });
  // A bank lists movements as they came, not by kind.
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  return lines;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** camt.053.001.08 as a Czech bank sends it (see the parser's fixtures). `issue` tells re-issued files apart. */
function camt053(lines: Line[], issue: number): string {
  const entries = lines.map((l, i) => {
    const party = l.credit ? 'Dbtr' : 'Cdtr';
    const e2e = [l.vs ? `/VS${l.vs}` : '', l.ss ? `/SS${l.ss}` : ''].join('') || 'NOTPROVIDED';
    return `      <Ntry>
        <Amt Ccy="CZK">${l.amount}</Amt>
        <CdtDbtInd>${l.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>${STATEMENT_DATE}T${String(8 + Math.floor(i / 1000)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00+01:00</DtTm></BookgDt>
        <ValDt><Dt>${STATEMENT_DATE}</Dt></ValDt>
        <AcctSvcrRef>${l.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${l.credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>${e2e}</EndToEndId></Refs>
            <Amt Ccy="CZK">${l.amount}</Amt>
            <CdtDbtInd>${l.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
            <RltdPties>
              <${party}><Pty><Nm>${xml(`Plátce ${i + 1}`)}</Nm></Pty></${party}>${
                l.account ? `\n              <${party}Acct><Id><Othr><Id>${l.account.number}</Id></Othr></Id></${party}Acct>` : ''
              }
            </RltdPties>${l.account ? `\n            <RltdAgts><${party}Agt><FinInstnId><ClrSysMmbId><MmbId>${l.account.bank}</MmbId></ClrSysMmbId></FinInstnId></${party}Agt></RltdAgts>` : ''}
            <RmtInf><Ustrd>${l.credit ? 'Splátka úvěru' : 'Platba dodavateli'}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  });
  const credits = lines.filter((l) => l.credit);
  const debits = lines.filter((l) => !l.credit);
  const sum = (ls: Line[]) => ls.reduce((s, l) => s.plus(l.amount), new Prisma.Decimal(0)).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-${STATEMENT_DATE}-${issue}</MsgId><CreDtTm>${addDays(STATEMENT_DATE, 1)}T05:0${issue}:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>0800-${STATEMENT_DATE.replace(/-/g, '')}</Id>
      <ElctrncSeqNb>${issue}</ElctrncSeqNb>
      <Acct><Id><Othr><Id>000019-2000145399</Id></Othr></Id><Ccy>CZK</Ccy></Acct>
      <TxsSummry>
        <TtlNtries><NbOfNtries>${lines.length}</NbOfNtries></TtlNtries>
        <TtlCdtNtries><NbOfNtries>${credits.length}</NbOfNtries><Sum>${sum(credits)}</Sum></TtlCdtNtries>
        <TtlDbtNtries><NbOfNtries>${debits.length}</NbOfNtries><Sum>${sum(debits)}</Sum></TtlDbtNtries>
      </TxsSummry>
${entries.join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** Connects to `name` on the embedded server, making it from the template (generating the book once) as needed. */
async function preparePortfolio(serverUrl: (db: string) => string): Promise<string> {
  const template = `bench_book_${DEALS}_${BUSINESS_DATE.replace(/-/g, '')}`;
  const admin = connectDatabase(serverUrl('postgres'), { max: 1 });
  try {
    const exists = (await admin.pool.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [template])).rowCount;
    if (!exists) {
      await ensureDatabase(serverUrl, `${template}_new`);
      const url = serverUrl(`${template}_new`);
      await migrateDeploy(defaultRootDir(), url);
      const db = connectDatabase(url, { max: 4 });
      try {
        out(`Generating ${DEALS.toLocaleString('en')} deals as of ${BUSINESS_DATE} …`);
        const started = performance.now();
        const client = await db.pool.connect();
        try {
          const loaded = await withoutSecondaryIndexes(db.pool, DEAL_TABLES, () => generateDeals(client, DEALS, BUSINESS_DATE));
          const wrong = await loadInconsistencies(client);
          if (Object.keys(wrong).length) throw new Error(`the generated data is inconsistent: ${JSON.stringify(wrong)}`);
          await client.query('VACUUM ANALYZE');
          out(`  ${loaded.result.deals.toLocaleString('en')} deals, ${loaded.result.claims.toLocaleString('en')} claims, ${loaded.result.payments.toLocaleString('en')} payments in ${seconds(performance.now() - started)}`);
        } finally {
          client.release();
        }
        const close = performance.now();
        await closeBusinessDate({ prisma: db.prisma, now: () => new Date(`${STATEMENT_DATE}T06:00:00Z`), logger: createLogger('silent') }, BUSINESS_DATE, 'CLI');
        await db.pool.query('VACUUM ANALYZE');
        out(`  close of business ${BUSINESS_DATE} in ${seconds(performance.now() - close)}`);
      } finally {
        await db.close();
      }
      await admin.pool.query(`ALTER DATABASE ${template}_new RENAME TO ${template}`);
    }
    await admin.pool.query(`DROP DATABASE IF EXISTS bench WITH (FORCE)`);
    const started = performance.now();
    await admin.pool.query(`CREATE DATABASE bench TEMPLATE ${template}`);
    if (PG_DIR) out(`Cloned the book from ${template} in ${seconds(performance.now() - started)}`);
  } finally {
    await admin.close();
  }
  return serverUrl('bench');
}

interface Phase {
  name: string;
  ms: number;
  statement: { created: number; paired: number; unpaired: number; duplicates_skipped: number; state: string; processed: number; total_lines: number; errors: string[] };
  allocations: number;
  replayed: number;
}

async function main() {
  const dir = PG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-payments-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: Boolean(PG_DIR) });
  let db: ReturnType<typeof connectDatabase> | null = null;
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  try {
    const url = await preparePortfolio(embedded.url);
    // A book kept from an earlier run (BENCH_PG_DIR) gets the migrations added since.
    await migrateDeploy(defaultRootDir(), url);
    // The upload queues the import job (run here by hand, as the worker would).
    await migrateJobQueue(url);
    // The API's pool size: the import books several chunks at once, each on a connection of its own.
    db = connectDatabase(url, { max: 10 });
    db.pool.on('error', (error) => process.stderr.write(`PostgreSQL connection: ${error.message}\n`));
    const q = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => db!.pool.query<T>(sql, params).then((r) => r.rows);

    // The statement, from the book as it stands.
    const total = LINES;
    const client = await db.pool.connect();
    const deals = await openDeals(client, Math.round(total * 0.95)).finally(() => client.release());
    const lines = buildLines(deals, total);
    const file = Buffer.from(camt053(lines, 1));
    const parsed = parseCamt053(file);
    if (!parsed.ok) throw new Error(`the generated statement does not parse: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
    const movements = new Map(parsed.statement.movements.map((m) => [m.bankReference, m]));
    const refOf = (l: Line) => `camt:${parsed.statement.account}:${l.ref}`;
    // Earlier payments: one from each counter-account line's account to its deal; each
    // ambiguous line's account paid to two deals. Set on payments generated before the statement.
    const known: { account: string; deal: number }[] = [];
    for (const l of lines) {
      const account = movements.get(refOf(l))?.counterAccount;
      if (!account) continue;
      if (l.kind === 'account') known.push({ account, deal: l.deal! });
      if (l.kind === 'ambiguous') known.push({ account, deal: deals[deals.length - 1 - known.length]!.id }, { account, deal: deals[deals.length - 2 - known.length]!.id });
    }
    await q(
      `UPDATE payments p SET counter_account = k.account
         FROM (SELECT DISTINCT ON (k.deal) k.account, k.deal, p.id
                 FROM unnest($1::text[], $2::int[]) k(account, deal) JOIN payments p ON p.deal_id = k.deal AND p.direction = 'INCOMING_PAYMENT'
                ORDER BY k.deal, p.date) k
        WHERE p.id = k.id`,
      [known.map((k) => k.account), known.map((k) => k.deal)],
    );
    const knownCount = (await q<{ n: number }>(`SELECT count(DISTINCT deal_id)::int AS n FROM payments WHERE counter_account = ANY($1::text[])`, [known.map((k) => k.account)]))[0]!.n;
    const kinds = lines.reduce<Record<string, number>>((acc, l) => ({ ...acc, [l.kind]: (acc[l.kind] ?? 0) + 1 }), {});
    const expected = {
      created: lines.length,
      paired: lines.filter((l) => l.deal !== null).length,
      unpaired: lines.filter((l) => l.credit && l.deal === null).length,
      deals: new Set(lines.flatMap((l) => (l.deal === null ? [] : [l.deal]))).size,
    };
    out(
      `Statement: ${lines.length.toLocaleString('en')} lines (${(file.length / 1e6).toFixed(1)} MB camt.053.001.08), ` +
        Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ') +
        `; ${expected.deals.toLocaleString('en')} deals to pair; ${knownCount} deals known by an earlier payment's counter-account`,
    );

    // Before: what the sample of deals owed and had paid, to check the money after.
    const sample = [...new Set(lines.flatMap((l) => (l.deal === null ? [] : [l.deal])))].slice(0, SAMPLE).sort((a, b) => a - b);

    const staff = await db.prisma.staffUser.create({ data: { email: 'bench@bench.local', role: 'ACCOUNTANT', passwordHash: 'x' } });
    const actor: StaffActor = { kind: 'staff', staffId: staff.id, role: 'ACCOUNTANT', meta: { ip: '127.0.0.1', requestId: 'bench' } };
    const deps = { prisma: db.prisma, now: () => new Date(`${STATEMENT_DATE}T16:00:00Z`), logger: createLogger('silent'), storage: new LocalFileStorage(path.join(dir, 'uploads')) };
    const count = async () =>
      (await q<{ payments: number; allocations: number }>(`SELECT (SELECT count(*) FROM payments)::int AS payments, (SELECT count(*) FROM payment_allocations)::int AS allocations`))[0]!;

    const phases: Phase[] = [];
    const timed = async (name: string, content: Buffer, fileName: string) => {
      const before = await count();
      const started = performance.now();
      const { statement, created } = await uploadStatement(deps, actor, { file: statementFile(fileName, content) });
      if (created) await importStatement(deps, systemActor('bench'), { statementId: statement.id, finalAttempt: true });
      const ms = performance.now() - started;
      const row = await db!.prisma.paymentStatement.findUniqueOrThrow({ where: { id: statement.id } });
      const after = await count();
      const replayed = created
        ? (await q<{ n: number }>(`SELECT count(DISTINCT deal_id)::int AS n FROM payments WHERE statement_id = $1 AND deal_id IS NOT NULL`, [statement.id]))[0]!.n
        : 0;
      const phase: Phase = {
        name,
        ms,
        statement: { created: row.created, paired: row.paired, unpaired: row.unpaired, duplicates_skipped: row.duplicatesSkipped, state: row.state, processed: row.processed, total_lines: row.totalLines, errors: row.errors },
        allocations: after.allocations - before.allocations,
        replayed,
      };
      check(after.payments - before.payments === (created ? phase.statement.created : 0), `${name}: ${after.payments - before.payments} payments written, the statement says ${phase.statement.created}`);
      phases.push(phase);
      out(`  ${name}: ${seconds(ms)}`);
      return { id: statement.id, phase, created };
    };
    out('Import:');
    const first = await timed('import', file, 'vypis-bench.xml');
    const same = await timed('same file again', file, 'vypis-bench-znovu.xml');
    const reissued = await timed('re-issued file (same lines)', Buffer.from(camt053(lines, 2)), 'vypis-bench-opraveny.xml');
    out();
    table(
      ['phase', 'time', 'state', 'payments created', 'paired', 'unpaired', 'duplicates', 'allocations written', 'deals replayed'],
      phases.map((p) => [
        p.name,
        seconds(p.ms),
        p.statement.state,
        String(p.statement.created),
        String(p.statement.paired),
        String(p.statement.unpaired),
        String(p.statement.duplicates_skipped),
        String(p.allocations),
        String(p.replayed),
      ]),
    );
    out();

    // Checks: the counters, every line's deal, and the money of the sample.
    const s = first.phase.statement;
    check(s.state === 'DONE' && s.errors.length === 0, `import: state ${s.state}, errors ${JSON.stringify(s.errors.slice(0, 3))}`);
    check(s.total_lines === lines.length && s.processed === lines.length, `import: processed ${s.processed} of ${s.total_lines}, expected ${lines.length}`);
    check(s.created === expected.created && s.paired === expected.paired && s.unpaired === expected.unpaired && s.duplicates_skipped === 0,
      `import: created/paired/unpaired/duplicates ${s.created}/${s.paired}/${s.unpaired}/${s.duplicates_skipped}, expected ${expected.created}/${expected.paired}/${expected.unpaired}/0`);
    check(first.phase.replayed === expected.deals, `import: ${first.phase.replayed} deals paired, expected ${expected.deals}`);
    check(!same.created && same.id === first.id && same.phase.allocations === 0, 'the same file again: must be answered with the first import, nothing queued');
    const r = reissued.phase.statement;
    check(r.state === 'DONE' && r.created === 0 && r.duplicates_skipped === lines.length && reissued.phase.allocations === 0,
      `re-issued file: created ${r.created}, duplicates ${r.duplicates_skipped}, allocations ${reissued.phase.allocations}; expected 0, ${lines.length}, 0`);
    const booked = await q<{ bank_reference: string; deal_id: number | null; direction: string }>(`SELECT bank_reference, deal_id, direction::text FROM payments WHERE statement_id = $1`, [first.id]);
    const byRef = new Map(booked.map((b) => [b.bank_reference, b]));
    const astray = lines.filter((l) => {
      const b = byRef.get(refOf(l));
      return !b || b.deal_id !== l.deal || b.direction !== (l.credit ? 'INCOMING_PAYMENT' : 'OUTGOING_PAYMENT');
    });
    check(astray.length === 0, `${astray.length} lines booked to another deal than generated, e.g. ${JSON.stringify(astray.slice(0, 3))}`);

    // Money, per sampled deal: what the statement paid = allocated from it + left as credit, no
    // claim paid over its amount, paid amounts = sums of allocations, and credit only where
    // nothing but penalty interest accrued after the payment stays open.
    const money = await q<{ deal_id: number; paid: string; allocated: string; over_allocated: number; overpaid_claims: number; drift: number; open_claims: string }>(
      `WITH sp AS (SELECT p.id, p.deal_id, p.amount FROM payments p WHERE p.statement_id = $1 AND p.deal_id = ANY($2::int[])),
            pa AS (SELECT sp.id, sp.deal_id, sp.amount, coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = sp.id), 0) AS allocated FROM sp)
       SELECT d.id AS deal_id, (SELECT sum(amount) FROM pa WHERE pa.deal_id = d.id)::text AS paid, (SELECT sum(allocated) FROM pa WHERE pa.deal_id = d.id)::text AS allocated,
              (SELECT count(*) FROM pa WHERE pa.deal_id = d.id AND pa.allocated > pa.amount)::int AS over_allocated,
              (SELECT count(*) FROM claims c WHERE c.deal_id = d.id AND c.paid_amount > c.amount)::int AS overpaid_claims,
              (SELECT count(*) FROM claims c WHERE c.deal_id = d.id AND c.paid_amount <> (SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a WHERE a.claim_id = c.id))::int AS drift,
              (SELECT coalesce(sum(c.amount - c.paid_amount), 0) FROM claims c WHERE c.deal_id = d.id AND c.cancelled_at IS NULL AND c.type <> 'PENALTY_INTEREST')::text AS open_claims
         FROM unnest($2::int[]) d(id)`,
      [first.id, sample],
    );
    let credit = new Prisma.Decimal(0);
    for (const m of money) {
      const left = new Prisma.Decimal(m.paid).minus(m.allocated);
      credit = credit.plus(left);
      check(m.over_allocated === 0 && m.overpaid_claims === 0 && m.drift === 0, `deal ${m.deal_id}: payments over-allocated ${m.over_allocated}, claims over-paid ${m.overpaid_claims}, paid amounts off their allocations ${m.drift}`);
      check(left.isZero() || new Prisma.Decimal(m.open_claims).isZero(), `deal ${m.deal_id}: ${left.toFixed(2)} left as credit while ${m.open_claims} is still owed`);
    }
    const paidSample = money.reduce((sum, m) => sum.plus(m.paid), new Prisma.Decimal(0));
    const allocatedSample = money.reduce((sum, m) => sum.plus(m.allocated), new Prisma.Decimal(0));
    out(`Checked ${money.length} deals: paid ${paidSample.toFixed(2)} = allocated ${allocatedSample.toFixed(2)} + credit ${credit.toFixed(2)}; every line on its generated deal; counters as generated.`);

    const ok = first.phase.ms / 1000 < TARGET_S;
    out(`Target: import + pair + allocate ${lines.length.toLocaleString('en')} lines into ${DEALS.toLocaleString('en')} deals under ${TARGET_S} s: ${seconds(first.phase.ms)} — ${ok ? 'OK' : 'TOO SLOW'}`);
    if (failures.length) {
      out(`CHECKS FAILED (${failures.length}):`);
      for (const f of failures.slice(0, 20)) out(`  ${f}`);
    }
    if (!ok || failures.length) process.exitCode = 1;
  } finally {
    await db?.close();
    await embedded.stop();
    if (!PG_DIR) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:payments import failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
