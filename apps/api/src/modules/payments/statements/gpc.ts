import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { formatCzechAccount } from '@lending/contracts';
import { amountOfHellers, constantOf, detached, symbolOf, type BankMovement, type BankStatement, type StatementIssue, type StatementResult } from './movement.ts';

// The Czech banks' GPC (ABO) statement: fixed-width records of 128 characters in windows-1250,
// CRLF. Layout as published by the banks (ČSOB "Formát GPC", KB "Formát BEST/GPC", Fio "Popis
// formátu GPC"); docs/decisions/0033 lists the positions. 074 opens a statement of one account
// with its balances, each 075 is one movement, 078/079 carry the message for the payee of the
// 075 before them, 076 (extra data some banks add) is skipped.

const RECORD = 128;
const MAX_ISSUES = 50;

/** Accounting codes of a 075: which way the money went, and whether it is a storno. */
const CODES: Record<string, { direction: BankMovement['direction']; reversal: boolean }> = {
  '1': { direction: 'OUTGOING_PAYMENT', reversal: false },
  '2': { direction: 'INCOMING_PAYMENT', reversal: false },
  // A storno of a debit gives the money back; a storno of a credit takes it away.
  '4': { direction: 'INCOMING_PAYMENT', reversal: true },
  '5': { direction: 'OUTGOING_PAYMENT', reversal: true },
};

/** ISO 4217 numeric codes of the currencies Czech accounts are kept in. */
const CURRENCIES: Record<number, string> = { 203: 'CZK', 978: 'EUR', 840: 'USD', 826: 'GBP', 985: 'PLN', 348: 'HUF', 756: 'CHF' };

/** DDMMYY → YYYY-MM-DD (20YY: no GPC statement predates 2000), or null when not a calendar day. */
function dateOf(ddmmyy: string): string | null {
  if (!/^\d{6}$/.test(ddmmyy)) return null;
  const day = Number(ddmmyy.slice(0, 2));
  const month = Number(ddmmyy.slice(2, 4));
  const year = 2000 + Number(ddmmyy.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** 16 digits "PPPPPPNNNNNNNNNN" (prefix, number) → "prefix-number[/bank]" without zeros; null for none. */
function accountOf(digits: string, bankCode: string | null): string | null {
  const prefix = digits.slice(0, 6).replace(/^0+/, '');
  const number = digits.slice(6).replace(/^0+/, '');
  if (!number) return null;
  if (!bankCode || /^0+$/.test(bankCode)) return `${prefix ? `${prefix}-` : ''}${number}`;
  return formatCzechAccount({ prefix, number, bankCode });
}

const hellers = (digits: string) => BigInt(digits);

interface OpenStatement {
  line: number;
  account: string;
  statementId: string;
  date: string;
  oldBalance: bigint;
  newBalance: bigint;
  movements: BankMovement[];
  net: bigint;
  /** Issues found before it opened: the balance check is moot when any of its own items failed. */
  issuesBefore: number;
}

/**
 * Reads a GPC file line by line, so a large file can be fed in chunks (`push`) and never held
 * whole; `parseGpc` is the one-call form. Problems are collected with their line numbers.
 */
export class GpcReader {
  private readonly bankCode: string | null;
  private pending: Buffer = Buffer.alloc(0);
  private lineNo = 0;
  private current: OpenStatement | null = null;
  private last: BankMovement | null = null;
  private readonly seen = new Map<string, number>();
  private readonly statements: OpenStatement[] = [];
  readonly issues: StatementIssue[] = [];

  /** `bankCode`: the bank of the statement's own account, which the file does not name. */
  constructor(options: { bankCode?: string } = {}) {
    this.bankCode = options.bankCode ?? null;
  }

  push(chunk: Uint8Array): void {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    let newline: number;
    while ((newline = data.indexOf(0x0a)) >= 0) {
      this.line(data.subarray(0, newline));
      data = data.subarray(newline + 1);
    }
    this.pending = Buffer.from(data);
  }

  end(): StatementResult {
    if (this.pending.length) this.line(this.pending);
    this.pending = Buffer.alloc(0);
    this.closeStatement();
    if (this.lineNo === 0 || (this.statements.length === 0 && this.issues.length === 0)) {
      this.issue(undefined, 'Soubor neobsahuje žádný výpis GPC (záznam 074).');
    }
    if (this.issues.length) return { ok: false, errors: this.issues };
    // One account per statement in practice; a file of several statements of one account is one.
    const first = this.statements[0]!;
    const statement: BankStatement = {
      format: 'gpc',
      account: first.account,
      statementId: this.statements.map((s) => s.statementId).join(','),
      movements: this.statements.flatMap((s) => s.movements),
    };
    return { ok: true, statement };
  }

  private issue(line: number | undefined, message: string) {
    if (this.issues.length < MAX_ISSUES) this.issues.push(line === undefined ? { message } : { line, message });
  }

  private line(bytes: Buffer) {
    this.lineNo++;
    let text = iconv.decode(bytes, 'windows-1250');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    // Some exporters cut the trailing filler; an overlong line is not GPC.
    if (text.length > RECORD) return this.issue(this.lineNo, `Záznam má ${text.length} znaků, formát GPC má ${RECORD}.`);
    text = text.padEnd(RECORD, ' ');
    const kind = text.slice(0, 3);
    if (kind === '074') this.header(text);
    else if (kind === '075') this.item(text);
    else if (kind === '078' || kind === '079') this.message(text);
    else if (kind === '076') return;
    else this.issue(this.lineNo, `Neznámý typ záznamu „${kind}“ (GPC zná 074 hlavičku a 075 položku).`);
  }

  private header(text: string) {
    this.closeStatement();
    const line = this.lineNo;
    const errors: string[] = [];
    const accountDigits = text.slice(3, 19);
    if (!/^\d{16}$/.test(accountDigits)) errors.push('číslo účtu (pozice 4–19) musí mít 16 číslic');
    const balance = (digits: string, sign: string, label: string): bigint => {
      if (!/^\d{14}$/.test(digits) || !/^[+-]$/.test(sign)) {
        errors.push(`${label} musí mít 14 číslic a znaménko + nebo -`);
        return 0n;
      }
      return sign === '-' ? -hellers(digits) : hellers(digits);
    };
    const oldBalance = balance(text.slice(45, 59), text[59]!, 'starý zůstatek (pozice 46–60)');
    const newBalance = balance(text.slice(60, 74), text[74]!, 'nový zůstatek (pozice 61–75)');
    const statementId = text.slice(105, 108);
    if (!/^\d{3}$/.test(statementId)) errors.push('pořadové číslo výpisu (pozice 106–108) musí mít 3 číslice');
    const date = dateOf(text.slice(108, 114));
    if (!date) errors.push(`datum výpisu „${text.slice(108, 114)}“ (pozice 109–114) není platné datum DDMMRR`);
    if (errors.length) {
      for (const e of errors) this.issue(line, `Hlavička výpisu 074: ${e}.`);
      this.current = null;
      return;
    }
    this.current = {
      line,
      account: accountOf(accountDigits, this.bankCode) ?? accountDigits,
      statementId: String(Number(statementId)),
      date: date!,
      oldBalance,
      newBalance,
      movements: [],
      net: 0n,
      issuesBefore: this.issues.length,
    };
  }

  private item(text: string) {
    const line = this.lineNo;
    this.last = null;
    const statement = this.current;
    if (!statement) return this.issue(line, 'Položka 075 bez platné hlavičky výpisu 074 před ní.');
    const errors: string[] = [];
    const counterDigits = text.slice(19, 35);
    if (!/^\d{16}$/.test(counterDigits)) errors.push('číslo protiúčtu (pozice 20–35) musí mít 16 číslic');
    const id = text.slice(35, 48);
    if (!/^\d{13}$/.test(id)) errors.push('identifikace transakce (pozice 36–48) musí mít 13 číslic');
    const amount = text.slice(48, 60);
    if (!/^\d{12}$/.test(amount)) errors.push(`částka „${amount.trim()}“ (pozice 49–60) musí mít 12 číslic v haléřích`);
    else if (hellers(amount) === 0n) errors.push('částka (pozice 49–60) je nulová');
    const code = CODES[text[60]!];
    if (!code) errors.push(`kód účtování „${text[60]}“ (pozice 61) musí být 1 (debet), 2 (kredit), 4 (storno debetu) nebo 5 (storno kreditu)`);
    const vs = text.slice(61, 71);
    const ksField = text.slice(71, 81);
    const ss = text.slice(81, 91);
    for (const [value, label] of [[vs, 'variabilní symbol (pozice 62–71)'], [ksField, 'kód banky a konstantní symbol (pozice 72–81)'], [ss, 'specifický symbol (pozice 82–91)']] as const) {
      if (!/^[\d ]{10}$/.test(value)) errors.push(`${label} smí obsahovat jen číslice`);
    }
    const valueDateText = text.slice(91, 97);
    const valueDate = valueDateText.trim() === '' || valueDateText === '000000' ? null : dateOf(valueDateText);
    if (valueDate === null && valueDateText.trim() !== '' && valueDateText !== '000000') errors.push(`datum valuty „${valueDateText}“ (pozice 92–97) není platné datum DDMMRR`);
    const currency = text.slice(118, 122);
    if (!/^\d{4}$/.test(currency) && currency.trim() !== '') errors.push(`kód měny „${currency}“ (pozice 119–122) musí mít 4 číslice`);
    const bookingText = text.slice(122, 128);
    const bookingDate = bookingText.trim() === '' || bookingText === '000000' ? statement.date : dateOf(bookingText);
    if (!bookingDate) errors.push(`datum zaúčtování „${bookingText}“ (pozice 123–128) není platné datum DDMMRR`);
    if (errors.length) {
      for (const e of errors) this.issue(line, `Položka 075: ${e}.`);
      return;
    }
    const counterBank = ksField.slice(2, 6);
    const movement: BankMovement = {
      bankReference: this.reference(statement, id, text),
      bookingDate: bookingDate!,
      valueDate,
      amount: amountOfHellers(amount),
      currency: currency.trim() === '' ? 'CZK' : (CURRENCIES[Number(currency)] ?? `ISO4217:${Number(currency)}`),
      direction: code!.direction,
      reversal: code!.reversal,
      variableSymbol: symbolOf(vs),
      specificSymbol: symbolOf(ss),
      constantSymbol: constantOf(ksField.slice(6, 10)),
      counterAccount: accountOf(counterDigits, counterBank),
      counterAccountName: detached(text.slice(97, 117).trim()) || null,
      message: null,
    };
    statement.movements.push(movement);
    statement.net += code!.direction === 'INCOMING_PAYMENT' ? hellers(amount) : -hellers(amount);
    this.last = movement;
  }

  /** 078/079: "AV" message lines (35 characters each, two per record) of the movement before. */
  private message(text: string) {
    if (!this.last) return this.issue(this.lineNo, `Záznam ${text.slice(0, 3)} (zpráva pro příjemce) bez položky 075 před ním.`);
    const parts = [text.slice(3, 38), text.slice(38, 73)].map((p) => p.trim()).filter(Boolean);
    if (!parts.length) return;
    this.last.message = detached([this.last.message, ...parts].filter(Boolean).join(' '));
  }

  /**
   * The bank's transaction id when it gives one; otherwise a digest of the record, numbered by
   * its repeats in this file, so the same file read again names the same movements.
   */
  private reference(statement: OpenStatement, id: string, text: string): string {
    if (!/^0+$/.test(id)) return detached(`gpc:${statement.account}:${id}`);
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 24);
    const n = (this.seen.get(digest) ?? 0) + 1;
    this.seen.set(digest, n);
    return `gpc:${statement.account}:h${digest}:${n}`;
  }

  /** A statement's movements must take its old balance to its new one. */
  private closeStatement() {
    const s = this.current;
    this.current = null;
    this.last = null;
    if (!s || this.issues.length > s.issuesBefore) return;
    if (s.oldBalance + s.net !== s.newBalance) {
      const fmt = (v: bigint) => `${v < 0n ? '-' : ''}${amountOfHellers((v < 0n ? -v : v).toString())}`;
      this.issue(
        s.line,
        `Výpis č. ${s.statementId}: starý zůstatek ${fmt(s.oldBalance)} a pohyby (${fmt(s.net)}) nedávají nový zůstatek ${fmt(s.newBalance)}; soubor je neúplný nebo poškozený.`,
      );
      return;
    }
    this.statements.push(s);
  }
}

/** Parses a whole GPC file (windows-1250 bytes). */
export function parseGpc(bytes: Uint8Array, options: { bankCode?: string } = {}): StatementResult {
  const reader = new GpcReader(options);
  reader.push(bytes);
  return reader.end();
}

/** Parses a GPC file arriving in chunks (a stored file read as a stream), line by line. */
export async function parseGpcStream(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: { bankCode?: string } = {}): Promise<StatementResult> {
  const reader = new GpcReader(options);
  for await (const chunk of chunks) reader.push(chunk);
  return reader.end();
}
