// One bank movement as both statement formats describe it, in the shape the payments table
// keeps (docs/decisions/0033). Parsers are pure: bytes in, movements or located Czech errors out.

export type MovementDirection = 'INCOMING_PAYMENT' | 'OUTGOING_PAYMENT';

export interface BankMovement {
  /** The bank's id of the movement, prefixed by format and account: re-importing a file repeats it. */
  bankReference: string;
  /** YYYY-MM-DD, the day the bank booked it. */
  bookingDate: string;
  valueDate: string | null;
  /** Positive decimal string with two places; `direction` says which way it went. */
  amount: string;
  currency: string;
  direction: MovementDirection;
  /** A storno: the bank takes back an earlier movement (its direction is the reversal's own). */
  reversal: boolean;
  variableSymbol: string | null;
  specificSymbol: string | null;
  constantSymbol: string | null;
  /** "prefix-number/bank" without leading zeros for a Czech account, else the IBAN or the bank's id. */
  counterAccount: string | null;
  counterAccountName: string | null;
  message: string | null;
}

export interface BankStatement {
  format: 'gpc' | 'camt053';
  /** The statement's own account ("prefix-number/bank" or IBAN) when the file names it. */
  account: string | null;
  /** The statement's number or id at the bank. */
  statementId: string | null;
  /** The days the statement says it covers (camt.053 FrToDt), YYYY-MM-DD; null when the file does not say. */
  periodFrom?: string | null;
  periodTo?: string | null;
  movements: BankMovement[];
}

/** Where in the file a problem is: a line of a text format, an element path of XML (line too when known). */
export interface StatementIssue {
  line?: number;
  element?: string;
  message: string;
}

export type StatementResult = { ok: true; statement: BankStatement } | { ok: false; errors: StatementIssue[] };

/** Czech text of an issue with its place, for staff and logs. */
export function describeIssue(issue: StatementIssue): string {
  const where = [issue.line !== undefined ? `řádek ${issue.line}` : null, issue.element ? `element ${issue.element}` : null].filter(Boolean).join(', ');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Strips leading zeros of a symbol; an empty or all-zero symbol is none. */
export function symbolOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim().replace(/^0+/, '');
  return trimmed === '' ? null : trimmed;
}

/** A constant symbol is four digits by convention (0308, 0558): zeros kept; none when zero. */
export function constantOf(raw: string | null | undefined): string | null {
  const symbol = symbolOf(raw);
  return symbol === null ? null : symbol.padStart(4, '0');
}

/** Cents (as digits) → "123.45". */
export function amountOfHellers(digits: string): string {
  const n = digits.replace(/^0+(?=\d)/, '').padStart(3, '0');
  return `${n.slice(0, -2)}.${n.slice(-2)}`;
}

/**
 * The text as a string of its own, for what a movement keeps. Parsers hand text out as slices of
 * the chunk or line they read, and V8 keeps a slice's whole parent alive: the few fields kept per
 * movement would hold every chunk of the file (a 20 MB camt.053: ~50 MB of heap; docs/decisions/
 * 0042). Prepending a character makes a cons string that slicing flattens into a fresh copy,
 * sharing nothing with the chunk. Short strings (V8 copies those under 13 characters anyway) are
 * left as they are.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
