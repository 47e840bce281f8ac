// pnpm bench:import-memory — issue 21 §5: four ~20 MB camt.053 statements uploaded at once and
// imported by the API's own job worker add less than 150 MB to the server's RSS
// (docs/decisions/0042).
//
// A throw-away embedded PostgreSQL gets a small loan book (bench:deals' generator, closed once
// for yesterday) so that the imports pair and allocate as in service. Four camt.053.001.08
// statements of today are generated to disk, each just under the 20 MB upload limit, balanced
// (opening + credits − debits = closing): Czech payers with their accounts at Czech banks,
// ~60 % paying an ACTIVE deal's variable symbol, ~5 % by its specific symbol, ~30 % nobody's,
// ~5 % debits. The compiled API runs as a child process in production mode (child-api.ts), with
// its job worker (JOB_CONCURRENCY as configured: 2 by default). One small statement warms it up;
// then the four files are uploaded at once over HTTP, streamed from disk, and each import is
// polled every 2 s as the back-office polls it, until all are DONE. The server's RSS
// (/proc/<pid>/status VmRSS) is sampled every 100 ms. Prints RSS before, the peak while
// uploading and the peak overall, with the load average; exits 1 when the target is missed or
// an import does not book every line.
//
// Settings (environment):
//   BENCH_IMPORT_FILES=4        statements uploaded at once
//   BENCH_IMPORT_KB=20378       size of each (KiB; the limit is 20 MiB = 20480 KiB)
//   BENCH_IMPORT_DEALS=3000     deals of the loan book
//   BENCH_NODE_ARGS=            more node options for the API process, after the product's own
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { defaultRootDir } from '../../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrateDeploy } from '../../src/db/migrate.ts';
import { connectDatabase } from '../../src/db/prisma.ts';
import { addDays, businessDateOf } from '../../src/domain/dates.ts';
import { createLogger } from '../../src/logger.ts';
import { signAccessToken } from '../../src/modules/auth/tokens.ts';
import { closeBusinessDate } from '../../src/modules/close-of-business/close-business-date.ts';
import { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } from '../../src/node-flags.ts';
import { withoutSecondaryIndexes } from '../load/generate-leads.ts';
import { DEAL_TABLES, generateDeals } from '../deals/generate-deals.ts';
import { out, seconds, setting, table } from '../bench-output.ts';
import { rssMb, startApi, type ChildApi } from './child-api.ts';
import { random } from './seeded-random.ts';

const FILES = setting('bench:import-memory', 'BENCH_IMPORT_FILES', 4);
const FILE_BYTES = setting('bench:import-memory', 'BENCH_IMPORT_KB', 20_378) * 1024;
const DEALS = setting('bench:import-memory', 'BENCH_IMPORT_DEALS', 3_000);
const NODE_ARGS = [...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
const TARGET_ADDED_MB = 150;
const POLL_MS = 2_000;
const TODAY = businessDateOf(new Date());
const BOOK_DATE = addDays(TODAY, -1);
const OWN_ACCOUNT = '000019-2000145399';


const FIRST = ['Jiří', 'Jan', 'Petr', 'Josef', 'Pavel', 'Martin', 'Tomáš', 'Jaroslav', 'Miroslav', 'Zdeněk', 'Václav', 'Michal', 'František', 'Jakub', 'Lukáš', 'Radek', 'Ondřej', 'Vojtěch'];
const FIRST_F = ['Marie', 'Jana', 'Eva', 'Hana', 'Anna', 'Lenka', 'Kateřina', 'Lucie', 'Věra', 'Alena', 'Petra', 'Jaroslava', 'Veronika', 'Martina', 'Zuzana', 'Božena', 'Šárka', 'Žaneta'];
const LAST = ['Novák', 'Svoboda', 'Novotný', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Pokorný', 'Marek', 'Pospíšil', 'Hájek', 'Jelínek', 'Král', 'Růžička', 'Beneš', 'Fiala', 'Sedláček', 'Doležal', 'Zeman', 'Kolář', 'Navrátil', 'Čermák', 'Šťastný', 'Řezníček', 'Žák'];
/** The feminine form of a Czech surname: Novotný → Novotná, Svoboda → Svobodová, Hájek → Hájková, Němec → Němcová. */
const LAST_F = (l: string) =>
  l.endsWith('ý') ? `${l.slice(0, -1)}á` : l.endsWith('a') ? `${l.slice(0, -1)}ová` : l.endsWith('ek') ? `${l.slice(0, -2)}ková` : l.endsWith('ec') ? `${l.slice(0, -2)}cová` : `${l}ová`;
const COMPANIES = ['Stavby Morava s.r.o.', 'AUTOSERVIS Kříž a syn', 'Pekařství U Zlatého klasu', 'Dřevovýroba Šumava a.s.', 'Účetnictví Plus s.r.o.', 'Zahradnictví Říčany'];
const BANKS = ['0100', '0300', '0600', '0800', '2010', '2700', '3030', '5500', '6100', '0710'];
const CREDIT_MESSAGES = ['Splátka úvěru', 'Splátka', 'splatka uveru listopad', 'Splátka smlouvy', 'Úhrada splátky – listopad', 'Doplatek splátky', 'Mimořádná splátka', ''];
const DEBIT_MESSAGES = ['Vyplacení úvěru', 'Vrácení přeplatku', 'Poplatek za vedení účtu', 'Nájemné kancelář', 'Platba dodavateli'];

interface Generated {
  file: string;
  bytes: number;
  lines: number;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const hellersText = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;

/** One camt.053.001.08 statement of `bytes` at most, written to `file`; `tag` keeps bank references apart between files. */
function writeStatement(file: string, tag: string, bytes: number, symbols: string[], rnd: () => number): Generated {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const entries: string[] = [];
  let size = 0;
  let credits = 0;
  let debits = 0;
  const opening = 200_000_000 + Math.floor(rnd() * 700_000_000);
  // The head and tail around the entries, with room for the balances' digits.
  const frame = 2_000;
  for (let n = 1; ; n++) {
    const r = rnd();
    const credit = r >= 0.05;
    const kind = !credit ? 'debit' : r < 0.65 ? 'vs' : r < 0.7 ? 'ss' : 'nobody';
    const female = rnd() < 0.45;
    const last = pick(LAST);
    const name = rnd() < 0.04 ? pick(COMPANIES) : `${female ? pick(FIRST_F) : pick(FIRST)} ${female ? LAST_F(last) : last}`;
    const hellers = credit ? (kind === 'nobody' ? 20_000 + Math.floor(rnd() * 3_000_000) : 150_000 + Math.floor(rnd() * 30) * 50_000 + (rnd() < 0.2 ? Math.floor(rnd() * 100) : 0)) : 5_000 + Math.floor(rnd() * 5_000_000);
    const symbol = symbols[Math.floor(rnd() * symbols.length)]!;
    const vs = kind === 'vs' ? (rnd() < 0.3 ? symbol.padStart(10, '0') : symbol) : kind === 'ss' ? '1111' : kind === 'nobody' ? String(700_000_000 + Math.floor(rnd() * 99_999_999)) : String(1000 + (n % 9000));
    const e2e = kind === 'ss' ? `/VS${vs}/SS${symbol}` : rnd() < 0.1 ? 'NOTPROVIDED' : `/VS${vs}${rnd() < 0.3 ? '/KS0308' : ''}`;
    const prefix = rnd() < 0.2 ? `${100 + Math.floor(rnd() * 900)}-` : '';
    const account = `${prefix}${1_000_000 + Math.floor(rnd() * 8_999_999_999)}`;
    const party = credit ? 'Dbtr' : 'Cdtr';
    const message = credit ? pick(CREDIT_MESSAGES) : pick(DEBIT_MESSAGES);
    const amount = hellersText(hellers);
    const ref = `${tag}${String(n).padStart(8, '0')}`;
    const entry = `      <Ntry>
        <NtryRef>${ref}</NtryRef>
        <Amt Ccy="CZK">${amount}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>${TODAY}T${String(8 + Math.floor(rnd() * 10)).padStart(2, '0')}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}:00+01:00</DtTm></BookgDt>
        <ValDt><Dt>${TODAY}</Dt></ValDt>
        <AcctSvcrRef>${ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${ref}</AcctSvcrRef><EndToEndId>${e2e}</EndToEndId></Refs>
            <Amt Ccy="CZK">${amount}</Amt>
            <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
            <RltdPties>
              <${party}><Pty><Nm>${xml(name)}</Nm></Pty></${party}>
              <${party}Acct><Id><Othr><Id>${account}</Id></Othr></Id></${party}Acct>
            </RltdPties>
            <RltdAgts><${party}Agt><FinInstnId><ClrSysMmbId><MmbId>${pick(BANKS)}</MmbId></ClrSysMmbId></FinInstnId></${party}Agt></RltdAgts>${
              message ? `\n            <RmtInf><Ustrd>${xml(message)}</Ustrd></RmtInf>` : ''
            }
          </TxDtls>
        </NtryDtls>
      </Ntry>
`;
    const length = Buffer.byteLength(entry);
    if (size + length + frame > bytes) break;
    size += length;
    entries.push(entry);
    if (credit) credits += hellers;
    else debits += hellers;
  }
  const closing = opening + credits - debits;
  const balance = (code: string, hellers: number, day: string) =>
    `      <Bal>\n        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>\n        <Amt Ccy="CZK">${hellersText(Math.abs(hellers))}</Amt>\n        <CdtDbtInd>${hellers < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>\n        <Dt><Dt>${day}</Dt></Dt>\n      </Bal>\n`;
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-${tag}-${TODAY}</MsgId><CreDtTm>${TODAY}T20:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>0800-${TODAY.replace(/-/g, '')}-${tag}</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <Acct><Id><Othr><Id>${OWN_ACCOUNT}</Id></Othr></Id><Ccy>CZK</Ccy></Acct>
${balance('OPBD', opening, BOOK_DATE)}${balance('CLBD', closing, TODAY)}      <TxsSummry><TtlNtries><NbOfNtries>${entries.length}</NbOfNtries></TtlNtries></TxsSummry>
`;
  const tail = `    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    for (let i = 0; i < entries.length; i += 1000) fs.writeSync(fd, entries.slice(i, i + 1000).join(''));
    fs.writeSync(fd, tail);
  } finally {
    fs.closeSync(fd);
  }
  return { file, bytes: fs.statSync(file).size, lines: entries.length };
}

interface Answer {
  status: number;
  body: { id: number; state: string; total_lines: number; processed: number; created: number; duplicates_skipped: number; errors: string[] };
}

/** POST /payments/statements/ with the file streamed from disk as multipart/form-data. */
function upload(api: ChildApi, token: () => string, file: string): Promise<Answer> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/xml\r\n\r\n`);
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = preamble.length + fs.statSync(file).size + epilogue.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: api.port,
        method: 'POST',
        path: '/api/v1/payments/statements/',
        agent: false,
        headers: { authorization: `Bearer ${token()}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
          } catch {
            reject(new Error(`upload of ${file} answered ${res.statusCode}: ${text.slice(0, 300)}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(preamble);
    const stream = fs.createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => req.end(epilogue));
    stream.pipe(req, { end: false });
  });
}

async function statement(api: ChildApi, token: () => string, id: number): Promise<Answer['body']> {
  const res = await fetch(`http://127.0.0.1:${api.port}/api/v1/payments/statements/${id}/`, { headers: { authorization: `Bearer ${token()}` } });
  if (res.status !== 200) throw new Error(`GET statement ${id} answered ${res.status}`);
  return (await res.json()) as Answer['body'];
}

/** Polls as the back-office does until the job has finished with it. */
async function finished(api: ChildApi, token: () => string, id: number): Promise<{ body: Answer['body']; at: number }> {
  for (;;) {
    const body = await statement(api, token, id);
    if (body.state === 'DONE' || body.state === 'FAILED') return { body, at: performance.now() };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function main() {
  const root = defaultRootDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-import-memory-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
  let db: ReturnType<typeof connectDatabase> | null = null;
  let api: ChildApi | null = null;
  const failures: string[] = [];
  try {
    await ensureDatabase(embedded.url, 'bench');
    const url = embedded.url('bench');
    await migrateDeploy(root, url);
    db = connectDatabase(url, { max: 4 });
    db.pool.on('error', (error) => process.stderr.write(`PostgreSQL connection: ${error.message}\n`));

    out(`Generating ${DEALS.toLocaleString('en')} deals as of ${BOOK_DATE} and closing that day …`);
    const bookStart = performance.now();
    const client = await db.pool.connect();
    try {
      await withoutSecondaryIndexes(db.pool, DEAL_TABLES, () => generateDeals(client, DEALS, BOOK_DATE));
      await client.query('VACUUM ANALYZE');
    } finally {
      client.release();
    }
    await closeBusinessDate({ prisma: db.prisma, now: () => new Date(), logger: createLogger('silent') }, BOOK_DATE, 'CLI');
    const symbols = (await db.pool.query<{ vs: string }>(`SELECT variable_symbol AS vs FROM deals WHERE state = 'ACTIVE' AND variable_symbol IS NOT NULL ORDER BY id`)).rows.map((r) => r.vs);
    out(`  ${symbols.length.toLocaleString('en')} ACTIVE deals, in ${seconds(performance.now() - bookStart)}`);

    const rnd = random(21);
    const genStart = performance.now();
    const warmUp = writeStatement(path.join(dir, 'vypis-zahrivaci.xml'), 'W', 100 * 1024, symbols, rnd);
    const files: Generated[] = [];
    for (let i = 0; i < FILES; i++) files.push(writeStatement(path.join(dir, `vypis-${i + 1}.xml`), `F${i + 1}`, FILE_BYTES, symbols, rnd));
    out(
      `Statements: ${files.map((f) => `${(f.bytes / 1024 / 1024).toFixed(2)} MiB / ${f.lines.toLocaleString('en')} lines`).join('; ')} (camt.053.001.08, balanced), in ${seconds(performance.now() - genStart)}`,
    );

    const jwtSecret = randomBytes(48).toString('base64url');
    const staff = await db.prisma.staffUser.create({ data: { email: 'bench-import-memory@bench.local', role: 'ACCOUNTANT', passwordHash: 'x' } });
    const token = () => signAccessToken(jwtSecret, staff);
    const logFile = path.join(dir, 'api.log');
    api = await startApi(root, url, path.join(dir, 'app'), jwtSecret, logFile, NODE_ARGS);
    out(`API: node ${[...NODE_ARGS, COMPILED_SERVER.script].join(' ')} (NODE_ENV=production, LOG_LEVEL=warn, job worker on), pid ${api.pid}, log ${logFile}`);

    // Warm-up: the code of an upload and an import loaded, the pools opened.
    const warm = await upload(api, token, warmUp.file);
    if (warm.status !== 202) throw new Error(`the warm-up upload answered ${warm.status}: ${JSON.stringify(warm.body)}`);
    const warmDone = await finished(api, token, warm.body.id);
    if (warmDone.body.state !== 'DONE') throw new Error(`the warm-up import: ${JSON.stringify(warmDone.body)}`);
    await new Promise((r) => setTimeout(r, 3_000));

    const pid = api.pid;
    const before = rssMb(pid);
    const loadBefore = load();
    let peak = before;
    let uploadPeak = before;
    let uploading = true;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      peak = Math.max(peak, now);
      if (uploading) uploadPeak = Math.max(uploadPeak, now);
    }, 100);
    const started = performance.now();
    let answers: Answer[];
    let done: { body: Answer['body']; at: number }[];
    let uploaded: number;
    try {
      answers = await Promise.all(files.map((f) => upload(api!, token, f.file)));
      uploaded = performance.now();
      uploading = false;
      for (const [i, a] of answers.entries()) if (a.status !== 202) throw new Error(`upload ${i + 1} answered ${a.status}: ${JSON.stringify(a.body)}`);
      done = await Promise.all(answers.map((a) => finished(api!, token, a.body.id)));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssMb(pid));
    const loadAfter = load();
    const after = rssMb(pid);

    for (const [i, { body }] of done.entries()) {
      const f = files[i]!;
      if (body.state !== 'DONE' || body.total_lines !== f.lines || body.processed !== f.lines || body.created !== f.lines || body.errors.length) {
        failures.push(`statement ${i + 1}: ${body.state}, ${body.created} created of ${f.lines} lines (total ${body.total_lines}), errors ${JSON.stringify(body.errors.slice(0, 3))}`);
      }
    }
    const added = peak - before;
    const ok = added < TARGET_ADDED_MB && failures.length === 0;
    out();
    out(`${FILES} statements uploaded at once over HTTP, imported by the API's job worker:`);
    table(
      ['files', 'lines', 'uploads done', 'imports done', 'RSS before MB', 'peak while uploading MB', 'peak MB', 'added MB', 'RSS after MB', 'target', 'result'],
      [
        [
          `${FILES} × ${(FILE_BYTES / 1024 / 1024).toFixed(1)} MiB`,
          files.reduce((s, f) => s + f.lines, 0).toLocaleString('en'),
          seconds(uploaded - started),
          seconds(Math.max(...done.map((d) => d.at)) - started),
          before.toFixed(0),
          uploadPeak.toFixed(0),
          peak.toFixed(0),
          added.toFixed(0),
          after.toFixed(0),
          `added < ${TARGET_ADDED_MB} MB`,
          ok ? 'OK' : `FAIL${added < TARGET_ADDED_MB ? '' : ' RSS'}${failures.length ? ' imports' : ''}`,
        ],
      ],
    );
    out(`  (RSS of the API process, /proc/${pid}/status VmRSS every 100 ms; load average 1/5/15 min: ${loadBefore} before, ${loadAfter} after; ${os.cpus().length} CPUs)`);
    for (const f of failures) out(`  ${f}`);
    if (!ok) process.exitCode = 1;
  } catch (error) {
    // The server's side of a failure, before its directory goes.
    const log = path.join(dir, 'api.log');
    if (fs.existsSync(log)) process.stderr.write(`API log (last lines):\n${fs.readFileSync(log, 'utf8').split('\n').slice(-40).join('\n')}\n`);
    throw error;
  } finally {
    await api?.stop().catch(() => undefined);
    await db?.close();
    await embedded.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:import-memory: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
