// Contracts of the deals work (issue 13): purposes, their drawings and the payment-order files
// (backoffice.md §7 "purposes", "purpose drawing"; docs/decisions/0027-payment-order-files.md).
import { z } from '../zod-config.ts';
import { PaymentPurposeType } from '../enums.ts';
import { isoDayInput } from '../dates.ts';
import { money, moneyInput } from '../money.ts';
import { recordId } from '../ids.ts';
import { orderingQuery, pageQuery } from '../query.ts';

export const purposeMessages = {
  bankAccount: 'Zadejte číslo účtu ve tvaru předčíslí-číslo/kód banky (např. 19-2000145399/0800) nebo IBAN.',
  bankAccountChecksum: 'Číslo účtu nemá platnou kontrolní číslici (vyhláška ČNB č. 169/2011 Sb.); zkontrolujte ho.',
  bankAccountDigits: 'Číslo účtu (bez předčíslí) musí obsahovat alespoň dvě nenulové číslice.',
  prefixChecksum: 'Předčíslí účtu nemá platnou kontrolní číslici (vyhláška ČNB č. 169/2011 Sb.); zkontrolujte ho.',
  ibanFormat: 'IBAN má tvar kódu země, dvou kontrolních číslic a čísla účtu (např. CZ65 0800 0000 1920 0014 5399).',
  ibanLength: (country: string, length: number) => `IBAN země ${country} má ${length} znaků.`,
  ibanChecksum: 'IBAN nemá platné kontrolní číslice; zkontrolujte ho.',
  symbol: 'Symbol je nejvýše 10 číslic.',
  bankText: 'Text smí obsahovat písmena (i s diakritikou), číslice, mezery a znaky / - ? : ( ) . , \' +',
  drawingsList: 'Zadejte seznam čísel čerpání.',
  drawingsDuplicate: 'Každé čerpání uveďte jen jednou.',
  drawingsTooMany: (max: number) => `Najednou lze odeslat nejvýše ${max} čerpání.`,
  format: 'Zvolte formát abo nebo pain001.',
} as const;

// ---------------------------------------------------------------------------------------------
// Bank accounts: Czech domestic numbers (ČNB decree 169/2011 Sb.) and IBANs (ISO 13616)
// ---------------------------------------------------------------------------------------------

/** A Czech account: prefix (předčíslí, up to 6 digits), number (2–10 digits), bank code (4 digits). */
export interface CzechAccount {
  prefix: string;
  number: string;
  bankCode: string;
}

// Weights of the decree's modulo-11 check, for the 10 digits of the number from the left; the
// prefix uses the last six of them.
const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

function mod11(digits: string): boolean {
  const padded = digits.padStart(10, '0');
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(padded[i]) * WEIGHTS[i]!;
  return sum % 11 === 0;
}

const CZECH_ACCOUNT = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;

/**
 * Parses "19-2000145399/0800" (spaces allowed) into its parts without leading zeros; null when
 * it is not one. `issue` says what is wrong when the form fits but a check digit does not.
 */
export function parseCzechAccount(value: string): { account: CzechAccount } | { issue: string } | null {
  const match = CZECH_ACCOUNT.exec(value.replace(/\s/g, ''));
  if (!match) return null;
  const prefix = (match[1] ?? '').replace(/^0+/, '');
  const number = match[2]!.replace(/^0+/, '');
  // The decree: the number has at least two digits other than zero.
  if (number.replace(/0/g, '').length < 2) return { issue: purposeMessages.bankAccountDigits };
  if (prefix && !mod11(prefix)) return { issue: purposeMessages.prefixChecksum };
  if (!mod11(number)) return { issue: purposeMessages.bankAccountChecksum };
  return { account: { prefix, number, bankCode: match[3]! } };
}

export function formatCzechAccount(a: CzechAccount): string {
  return `${a.prefix ? `${a.prefix}-` : ''}${a.number}/${a.bankCode}`;
}

// Lengths of the IBANs of Europe's countries (the SWIFT IBAN registry); other countries are
// checked for the general form and the check digits only.
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27,
  HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24,
  SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** ISO 7064 MOD 97-10 over the IBAN moved: country and check digits to the end, letters as 10–35. */
function ibanRemainder(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** "cz65 0800 …" → "CZ6508000000192000145399", or what is wrong with it. */
export function parseIban(value: string): { iban: string } | { issue: string } {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return { issue: purposeMessages.ibanFormat };
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && iban.length !== length) return { issue: purposeMessages.ibanLength(country, length) };
  if (ibanRemainder(iban) !== 1) return { issue: purposeMessages.ibanChecksum };
  if (country === 'CZ') {
    if (!/^CZ\d{22}$/.test(iban)) return { issue: purposeMessages.ibanFormat };
    const domestic = czechAccountOfIban(iban)!;
    const checked = parseCzechAccount(formatCzechAccount(domestic));
    if (!checked || 'issue' in checked) return { issue: checked?.issue ?? purposeMessages.ibanFormat };
  }
  return { iban };
}

/** The IBAN of a Czech account: CZ, check digits, bank code, prefix (6) and number (10) zero-padded. */
export function czechIban(a: CzechAccount): string {
  const bban = `${a.bankCode}${a.prefix.padStart(6, '0')}${a.number.padStart(10, '0')}`;
  const check = 98 - ibanRemainder(`CZ00${bban}`);
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}

/** The domestic account inside a Czech IBAN; null for another country's. */
export function czechAccountOfIban(iban: string): CzechAccount | null {
  if (!iban.startsWith('CZ') || iban.length !== 24) return null;
  return { bankCode: iban.slice(4, 8), prefix: iban.slice(8, 14).replace(/^0+/, ''), number: iban.slice(14).replace(/^0+/, '') };
}

/**
 * A bank account as staff type it: a Czech number (stored as "prefix-number/bank" without
 * leading zeros) or an IBAN (stored without spaces, upper case).
 */
export function normaliseBankAccount(value: string): { value: string } | { issue: string } {
  const text = value.trim();
  if (/^[A-Za-z]{2}/.test(text)) {
    const parsed = parseIban(text);
    return 'iban' in parsed ? { value: parsed.iban } : parsed;
  }
  const parsed = parseCzechAccount(text);
  if (!parsed) return { issue: purposeMessages.bankAccount };
  return 'account' in parsed ? { value: formatCzechAccount(parsed.account) } : parsed;
}

/** Where a stored account sends money: a Czech account (also from a CZ IBAN) or a foreign IBAN. */
export function resolveBankAccount(stored: string): { domestic: CzechAccount; iban: string } | { foreignIban: string } {
  if (/^[A-Z]{2}/.test(stored)) {
    const domestic = czechAccountOfIban(stored);
    return domestic ? { domestic, iban: stored } : { foreignIban: stored };
  }
  const parsed = parseCzechAccount(stored);
  if (!parsed || !('account' in parsed)) throw new Error('stored bank account is not valid');
  return { domestic: parsed.account, iban: czechIban(parsed.account) };
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const bankAccountField = z.string().transform((value, ctx) => {
  const result = normaliseBankAccount(value);
  if ('issue' in result) {
    ctx.addIssue({ code: 'custom', message: result.issue });
    return z.NEVER;
  }
  return result.value;
});

const symbolField = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : blankToNull(v)),
  z.string().trim().regex(/^\d{1,10}$/, purposeMessages.symbol).nullable().optional(),
);

/**
 * Letters Czech banks carry in domestic payment orders: the SEPA set (a–z, digits, / - ? : ( )
 * . , ' + and space) and the accented letters of windows-1250, the code page of the ABO file.
 */
export const BANK_TEXT = /^[A-Za-z0-9 /\-?:().,'+áäčďéěíĺľňóôŕřšťúůýžöüőűßąęłńśźżćçÁÄČĎÉĚÍĹĽŇÓÔŔŘŠŤÚŮÝŽÖÜŐŰĄĘŁŃŚŹŻĆÇ]*$/;
const bankText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max).regex(BANK_TEXT, purposeMessages.bankText).nullable().optional());
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());

// ---------------------------------------------------------------------------------------------
// Purposes
// ---------------------------------------------------------------------------------------------

/** POST /deals/{dealId}/purposes/ and PUT …/{id}/ (fields left out of a PUT are cleared). */
export const purposeRequest = z.object({
  type: PaymentPurposeType.schema,
  amount: moneyInput({ min: 'positive' }),
  /** A Czech account "19-2000145399/0800" or an IBAN; needed before a drawing is exported. */
  bank_account: z.preprocess(blankToNull, bankAccountField.nullable().optional()),
  variable_symbol: symbolField,
  specific_symbol: symbolField,
  recipient_name: bankText(70),
  /** Message for the recipient, carried in the payment order (ABO "AV:", pain.001 Ustrd). */
  message: bankText(140),
  note: optionalText(2000),
});
export type PurposeRequest = z.infer<typeof purposeRequest>;
export type PurposeRequestInput = z.input<typeof purposeRequest>;

/** PATCH: only the fields sent change. */
export const purposePatchRequest = purposeRequest.partial();
export type PurposePatchRequest = z.infer<typeof purposePatchRequest>;

export const PURPOSE_ORDERING_FIELDS = ['id', 'type', 'amount', 'created_at'] as const;
export type PurposeOrderingField = (typeof PURPOSE_ORDERING_FIELDS)[number];

/** GET /deals/{dealId}/purposes/: filter by type, ordered by id unless asked otherwise. */
export const purposeListQuery = pageQuery.extend({
  type: PaymentPurposeType.schema.optional(),
  ordering: orderingQuery(PURPOSE_ORDERING_FIELDS, 'id'),
});
export type PurposeListQuery = z.output<typeof purposeListQuery>;

/** The payment order a drawing went out in. */
export const paymentOrderRef = z.object({
  id: z.number().int(),
  format: z.enum(['abo', 'pain001']),
  execution_date: z.string(),
  created_at: z.string(),
});

export const purposeDrawing = z.object({
  id: z.number().int(),
  purpose_id: z.number().int(),
  deal_id: z.number().int(),
  amount: money,
  drawn_at: z.string().nullable().describe('YYYY-MM-DD'),
  note: z.string().nullable(),
  /** The outgoing payment that paid it (set by the payments work when the bank statement shows it). */
  payment_id: z.number().int().nullable(),
  /** Paid out: the day and amount of that outgoing payment (null until it is matched). */
  paid_out_on: z.string().nullable().describe('YYYY-MM-DD'),
  paid_out_amount: money.nullable(),
  payment_order: paymentOrderRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurposeDrawing = z.infer<typeof purposeDrawing>;

export const purpose = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  type: PaymentPurposeType.schema,
  amount: money,
  /** Sum of the drawings / what may still be drawn. */
  drawn_amount: money,
  remaining_amount: money,
  bank_account: z.string().nullable(),
  /** The IBAN the payment order uses (a Czech account's computed one). */
  iban: z.string().nullable(),
  variable_symbol: z.string().nullable(),
  specific_symbol: z.string().nullable(),
  recipient_name: z.string().nullable(),
  message: z.string().nullable(),
  note: z.string().nullable(),
  drawings: z.array(purposeDrawing),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Purpose = z.infer<typeof purpose>;

// ---------------------------------------------------------------------------------------------
// Drawings
// ---------------------------------------------------------------------------------------------

/** POST /deals/{dealId}/purposes/{id}/drawings/ */
export const purposeDrawingRequest = z.object({
  amount: moneyInput({ min: 'positive' }),
  /** The day the money is to go out (planned payout). */
  drawn_at: z.preprocess(blankToNull, isoDayInput.nullable().optional()),
  note: optionalText(2000),
});
export type PurposeDrawingRequest = z.infer<typeof purposeDrawingRequest>;

/** PATCH /deals/purpose/purpose-drawing/{id}/ */
export const purposeDrawingPatchRequest = purposeDrawingRequest.partial().extend({
  /** The outgoing payment that paid the drawing out (null: not paid out, a wrong match undone). */
  payment: recordId.nullable().optional(),
});
export type PurposeDrawingPatchRequest = z.infer<typeof purposeDrawingPatchRequest>;

// ---------------------------------------------------------------------------------------------
// Payment orders: POST /deals/{dealId}/purposes/payments/
// ---------------------------------------------------------------------------------------------

export const PAYMENT_ORDER_FORMATS = ['abo', 'pain001'] as const;
export type PaymentOrderFormat = (typeof PAYMENT_ORDER_FORMATS)[number];
export const MAX_DRAWINGS_PER_ORDER = 500;

/** The body "is a list" (backoffice.md §5): the ids of the drawings to pay out, each once. */
export const paymentOrderRequest = z
  .array(recordId, { error: purposeMessages.drawingsList })
  .min(1, purposeMessages.drawingsList)
  .max(MAX_DRAWINGS_PER_ORDER, purposeMessages.drawingsTooMany(MAX_DRAWINGS_PER_ORDER))
  .refine((ids) => new Set(ids).size === ids.length, purposeMessages.drawingsDuplicate);
export type PaymentOrderRequest = z.infer<typeof paymentOrderRequest>;

export const paymentOrderQuery = z.object({
  format: z.enum(PAYMENT_ORDER_FORMATS, purposeMessages.format).default('abo'),
  /** The day the bank is to pay (ABO due date, pain.001 ReqdExctnDt); today when left out. */
  execution_date: isoDayInput.optional(),
});
export type PaymentOrderQuery = z.output<typeof paymentOrderQuery>;

/** A recorded payment-order batch (the file itself: GET …/payments/{id}/). */
export const paymentOrderBatch = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  format: z.enum(PAYMENT_ORDER_FORMATS),
  execution_date: z.string(),
  file_name: z.string(),
  drawing_ids: z.array(z.number().int()),
  item_count: z.number().int(),
  total_amount: money,
  created_by_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type PaymentOrderBatch = z.infer<typeof paymentOrderBatch>;
