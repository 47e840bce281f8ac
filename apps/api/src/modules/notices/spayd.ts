// QR Platba: the Short Payment Descriptor (SPAYD, "SPD*1.0*…") of the Czech Banking Association,
// version 1.0. A banking app that scans it fills in the payment order: account, amount, currency,
// variable symbol, due date and message. Only the keys a collection notice needs are written.

export interface SpaydPayment {
  /** The payee's IBAN; spaces (as IBANs are often printed) are removed. */
  iban: string;
  /** Kč as a decimal string ("12345.5", "12345.50"): never a float. */
  amount: string;
  /** Digits only, at most 10; null or empty: no X-VS. */
  variableSymbol: string | null;
  /** YYYY-MM-DD; null: no DT. */
  dueDate: string | null;
  /** The payment message; null or empty: no MSG. */
  message: string | null;
}

const MESSAGE_MAX = 60;
const AMOUNT_MAX_CHARS = 10;

/**
 * Text as plain ASCII: Czech letters without their diacritics ("Upomínka" → "Upominka"),
 * typographic spaces and dashes as their ASCII twins. Banks' apps show a SPAYD message with
 * diacritics inconsistently (some print the percent escapes raw) and SMS gateways charge
 * diacritics as UCS-2; ASCII reads the same everywhere.
 */
export function asciiText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u00a0\u2007\u202f\s]+/g, ' ')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019\u201a]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"');
}

/**
 * A value as the standard allows it: printable ASCII except `*` (the field separator), anything
 * else percent-encoded. `%` itself is encoded too, so a decoder never misreads a literal "%2A".
 */
function escapeValue(value: string): string {
  let out = '';
  for (const ch of value) {
    if (ch === '*' || ch === '%' || !/^[\x20-\x7e]$/.test(ch)) {
      for (const byte of Buffer.from(ch, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    } else out += ch;
  }
  return out;
}

/** The IBAN's ISO 13616 check (mod 97 = 1): a typo in the lender's settings must not reach a letter. */
function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

/** "12345.5" → "12345.50", exactly (digit by digit, no float); throws on anything AM cannot hold. */
function amountText(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`QR Platba: částka "${amount}" není kladné číslo s nejvýše dvěma desetinnými místy.`);
  const crowns = match[1]!.replace(/^0+(?=\d)/, '');
  const text = `${crowns}.${(match[2] ?? '').padEnd(2, '0')}`;
  if (/^0\.00$/.test(text)) throw new Error('QR Platba: částka musí být kladná.');
  if (text.length > AMOUNT_MAX_CHARS) throw new Error(`QR Platba: částka ${text} je delší než ${AMOUNT_MAX_CHARS} znaků (nejvýše 9999999.99).`);
  return text;
}

function dateText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const date = match ? new Date(`${day}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw new Error(`QR Platba: datum "${day}" není platné (YYYY-MM-DD).`);
  return `${match[1]}${match[2]}${match[3]}`;
}

/** The SPAYD string: SPD*1.0*ACC:…*AM:…*CC:CZK*X-VS:…*DT:…*MSG:… (optional keys left out when empty). */
export function spaydString({ iban, amount, variableSymbol, dueDate, message }: SpaydPayment): string {
  const account = iban.replace(/\s+/g, '');
  if (!ibanValid(account)) throw new Error(`QR Platba: "${iban}" není platný IBAN.`);
  const fields = [`ACC:${account}`, `AM:${amountText(amount)}`, 'CC:CZK'];
  if (variableSymbol) {
    if (!/^\d{1,10}$/.test(variableSymbol)) throw new Error(`QR Platba: variabilní symbol "${variableSymbol}" musí mít 1 až 10 číslic.`);
    fields.push(`X-VS:${variableSymbol}`);
  }
  if (dueDate) fields.push(`DT:${dateText(dueDate)}`);
  // Diacritics stripped (asciiText): banks' apps handle plain ASCII best. The limit counts the
  // message's characters, so it is cut before escaping; an escape is never split.
  const text = message ? [...asciiText(message).trim()].slice(0, MESSAGE_MAX).join('').trimEnd() : '';
  if (text) fields.push(`MSG:${escapeValue(text)}`);
  return ['SPD', '1.0', ...fields].join('*');
}
