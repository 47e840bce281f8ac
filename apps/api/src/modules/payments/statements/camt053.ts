import { SaxesParser, type SaxesTagNS } from 'saxes';
import { czechAccountOfIban, formatCzechAccount } from '@lending/contracts';
import { constantOf, detached, symbolOf, type BankMovement, type BankStatement, type StatementIssue, type StatementResult } from './movement.ts';

// ISO 20022 camt.053 (BankToCustomerStatement), versions .001.02 to .001.08 as Czech banks send
// them (ČBA "Standard pro elektronický XML výpis"). Read with a SAX parser: a statement of a
// busy account is large, and a SAX reader keeps only the entry being read. saxes expands no
// external entities, so a hostile file cannot reach the file system or the network.
//
// Per entry (Ntry) booked (Sts BOOK), one movement per transaction (TxDtls), or one for the
// entry when it has no details. Entries pending or for information only are skipped.
//
// Balances (docs/decisions/0042): a statement (Stmt) that gives its opening booked balance (Bal
// of type OPBD, or PRCD, the previous closing booked one) and its closing booked balance (CLBD)
// must get from one to the other by its booked entries, each entry's amount (Ntry/Amt) counted
// with its own CdtDbtInd — a storno (RvslInd) included: a reversed credit is booked as a DBIT, so
// it takes the money back out. Otherwise the file is refused, as gpc.ts refuses a GPC statement
// whose items do not lead from the old balance to the new one. A statement without both balances
// (some banks' exports leave them out) is not checked. Every Stmt of a file is checked on its own.

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})$/;
const MAX_ISSUES = 50;

interface Tx {
  index: number;
  line: number;
  fields: Map<string, string[]>;
}

interface Entry {
  index: number;
  line: number;
  fields: Map<string, string[]>;
  txs: Tx[];
}

interface Balance {
  index: number;
  line: number;
  fields: Map<string, string[]>;
}

/** The statement (Stmt) being read: its balances and what its booked entries add up to, in hellers. */
interface OpenStatement {
  index: number;
  line: number;
  id: string | null;
  balances: number;
  /** OPBD, or PRCD when the statement gives no OPBD. */
  opening: { code: string; hellers: bigint } | null;
  closing: bigint | null;
  net: bigint;
  /** Issues found before it opened: the balance check is moot when any of its own parts failed. */
  issuesBefore: number;
}

const first = (fields: Map<string, string[]>, ...paths: string[]): string | null => {
  for (const p of paths) {
    const v = fields.get(p)?.[0]?.trim();
    if (v) return v;
  }
  return null;
};

/** "123.4" → "123.40"; null when it is not an amount of at most two decimal places. */
function amountOf(text: string | null): string | null {
  if (!text || !/^\d{1,12}(\.\d{1,5})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  const amount = `${whole!.replace(/^0+(?=\d)/, '')}.${fraction.slice(0, 2).padEnd(2, '0')}`;
  return /^0\.00$/.test(amount) ? null : amount;
}

/** A balance: "123.4" → 12340n hellers (zero allowed); null when it is not an amount of at most two decimal places. */
function balanceOf(text: string | null): bigint | null {
  if (!text || !/^\d{1,15}(\.\d{1,5})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  return BigInt(whole!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

/** Hellers → "-1250.50", as gpc.ts writes balances in its message. */
function hellersText(value: bigint): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** ISODate or ISODateTime → YYYY-MM-DD (a date-time keeps the bank's calendar day as written). */
function dateOf(text: string | null): string | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === m[0] ? m[0] : null;
}

/**
 * The symbols Czech banks carry in camt.053: "/VS123/SS456/KS0308" in EndToEndId, "VS:123" in
 * the structured reference or the message, or the bare variable symbol as the structured reference.
 */
function symbolsOf(structured: string | null, endToEnd: string | null, message: string | null) {
  const found: Record<'VS' | 'SS' | 'KS', string | null> = { VS: null, SS: null, KS: null };
  for (const text of [structured, endToEnd, message]) {
    if (!text) continue;
    for (const key of ['VS', 'SS', 'KS'] as const) {
      if (found[key]) continue;
      const m = new RegExp(`(?:^|[^A-Z0-9])${key}[:\\s]?(\\d{1,10})(?!\\d)`, 'i').exec(text);
      if (m) found[key] = symbolOf(m[1]);
    }
  }
  if (!found.VS && structured && /^\d{1,10}$/.test(structured)) found.VS = symbolOf(structured);
  return { variableSymbol: found.VS, specificSymbol: found.SS, constantSymbol: constantOf(found.KS) };
}

/** A party's account: Czech IBAN or "prefix-number" with the bank's clearing code → Czech notation. */
function accountOf(iban: string | null, other: string | null, bankCode: string | null): string | null {
  if (iban) {
    const domestic = czechAccountOfIban(iban.replace(/\s/g, '').toUpperCase());
    return domestic ? formatCzechAccount(domestic) : iban.replace(/\s/g, '').toUpperCase();
  }
  if (!other) return null;
  const m = /^(?:(\d{1,6})-)?(\d{1,16})(?:\/(\d{4}))?$/.exec(other.replace(/\s/g, ''));
  if (!m) return other;
  let prefix = (m[1] ?? '').replace(/^0+/, '');
  let number = m[2]!;
  if (!m[1] && number.length > 10) {
    prefix = number.slice(0, -10).replace(/^0+/, '');
    number = number.slice(-10);
  }
  number = number.replace(/^0+/, '');
  const bank = m[3] ?? (bankCode && /^\d{4}$/.test(bankCode) ? bankCode : null);
  if (!number) return null;
  return bank ? formatCzechAccount({ prefix, number, bankCode: bank }) : `${prefix ? `${prefix}-` : ''}${number}`;
}

/** Reads camt.053 XML fed in chunks; `parseCamt053` is the one-call form. */
export class Camt053Reader {
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  private readonly stack: string[] = [];
  private text = '';
  private failed = false;
  private written = 0;
  private version: string | null = null;
  private account: string | null = null;
  /** The account of the statement being read (a file may hold statements of several). */
  private stmtAccount: string | null = null;
  private statementId: string | null = null;
  /** The days the file's statements cover (FrToDt): the earliest start, the latest end. */
  private periodFrom: string | null = null;
  private periodTo: string | null = null;
  private entryCount = 0;
  private stmtCount = 0;
  private stmt: OpenStatement | null = null;
  private balance: Balance | null = null;
  private entry: Entry | null = null;
  private tx: Tx | null = null;
  private readonly movements: BankMovement[] = [];
  readonly issues: StatementIssue[] = [];

  constructor() {
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('text', (t) => (this.text += t));
    this.parser.on('cdata', (t) => (this.text += t));
    this.parser.on('closetag', () => this.close());
    this.parser.on('error', (err) => {
      if (this.failed) return;
      this.failed = true;
      // saxes: "line:column: detail" — the place is what staff need; the detail stays English.
      const m = /^(?:[^:]*:)?(\d+):(\d+): (.*?)\.?$/.exec(err.message);
      // Once the XML is broken nothing read around it is reliable: that is the one issue.
      this.issues.length = 0;
      this.issues.push({ line: m ? Number(m[1]) : this.parser.line, message: `Soubor není platné XML${m ? ` (sloupec ${m[2]})` : ''}: ${m ? m[3] : err.message}.` });
    });
  }

  push(chunk: Uint8Array | string): void {
    if (this.failed) return;
    this.written += chunk.length;
    this.parser.write(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
  }

  end(): StatementResult {
    if (!this.written) return { ok: false, errors: [{ message: 'Soubor je prázdný.' }] };
    if (!this.failed) {
      const rest = this.decoder.decode();
      if (rest) this.parser.write(rest);
      if (!this.failed) this.parser.close();
    }
    if (!this.failed && !this.version && this.issues.length === 0) {
      this.issues.push({ message: 'Soubor není výpis camt.053 (chybí element Document se jmenným prostorem urn:iso:std:iso:20022:tech:xsd:camt.053.001.xx).' });
    }
    if (this.issues.length) return { ok: false, errors: this.issues.slice(0, MAX_ISSUES) };
    const statement: BankStatement = {
      format: 'camt053',
      account: this.account,
      statementId: this.statementId,
      periodFrom: this.periodFrom,
      periodTo: this.periodTo,
      movements: this.movements,
    };
    return { ok: true, statement };
  }

  private issue(element: string, line: number, message: string) {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ element, line, message });
  }

  private open(tag: SaxesTagNS) {
    if (this.failed) return;
    if (this.stack.length === 0) {
      const m = NAMESPACE.exec(tag.uri);
      if (tag.local !== 'Document' || !m) {
        this.failed = true;
        this.issues.push({ line: this.parser.line, element: tag.name, message: `Kořenový element musí být Document se jmenným prostorem camt.053.001.xx, soubor má „${tag.name}“ (${tag.uri || 'bez jmenného prostoru'}).` });
        return;
      }
      this.version = m[1]!;
    }
    this.stack.push(tag.local);
    this.text = '';
    if (tag.local === 'Stmt') {
      this.stmtAccount = null;
      this.stmt = { index: ++this.stmtCount, line: this.parser.line, id: null, balances: 0, opening: null, closing: null, net: 0n, issuesBefore: this.issues.length };
    }
    if (tag.local === 'Bal' && this.stack.at(-2) === 'Stmt' && this.stmt) {
      this.balance = { index: ++this.stmt.balances, line: this.parser.line, fields: new Map() };
    }
    if (tag.local === 'Ntry' && this.stack.at(-2) === 'Stmt') {
      this.entryCount++;
      this.entry = { index: this.entryCount, line: this.parser.line, fields: new Map(), txs: [] };
    } else if (tag.local === 'TxDtls' && this.entry) {
      this.tx = { index: this.entry.txs.length + 1, line: this.parser.line, fields: new Map() };
    }
    if (tag.local === 'Amt' && (this.entry || this.tx)) {
      const ccy = tag.attributes['Ccy'];
      const value = typeof ccy === 'string' ? ccy : ccy?.value;
      if (value) this.record(`${this.relative()}@Ccy`, value);
    }
  }

  /** The path below the current transaction, entry, or statement. */
  private relative(): string {
    const at = this.tx ? this.stack.lastIndexOf('TxDtls') : this.entry ? this.stack.lastIndexOf('Ntry') : this.stack.lastIndexOf('Stmt');
    return this.stack.slice(at + 1).join('/');
  }

  private record(path: string, value: string) {
    const fields = this.tx?.fields ?? this.entry?.fields;
    if (!fields) return;
    const list = fields.get(path);
    if (list) list.push(value);
    else fields.set(path, [value]);
  }

  private close() {
    if (this.failed) return;
    const name = this.stack.at(-1);
    const value = detached(this.text.trim());
    this.text = '';
    if (name === 'TxDtls' && this.tx && this.entry) {
      this.entry.txs.push(this.tx);
      this.tx = null;
    } else if (name === 'Ntry' && this.entry && this.stack.at(-2) === 'Stmt') {
      this.finishEntry(this.entry);
      this.entry = null;
    } else if (name === 'Bal' && this.balance && this.stack.at(-2) === 'Stmt') {
      this.finishBalance(this.balance);
      this.balance = null;
    } else if (name === 'Stmt' && this.stmt) {
      this.finishStatement(this.stmt);
      this.stmt = null;
    } else if (value) {
      if (this.entry) this.record(this.relative(), value);
      else if (this.balance) {
        const path = this.stack.slice(this.stack.lastIndexOf('Bal') + 1).join('/');
        const list = this.balance.fields.get(path);
        if (list) list.push(value);
        else this.balance.fields.set(path, [value]);
      } else if (this.stack.at(-2) === 'Stmt' && name === 'Id') {
        this.statementId = value;
        if (this.stmt) this.stmt.id = value;
      }
      else if (this.stack.slice(-3).join('/') === 'Stmt/FrToDt/FrDtTm') {
        const from = dateOf(value);
        if (from && (!this.periodFrom || from < this.periodFrom)) this.periodFrom = from;
      } else if (this.stack.slice(-3).join('/') === 'Stmt/FrToDt/ToDtTm') {
        const to = dateOf(value);
        if (to && (!this.periodTo || to > this.periodTo)) this.periodTo = to;
      }
      else if (this.stack.slice(-4).join('/') === 'Stmt/Acct/Id/IBAN' || this.stack.slice(-5).join('/') === 'Stmt/Acct/Id/Othr/Id') {
        this.stmtAccount = accountOf(name === 'IBAN' ? value : null, name === 'IBAN' ? null : value, null);
        this.account ??= this.stmtAccount;
      }
    }
    this.stack.pop();
  }

  private finishEntry(entry: Entry) {
    const where = `Ntry[${entry.index}]`;
    const f = entry.fields;
    const status = first(f, 'Sts', 'Sts/Cd');
    if (status && status !== 'BOOK') return;
    const errors: [string, string][] = [];
    const indicator = first(f, 'CdtDbtInd');
    if (indicator !== 'CRDT' && indicator !== 'DBIT') errors.push(['CdtDbtInd', `musí být CRDT nebo DBIT, je „${indicator ?? ''}“`]);
    const bookingDate = dateOf(first(f, 'BookgDt/Dt', 'BookgDt/DtTm'));
    if (!bookingDate) errors.push(['BookgDt', `datum zaúčtování chybí nebo není platné („${first(f, 'BookgDt/Dt', 'BookgDt/DtTm') ?? ''}“)`]);
    const entryAmount = amountOf(first(f, 'Amt'));
    if (!entryAmount) errors.push(['Amt', `částka „${first(f, 'Amt') ?? ''}“ není kladné číslo s nejvýše dvěma desetinnými místy`]);
    const entryRef = first(f, 'AcctSvcrRef', 'NtryRef');
    const reversal = first(f, 'RvslInd') === 'true';
    const valueDate = dateOf(first(f, 'ValDt/Dt', 'ValDt/DtTm'));
    const currency = first(f, 'Amt@Ccy') ?? 'CZK';
    const txs: (Tx | null)[] = entry.txs.length ? entry.txs : [null];
    const batch = entry.txs.length > 1;
    const drafts: BankMovement[] = [];
    for (const tx of txs) {
      const t = tx?.fields ?? new Map<string, string[]>();
      const ref = first(t, 'Refs/AcctSvcrRef') ?? (entryRef ? (batch ? `${entryRef}/${tx!.index}` : entryRef) : null);
      if (!ref) errors.push([tx ? 'NtryDtls/TxDtls/Refs/AcctSvcrRef' : 'AcctSvcrRef', 'chybí reference banky (AcctSvcrRef nebo NtryRef), bez ní nelze import opakovat bez zdvojení']);
      const rawTxAmount = first(t, 'Amt', 'AmtDtls/TxAmt/Amt');
      const amount = batch ? amountOf(rawTxAmount) : entryAmount;
      if (batch && !amount) errors.push([`NtryDtls/TxDtls[${tx!.index}]/Amt`, `částka transakce hromadné položky „${rawTxAmount ?? ''}“ chybí nebo není platná`]);
      const incoming = indicator === 'CRDT';
      const side = (party: 'Dbtr' | 'Cdtr') => ({
        name: first(t, `RltdPties/${party}/Nm`, `RltdPties/${party}/Pty/Nm`),
        account: accountOf(
          first(t, `RltdPties/${party}Acct/Id/IBAN`),
          first(t, `RltdPties/${party}Acct/Id/Othr/Id`),
          first(t, `RltdAgts/${party}Agt/FinInstnId/ClrSysMmbId/MmbId`, `RltdAgts/${party}Agt/FinInstnId/Othr/Id`),
        ),
      });
      // The counter-party is who paid us on a credit and whom we paid on a debit.
      const primary = side(incoming ? 'Dbtr' : 'Cdtr');
      const fallback = side(incoming ? 'Cdtr' : 'Dbtr');
      const message = (t.get('RmtInf/Ustrd') ?? []).join(' ').trim() || first(f, 'AddtlNtryInf') || null;
      const symbols = symbolsOf(first(t, 'RmtInf/Strd/CdtrRefInf/Ref'), first(t, 'Refs/EndToEndId'), message);
      if (ref && amount && indicator && bookingDate) {
        drafts.push({
          bankReference: `camt:${this.stmtAccount ?? '?'}:${ref}`,
          bookingDate,
          valueDate,
          amount,
          currency: first(t, 'Amt@Ccy') ?? currency,
          direction: incoming ? 'INCOMING_PAYMENT' : 'OUTGOING_PAYMENT',
          reversal,
          ...symbols,
          counterAccount: primary.account ?? fallback.account,
          counterAccountName: primary.name ?? fallback.name,
          message,
        });
      }
    }
    if (errors.length) {
      for (const [element, message] of errors) this.issue(`${where}/${element}`, entry.line, `${message}.`);
      return;
    }
    this.movements.push(...drafts);
    // The entry's own amount, with its own sign: a storno of a credit is a DBIT and counts as one.
    if (this.stmt) this.stmt.net += (indicator === 'CRDT' ? 1n : -1n) * balanceOf(entryAmount)!;
  }

  /** A Bal of the statement: the opening (OPBD, else PRCD) and the closing booked balance (CLBD); other types are not checked. */
  private finishBalance(balance: Balance) {
    const stmt = this.stmt!;
    const f = balance.fields;
    const code = first(f, 'Tp/CdOrPrtry/Cd');
    if (code !== 'OPBD' && code !== 'PRCD' && code !== 'CLBD') return;
    const where = `Stmt[${stmt.index}]/Bal[${balance.index}]`;
    const amount = balanceOf(first(f, 'Amt'));
    const indicator = first(f, 'CdtDbtInd');
    if (amount === null) this.issue(`${where}/Amt`, balance.line, `zůstatek ${code} „${first(f, 'Amt') ?? ''}“ není číslo s nejvýše dvěma desetinnými místy.`);
    if (indicator !== 'CRDT' && indicator !== 'DBIT') this.issue(`${where}/CdtDbtInd`, balance.line, `zůstatek ${code}: CdtDbtInd musí být CRDT nebo DBIT, je „${indicator ?? ''}“.`);
    if (amount === null || (indicator !== 'CRDT' && indicator !== 'DBIT')) return;
    // A debit balance is an overdrawn account: below zero.
    const hellers = indicator === 'DBIT' ? -amount : amount;
    if (code === 'CLBD') stmt.closing ??= hellers;
    else if (!stmt.opening || (code === 'OPBD' && stmt.opening.code === 'PRCD')) stmt.opening = { code, hellers };
  }

  /** A statement's booked entries must take its opening balance to its closing one (when it gives both). */
  private finishStatement(stmt: OpenStatement) {
    if (this.issues.length > stmt.issuesBefore || !stmt.opening || stmt.closing === null) return;
    if (stmt.opening.hellers + stmt.net === stmt.closing) return;
    const name = stmt.id ?? `${stmt.index}. v souboru`;
    this.issue(
      `Stmt[${stmt.index}]`,
      stmt.line,
      `Výpis č. ${name}: starý zůstatek ${hellersText(stmt.opening.hellers)} a pohyby (${hellersText(stmt.net)}) nedávají nový zůstatek ${hellersText(stmt.closing)}; soubor je neúplný nebo poškozený.`,
    );
  }
}

/** Parses a whole camt.053 file (UTF-8 bytes or text). */
export function parseCamt053(input: Uint8Array | string): StatementResult {
  const reader = new Camt053Reader();
  reader.push(input);
  return reader.end();
}

/** Parses camt.053 arriving in chunks (a stored file read as a stream). */
export async function parseCamt053Stream(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StatementResult> {
  const reader = new Camt053Reader();
  for await (const chunk of chunks) reader.push(chunk);
  return reader.end();
}
