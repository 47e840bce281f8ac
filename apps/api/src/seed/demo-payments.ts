import { faker } from '@faker-js/faker/locale/cs_CZ';
import { Decimal } from 'decimal.js';
import iconv from 'iconv-lite';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createLogger } from '../logger.ts';
import type { FileStorage } from '../integrations/storage/index.ts';
import { systemActor, type StaffActor } from '../domain/actor.ts';
import { changeDealState } from '../modules/claims/state/change-deal-state.ts';
import { addDays } from '../domain/dates.ts';
import { importStatement } from '../modules/payments/statements/import-statement.ts';
import { statementFile, uploadStatement } from '../modules/payments/statements/upload-statement.ts';
import { bankAccount, type DealHistory } from './demo-deals.ts';

// The demo book's payment history, through the real import path: the debtors' incoming payments
// are written as the bank's monthly camt.053 statements (one per month, the last one up to
// yesterday; this month's payments from Komerční banka clients came to the lender's account
// there, whose statement is a GPC file) and each is uploaded and imported as the job does it
// (uploadStatement + importStatement) on the evening of its day, oldest first, so pairing,
// allocation, DPD, penalty interest and breaches are as of that day; today's close of business
// (seed-demo-data.ts) brings everything to today. Then the deals repaid in full are closed as
// CLOSED_DULY.
//
// Every payment follows the deal's claims (what falls due on each day) and its debtor's habit,
// drawn per deal: most pay each installment on its due date or a few days before (a few days
// after now and then), some pay weeks late, some pay in two parts, some round up (an overpaid
// rent stays as credit on a lease; on a loan it pays the next installment ahead). A debtor who
// pays after the due date adds the penalty interest the reminder asks for (estimated generously,
// the rest prepays). The deals in arrears stopped paying on the day demo-deals.ts planned
// (`DealHistory.stopsOn`). Payments carry the deal's variable symbol; a few carry it as the
// specific symbol (a wrong or no variable symbol), a few come with none from the debtor's account
// known from earlier payments, and a handful belong to no deal: they wait in the unpaired queue.

export interface DemoPaymentsInput {
  histories: DealHistory[];
  /** Prague calendar day the seed runs on: statements end yesterday. */
  today: string;
  /** The moment the seed runs: nothing is dated after it. */
  now: Date;
  actor: StaffActor;
  /** Where the statement files go: the product's own file storage (what staff's uploads use). */
  storage: FileStorage;
  /** Told each time a month's statements have been imported (the first start prints progress). */
  onStatement?: (done: number, total: number) => void;
}

export interface DemoPaymentsResult {
  statements: number;
  payments: number;
  closedDuly: number;
}

type Habit = 'punctual' | 'late' | 'partial' | 'overpay';
const HABITS: [Habit, number][] = [
  ['punctual', 77],
  ['late', 9],
  ['partial', 8],
  ['overpay', 6],
];

interface Line {
  date: string;
  amount: Decimal;
  vs: string | null;
  ss: string | null;
  account: string | null;
  name: string;
  message: string;
}

/** The lender's collection account at ČSOB (camt.053 statements). */
const LENDER_ACCOUNT = '000019-2000145399';
/** Its account at Komerční banka (GPC statements): prefix and number, 16 digits. */
const LENDER_KB_ACCOUNT = '0000431234560267';
const UNPAIRED_MESSAGES = ['Platba', 'Úhrada', 'Splátka', 'Vrácení přeplatku', 'Úhrada faktury', 'Záloha'];

const int = (min: number, max: number) => faker.number.int({ min, max });
const weighted = <T>(list: [T, number][]): T => {
  const total = list.reduce((sum, [, w]) => sum + w, 0);
  let r = faker.number.float({ min: 0, max: total });
  for (const [value, w] of list) if ((r -= w) <= 0) return value;
  return list.at(-1)![0];
};
const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const monthOf = (day: string) => day.slice(0, 7);
/** The last day of the month of `day`. */
const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
/** Banks book on working days: a weekend payment arrives on Monday. */
const workingDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(day, 2) : weekday === 0 ? addDays(day, 1) : day;
};
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** Penalty interest for `late` days, estimated high (30 % a year) and rounded up to tens of crowns: the rest pays ahead. */
const margin = (amount: Decimal, late: number) => (late <= 0 ? new Decimal(0) : amount.times(0.3).times(late).div(365).div(10).ceil().times(10).plus(10));

/** Writes the history (see the top of this file). Deterministic for a given faker state and day. */
export async function seedPaymentHistory(prisma: PrismaClient, input: DemoPaymentsInput): Promise<DemoPaymentsResult> {
  const lastDay = addDays(input.today, -1);
  const ids = input.histories.map((h) => h.dealId).sort((a, b) => a - b);
  const historyOf = new Map(input.histories.map((h) => [h.dealId, h]));
  const deals = await prisma.$queryRaw<{ id: number; type: string; profile: string | null; vs: string; contract: string | null; payout: Date; name: string | null; account: string | null }[]>`
    SELECT d.id, d.type::text AS type, d.variable_symbol AS vs, d.contract_number AS contract, d.activated_at AS payout,
           (SELECT m.allocation_profile::text FROM deal_models m WHERE m.deal_id = d.id AND m.state = 'ACTIVE') AS profile,
           (SELECT coalesce(p.company_name, p.first_name || ' ' || p.last_name) FROM deal_participants dp JOIN persons p ON p.id = dp.person_id
             WHERE dp.deal_id = d.id AND dp.role IN ('BORROWER', 'DEBTOR', 'TENANT') ORDER BY dp.id LIMIT 1) AS name,
           (SELECT pu.bank_account FROM purposes pu WHERE pu.deal_id = d.id AND pu.type = 'APPLICANT_BANK_ACCOUNT' ORDER BY pu.id LIMIT 1) AS account
      FROM deals d WHERE d.id = ANY(${ids}::int[]) ORDER BY d.id`;
  // What falls due on each day: the schedule's claims (sanctions come on top, see `margin`).
  const dues = await prisma.$queryRaw<{ deal_id: number; due: Date; amount: string }[]>`
    SELECT deal_id, due_date AS due, sum(amount)::text AS amount FROM claims
     WHERE deal_id = ANY(${ids}::int[]) AND cancelled_at IS NULL AND type NOT IN ('PENALTY_INTEREST', 'CONTRACTUAL_PENALTY', 'COST_OF_RECOVERY')
     GROUP BY deal_id, due_date ORDER BY deal_id, due_date`;
  const duesOf = new Map<number, { due: string; amount: Decimal }[]>();
  for (const d of dues) duesOf.set(d.deal_id, [...(duesOf.get(d.deal_id) ?? []), { due: d.due.toISOString().slice(0, 10), amount: new Decimal(d.amount) }]);
  // Every deal's symbol (applications' too): a symbol made up below must be nobody's.
  const symbols = new Set((await prisma.deal.findMany({ select: { variableSymbol: true } })).map((d) => d.variableSymbol));

  const lines: Line[] = [];
  const repaid: { dealId: number; closeOn: string }[] = [];
  for (const deal of deals) {
    const history = historyOf.get(deal.id)!;
    const schedule = duesOf.get(deal.id) ?? [];
    const payout = deal.payout.toISOString().slice(0, 10);
    // A repaid deal's debtor paid like clockwork, and so did the ones in arrears until they
    // stopped (their DPD is the planned one); the others have their habit.
    const habit: Habit = history.repaid || history.stopsOn !== null ? 'punctual' : weighted(HABITS);
    // Under a profile that takes anything paid before the due date as a prepayment of principal
    // (V3), a debtor pays on the due date, not before.
    const ahead = deal.profile === 'LOAN_ALLOCATION_PROFILE_V3' ? 0 : 4;
    const account = deal.account ?? bankAccount();
    const name = deal.name ?? faker.person.fullName();
    const message = deal.type === 'LEASE' || deal.type === 'SALE_AND_LEASEBACK' ? 'Nájemné' : deal.type === 'LEASING' ? 'Splátka leasingu' : deal.contract ? `Splátka ${deal.contract}` : 'Splátka úvěru';
    let paidBefore = false;
    const pay = (date: string, amount: Decimal, text = message) => {
      // How the debtor says whose payment it is: the variable symbol almost always; now and then
      // the specific symbol only (a wrong or no variable symbol), or nothing but the known account.
      const channel = paidBefore ? weighted<'vs' | 'ss' | 'account'>([['vs', 95], ['ss', 2.5], ['account', 2.5]]) : weighted<'vs' | 'ss'>([['vs', 97], ['ss', 3]]);
      let wrong: string | null = null;
      if (channel === 'ss' && faker.datatype.boolean(0.5)) do wrong = String(int(100_000, 99_999_999)); while (symbols.has(wrong));
      lines.push({
        date,
        amount,
        vs: channel === 'vs' ? (faker.datatype.boolean(0.2) ? deal.vs.padStart(10, '0') : deal.vs) : wrong,
        ss: channel === 'ss' ? deal.vs : null,
        account,
        name,
        message: text,
      });
      paidBefore = true;
    };

    // A repaid deal: the schedule until a day at least four months in, then everything left at once
    // (the last installment, or an early repayment), sometimes rounded up (credit).
    // (V3 takes an early repayment as principal only, leaving the interest scheduled: such a loan is
    // repaid at the end of its term.)
    const repaidOn = !history.repaid || !schedule.length ? null : ahead === 0 ? schedule.at(-1)!.due : minDay(schedule.at(-1)!.due, addDays(schedule[0]!.due, int(120, Math.max(121, days(schedule[0]!.due, addDays(lastDay, -14))))));
    for (const [k, { due, amount }] of schedule.entries()) {
      if (due > lastDay || (history.stopsOn !== null && due >= history.stopsOn)) break;
      if (repaidOn && due >= repaidOn) {
        const rest = schedule.slice(k).reduce((sum, s) => sum.plus(s.amount), new Decimal(0));
        const when = workingDay(repaidOn) > lastDay ? repaidOn : workingDay(repaidOn);
        const roundUp = faker.datatype.boolean(0.35);
        const total = roundUp ? rest.div(1000).floor().plus(1).times(1000) : rest;
        pay(when, total.plus(margin(rest, days(due, when))), k === schedule.length - 1 ? message : 'Předčasné splacení úvěru');
        repaid.push({ dealId: deal.id, closeOn: minDay(addDays(when, int(1, 6)), lastDay) });
        break;
      }
      let date: string;
      if (habit === 'late') date = addDays(due, int(5, 30));
      else date = faker.datatype.boolean(0.9) ? addDays(due, -int(0, ahead)) : addDays(due, int(1, 3));
      date = maxDay(workingDay(date), payout);
      if (date > lastDay) continue; // not paid yet (a late payer's latest installment)
      if (habit === 'partial' && faker.datatype.boolean(0.3)) {
        // Half now, the rest (with the penalty interest) two or three weeks later.
        const half = amount.div(2).floor();
        pay(date, half, 'Část splátky');
        const rest = workingDay(addDays(date, int(10, 20)));
        if (rest <= lastDay) pay(rest, amount.minus(half).plus(margin(amount, days(due, rest))), 'Doplatek splátky');
        continue;
      }
      let total = amount.plus(margin(amount, days(due, date)));
      if (habit === 'overpay') total = total.div(500).floor().plus(1).times(500);
      pay(date, total);
    }
  }

  // Payments nobody's: a symbol no deal has, from an account no deal knows (the unpaired queue).
  const unpaired = int(6, 12);
  for (let i = 0; i < unpaired; i++) {
    let vs: string | null;
    do vs = faker.datatype.boolean(0.8) ? String(int(1_000_000, 9_999_999_999)) : null;
    while (vs !== null && symbols.has(vs));
    lines.push({
      date: minDay(workingDay(addDays(lastDay, -int(0, 50))), lastDay),
      amount: new Decimal(int(5, 400) * 50),
      vs,
      ss: null,
      account: bankAccount(),
      name: faker.person.fullName(),
      message: faker.helpers.arrayElement(UNPAIRED_MESSAGES),
    });
  }

  // One statement a month, imported the evening of its last day (yesterday for this month's).
  // This month, the payments from Komerční banka came to the lender's account there, whose bank
  // sends GPC (windows-1250): that statement is imported after the camt.053 one.
  lines.sort((a, b) => a.date.localeCompare(b.date));
  const months = new Map<string, Line[]>();
  for (const line of lines) months.set(monthOf(line.date), [...(months.get(monthOf(line.date)) ?? []), line]);
  const logger = createLogger('silent');
  const { storage } = input;
  const importFile = async (name: string, content: Buffer, count: number, moment: Date) => {
    const deps = { prisma, now: () => moment, logger, storage };
    const requestId = `seed-statement-${name}`;
    const { statement, created } = await uploadStatement(deps, { ...input.actor, meta: { ...input.actor.meta, requestId } }, { file: statementFile(name, content) });
    if (!created) throw new Error(`${name} was taken for an earlier statement`);
    await importStatement(deps, systemActor('seed'), { statementId: statement.id, finalAttempt: true });
    const row = await prisma.paymentStatement.findUniqueOrThrow({ where: { id: statement.id }, select: { state: true, created: true, errors: true } });
    if (row.state !== 'DONE' || row.created !== count) throw new Error(`${name} was not imported: ${row.state}, ${row.created} of ${count}, ${row.errors.join(' ')}`);
    await prisma.$executeRaw`UPDATE payment_statements SET created_at = ${moment} WHERE id = ${statement.id}`;
    await prisma.$executeRaw`UPDATE audit_log SET created_at = ${moment} WHERE request_id = ${requestId}`;
  };
  let n = 0;
  for (const [month, all] of months) {
    const day = minDay(monthEnd(`${month}-01`), lastDay);
    const at = (time: string) => new Date(Math.min(Date.parse(`${day}T${time}Z`), input.now.getTime() - 60_000));
    const kb = month === monthOf(lastDay) ? all.filter((l) => l.account?.endsWith('/0100')) : [];
    const csob = all.filter((l) => !kb.includes(l));
    await importFile(`vypis-${month}.xml`, Buffer.from(camt053(csob, day, ++n)), csob.length, at('17:00:00'));
    if (kb.length) await importFile(`vypis-kb-${month}.gpc`, gpc(kb, day, n), kb.length, at('17:05:00'));
    input.onStatement?.(n, months.size);
  }
  // The rows get the evening of their statement, not the moment of the seed.
  await prisma.$executeRaw`UPDATE payments p SET created_at = s.created_at, updated_at = s.created_at FROM payment_statements s WHERE s.id = p.statement_id`;
  await prisma.$executeRaw`
    UPDATE payment_allocations a SET created_at = x.at, updated_at = x.at
      FROM (SELECT a.id, least(${input.now}::timestamptz, greatest(p.created_at, a.allocated_on + time '17:00')) AS at
              FROM payment_allocations a JOIN payments p ON p.id = a.payment_id) x
     WHERE x.id = a.id`;

  // The deals repaid in full are closed duly a few days after their last payment (when nothing is owed).
  let closedDuly = 0;
  const owing = await prisma.$queryRaw<{ deal_id: number }[]>`
    SELECT deal_id FROM claims WHERE deal_id = ANY(${repaid.map((r) => r.dealId)}::int[]) AND cancelled_at IS NULL GROUP BY deal_id HAVING sum(amount - paid_amount) > 0`;
  const owes = new Set(owing.map((o) => o.deal_id));
  for (const { dealId, closeOn } of repaid) {
    if (owes.has(dealId)) continue;
    const moment = new Date(Math.min(Date.parse(`${closeOn}T09:30:00Z`), input.now.getTime() - 60_000));
    const requestId = `seed-duly-${dealId}`;
    await changeDealState({ prisma, now: () => moment }, { ...input.actor, meta: { ...input.actor.meta, requestId } }, { dealId, transition: { state: 'CLOSED', closed_reason: 'CLOSED_DULY' } });
    await prisma.$executeRaw`UPDATE audit_log SET created_at = ${moment} WHERE request_id = ${requestId}`;
    closedDuly++;
  }
  return { statements: await prisma.paymentStatement.count(), payments: lines.length, closedDuly };
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A camt.053.001.08 statement of the lender's account as a Czech bank sends it (all lines credits). */
function camt053(lines: Line[], day: string, sequence: number): string {
  const stamp = day.replace(/-/g, '');
  const entries = lines.map((l, i) => {
    const ref = `${stamp}${String(i + 1).padStart(6, '0')}`;
    const symbols = [l.vs ? `/VS${l.vs}` : '', l.ss ? `/SS${l.ss}` : ''].join('') || 'NOTPROVIDED';
    const [number, bank] = (l.account ?? '').split('/');
    return `      <Ntry>
        <NtryRef>${ref}</NtryRef>
        <Amt Ccy="CZK">${l.amount.toFixed(2)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${l.date}</Dt></BookgDt>
        <ValDt><Dt>${l.date}</Dt></ValDt>
        <AcctSvcrRef>${ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>${symbols}</EndToEndId></Refs>
            <Amt Ccy="CZK">${l.amount.toFixed(2)}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties>
              <Dbtr><Pty><Nm>${xml(l.name)}</Nm></Pty></Dbtr>${number ? `\n              <DbtrAcct><Id><Othr><Id>${number}</Id></Othr></Id></DbtrAcct>` : ''}
            </RltdPties>${bank ? `\n            <RltdAgts><DbtrAgt><FinInstnId><ClrSysMmbId><MmbId>${bank}</MmbId></ClrSysMmbId></FinInstnId></DbtrAgt></RltdAgts>` : ''}
            <RmtInf><Ustrd>${xml(l.message)}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  });
  const sum = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>CAMT053-${stamp}</MsgId><CreDtTm>${day}T22:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>0300-${stamp}</Id>
      <ElctrncSeqNb>${sequence}</ElctrncSeqNb>
      <Acct><Id><Othr><Id>${LENDER_ACCOUNT}</Id></Othr></Id><Ccy>CZK</Ccy></Acct>
      <TxsSummry>
        <TtlNtries><NbOfNtries>${lines.length}</NbOfNtries></TtlNtries>
        <TtlCdtNtries><NbOfNtries>${lines.length}</NbOfNtries><Sum>${sum}</Sum></TtlCdtNtries>
        <TtlDbtNtries><NbOfNtries>0</NbOfNtries><Sum>0.00</Sum></TtlDbtNtries>
      </TxsSummry>
${entries.join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const ddmmyy = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;
const hellers = (amount: Decimal, width: number) => amount.times(100).toFixed(0).padStart(width, '0');
const digits = (symbol: string | null) => (symbol ?? '').padStart(10, '0');

/** A GPC (ABO) statement as Komerční banka sends it: 128-character records in windows-1250, CRLF (see gpc.ts). */
function gpc(lines: Line[], day: string, sequence: number): Buffer {
  const opening = new Decimal(int(200_000, 2_000_000));
  const credits = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const records = [
    `074${LENDER_KB_ACCOUNT}${'PUJCKY DEMO S.R.O.'.padEnd(20)}${ddmmyy(addDays(day, -1))}${hellers(opening, 14)}+${hellers(opening.plus(credits), 14)}+${hellers(new Decimal(0), 14)}0${hellers(credits, 14)}0${String(sequence % 1000).padStart(3, '0')}${ddmmyy(day)}`,
  ];
  for (const [i, l] of lines.entries()) {
    const [number, bank] = (l.account ?? '/').split('/');
    const id = `${ddmmyy(day)}${String(i + 1).padStart(7, '0')}`;
    records.push(
      `075${LENDER_KB_ACCOUNT}${(number ?? '').padStart(16, '0')}${id}${hellers(l.amount, 12)}2${digits(l.vs)}00${(bank ?? '').padStart(4, '0')}0000${digits(l.ss)}${ddmmyy(l.date)}${l.name.slice(0, 20).padEnd(20)}00203${ddmmyy(l.date)}`,
      `078${l.message.slice(0, 35).padEnd(35)}`,
    );
  }
  return iconv.encode(records.map((r) => `${r.padEnd(128)}\r\n`).join(''), 'windows-1250');
}
