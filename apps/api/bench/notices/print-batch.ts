// node apps/api/bench/notices/print-batch.ts — the daily print batch of collection notices
// (writePrintBatch) streams 5,000 letters into one PDF and its CSV manifest with the process's
// RSS under 250 MB.
//
// Letters are generated one at a time as the batch asks for them (faker cs_CZ, seed 42: the same
// letters every run): Czech names and postal addresses, a tenth of them companies, a fifth sent
// registered, reminders, calls before acceleration and acceleration notices alike, each with a
// claims statement of 3 to 5 overdue lines (amounts in haléře as integers, written as decimal
// strings). The PDF and the CSV go to files in a temporary directory, deleted afterwards unless
// BENCH_KEEP=1. RSS (process.memoryUsage().rss) is sampled every 100 ms. Prints letters/s, the
// peak RSS and the files' sizes; exits 1 when the RSS target is missed.
//
// It runs under the product's V8 flags (src/node-flags.ts), as the API that writes the batch
// does: started without them, it starts itself again with them (BENCH_V8_DEFAULTS=1: V8's
// defaults instead, for comparison). Node's type stripping adds ~17 MB the compiled API has not.
//
// Settings (environment):
//   BENCH_LETTERS=5000   letters in the batch
//   BENCH_KEEP=1         keep the temporary directory with the PDF and the CSV
//   BENCH_V8_DEFAULTS=1  run with V8's default heap flags instead of the product's
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { faker } from '@faker-js/faker/locale/cs_CZ';
import type { ClaimsStatementLine, NoticeType } from '@lending/contracts';
import type { NoticeDocument } from '../../src/modules/notices/notice-document.ts';
import { writePrintBatch, type PrintBatchLetter } from '../../src/modules/notices/print-batch.ts';
import { PRODUCTION_NODE_FLAGS } from '../../src/node-flags.ts';
import { out, seconds, setting, table } from '../bench-output.ts';

const V8_DEFAULTS = ['1', 'true'].includes(process.env.BENCH_V8_DEFAULTS ?? '');
if (!V8_DEFAULTS && !PRODUCTION_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const child = spawnSync(process.execPath, [...PRODUCTION_NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

const LETTERS = setting('bench:notices', 'BENCH_LETTERS', 5_000);
const KEEP = ['1', 'true'].includes(process.env.BENCH_KEEP ?? '');
const RSS_TARGET_MB = 250;
const DATE = '2026-11-05';

const LENDER = { name: 'Úvěrová společnost Šťastný a.s.', address: 'Na Příkopě 859/22, 110 00 Praha 1', account: '2001234561/0100', iban: 'CZ4101000000002001234561' };
const STEPS: { type: NoticeType; title: string; next: { title: string; on: string } | null }[] = [
  { type: 'PAYMENT_REMINDER', title: 'Upomínka', next: { title: 'Druhá upomínka', on: '2026-11-26' } },
  { type: 'PAYMENT_REMINDER', title: 'Druhá upomínka', next: { title: 'Výzva před zesplatněním', on: '2026-12-10' } },
  { type: 'NON_PAYING', title: 'Výzva před zesplatněním', next: { title: 'Zesplatnění úvěru', on: '2026-12-31' } },
  { type: 'ACCELERATION', title: 'Oznámení o zesplatnění úvěru', next: null },
];

/** Haléře (an integer) as the API's decimal string: 1234550 → "12345.50". */
const money = (hellers: number) => `${Math.trunc(hellers / 100)}.${String(hellers % 100).padStart(2, '0')}`;

function statementLines(count: number): { lines: ClaimsStatementLine[]; total: number } {
  const lines: ClaimsStatementLine[] = [];
  let total = 0;
  for (let k = 0; k < count; k++) {
    const month = 6 + Math.floor(k / 2);
    const penalty = k === count - 1 && count > 3;
    const type = penalty ? 'PENALTY_INTEREST' : k % 2 === 0 ? 'PRINCIPAL' : 'INTEREST';
    const amount = penalty ? faker.number.int({ min: 5_000, max: 90_000 }) : k % 2 === 0 ? faker.number.int({ min: 200_000, max: 1_500_000 }) : faker.number.int({ min: 20_000, max: 300_000 });
    const paid = k === 0 ? faker.number.int({ min: 0, max: Math.floor(amount / 2) }) : 0;
    total += amount - paid;
    lines.push({
      claim_id: penalty ? null : 1000 + k,
      source_claim_id: null,
      type,
      type_label: penalty ? 'Úrok z prodlení' : k % 2 === 0 ? 'Jistina' : 'Úrok',
      due_date: penalty ? DATE : `2026-${String(month).padStart(2, '0')}-15`,
      description: null,
      amount: money(amount),
      paid: money(paid),
      remaining: money(amount - paid),
      rule: null,
    });
  }
  return { lines, total };
}

function generateLetter(i: number): PrintBatchLetter {
  const company = i % 10 === 7;
  const name = company ? faker.company.name() : faker.person.fullName();
  const zip = faker.location.zipCode('### ##');
  const step = STEPS[i % STEPS.length]!;
  const { lines, total } = statementLines(faker.number.int({ min: 3, max: 5 }));
  const contract = `${2020 + (i % 6)}/${String(i).padStart(5, '0')}`;
  const vs = String(2_000_000_000 + i);
  const document: NoticeDocument = {
    noticeId: 10_000 + i,
    groupId: 5_000 + i,
    noticeType: step.type,
    title: step.title,
    date: DATE,
    registered: i % 5 === 0,
    lender: LENDER,
    addressee: { name, roleLabel: company ? 'ručitel' : 'dlužník', addressLines: [`${faker.location.street()} ${faker.location.buildingNumber()}`, `${zip} ${faker.location.city()}`] },
    deal: { id: i, contractNumber: contract, variableSymbol: vs },
    statement: {
      contract_number: contract,
      variable_symbol: vs,
      allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1',
      due: lines,
      not_yet_due_principal: [],
      totals_by_type: [],
      total_due: money(total),
      total_not_yet_due_principal: '0.00',
      grand_total: money(total),
      credit: '0.00',
    },
    penaltyRate: '12.5',
    payment: { amount: money(total), variableSymbol: vs, dueBy: '2026-11-20', message: `${step.title} ${contract}` },
    obligation: null,
    nextStep: step.next,
    note: i % 25 === 0 ? 'Splátkový kalendář lze sjednat telefonicky na čísle 800 123 456.' : null,
  };
  return { document, reference: `RR${String(i).padStart(7, '0')}CZ` };
}

async function* letters(count: number): AsyncGenerator<PrintBatchLetter> {
  faker.seed(42);
  for (let i = 1; i <= count; i++) yield generateLetter(i);
}

const mb = (bytes: number) => bytes / 1024 / 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-print-batch-'));
const pdfPath = path.join(dir, 'davka.pdf');
const csvPath = path.join(dir, 'davka.csv');
const baselineRss = mb(process.memoryUsage().rss);
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, mb(process.memoryUsage().rss));
}, 100);
const started = performance.now();
const result = await writePrintBatch(letters(LETTERS), fs.createWriteStream(pdfPath), fs.createWriteStream(csvPath), { date: DATE, lenderName: LENDER.name });
const ms = performance.now() - started;
clearInterval(sampler);
peakRss = Math.max(peakRss, mb(process.memoryUsage().rss));

const pdfSize = fs.statSync(pdfPath).size;
const csvSize = fs.statSync(csvPath).size;
out(`bench:notices print batch — ${LETTERS} letters (node ${process.version}, ${os.cpus().length} CPUs, ${V8_DEFAULTS ? "V8's default heap flags" : PRODUCTION_NODE_FLAGS.join(' ')})`);
table(
  ['measure', 'value'],
  [
    ['letters / registered', `${result.letters} / ${result.registered}`],
    ['pages', String(result.pages)],
    ['time', seconds(ms)],
    ['letters/s', (result.letters / (ms / 1000)).toFixed(1)],
    ['RSS before', `${baselineRss.toFixed(0)} MB`],
    ['RSS peak', `${peakRss.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB)`],
    ['PDF size', `${mb(pdfSize).toFixed(1)} MB (${(pdfSize / 1024 / result.letters).toFixed(1)} KiB a letter)`],
    ['CSV size', `${(csvSize / 1024).toFixed(0)} KiB`],
  ],
);
if (KEEP) out(`kept: ${dir}`);
else fs.rmSync(dir, { recursive: true, force: true });
if (peakRss >= RSS_TARGET_MB) {
  out(`FAIL: peak RSS ${peakRss.toFixed(0)} MB is not under ${RSS_TARGET_MB} MB`);
  process.exit(1);
}
