// Contracts of the payments API (issue 14; backoffice.md §7 "Payments"; docs/decisions/0034):
// payments with their allocations, their update and bulk calls, and bank statement imports.
import { z } from './zod-config.ts';
import { defineEnum, type EnumValue } from './enum.ts';
import { ClaimType, PaymentCategory, PaymentDirection, PaymentPurposeType, PaymentType } from './enums.ts';
import { isoDayInput } from './dates.ts';
import { czechAccountOfIban, formatCzechAccount, normaliseBankAccount, parseCzechAccount } from './deals/purposes.ts';
import { money, moneyInput } from './money.ts';
import { recordId } from './ids.ts';
import { formatCzk } from './format.ts';
import { booleanQuery, dateQuery, exportFormatQuery, idQuery, orderingQuery, pageQuery, rangeCheck } from './query.ts';

export const paymentMessages = {
  notFound: 'Platba nebyla nalezena.',
  statementNotFound: 'Výpis nebyl nalezen.',
  dealNotFound: 'Obchod neexistuje.',
  booleanQuery: 'Zadejte true nebo false.',
  positiveId: 'Zadejte kladné celé číslo.',
  dateRange: 'Datum od nesmí být po datu do.',
  symbol: 'Symbol tvoří 1 až 10 číslic.',
  constantSymbol: 'Konstantní symbol tvoří 1 až 4 číslice.',
  bankReference: 'Zadejte identifikátor bankovní transakce (1 až 200 znaků).',
  duplicateReference: (ref: string) => `Transakce „${ref}“ je v požadavku vícekrát.`,
  reversalEntry: 'Storno platby patří k obchodu původní platby; přiřaďte původní platbu.',
  tooManyPayments: (max: number) => `Najednou lze zpracovat nejvýše ${max} plateb.`,
  emptyList: 'Zadejte alespoň jednu platbu.',
  unknownPayments: (ids: number[]) => `Platby ${ids.join(', ')} neexistují.`,
  statementFile: 'Nahrajte výpis ve formátu camt.053 (XML) nebo GPC (ABO).',
  statementTooLarge: 'Výpis je příliš velký (nejvýše 20 MB).',
  statementAlreadyImported: 'Tento výpis už byl nahrán; nic nového nevzniklo.',
  /** `day`: the first import's day, Czech ("12. 3. 2025"). */
  statementImportedBefore: (day: string) => `Tento výpis už byl naimportován dne ${day} – nic nového nevzniklo. Počty jsou z původního importu.`,
  manualDateTooOld: 'Datum platby nesmí být před 1. 1. 2000.',
  manualDateFuture: 'Datum platby nesmí být v budoucnosti.',
  manualMethod: 'Zvolte, jak platba přišla.',
  idempotencyKey: 'Klíč opakování tvoří 8 až 100 písmen, číslic, pomlček nebo podtržítek.',
  idempotencyKeyReused: 'Tento klíč opakování už patří jiné platbě (jiná částka, datum nebo způsob); zadejte platbu znovu.',
  suggestionOnly: 'Návrh obchodu lze přijmout jen u nespárované platby.',
};

// ---------------------------------------------------------------------------------------------
// How a payment came and how it was paired (docs/decisions/0047)
// ---------------------------------------------------------------------------------------------

/** How a payment entered by hand (POST /payments/) came to the lender. */
export const ManualPaymentMethod = defineEnum(['CASH', 'POSTAL_ORDER', 'TRANSFER'], {
  CASH: 'Hotovost',
  POSTAL_ORDER: 'Poštovní poukázka',
  TRANSFER: 'Převod chybějící ve výpisu',
});
export type ManualPaymentMethod = EnumValue<typeof ManualPaymentMethod>;

/** The payment type a payment entered by hand is booked with. */
export const MANUAL_PAYMENT_TYPE: { readonly [M in ManualPaymentMethod]: PaymentType } = { CASH: 'CASH', POSTAL_ORDER: 'POSTAL_ORDER', TRANSFER: 'BANK_TRANSFER' };

/** Where a payment came from: a bank statement import, the bulk call (a bank's push), or staff's hand. */
export const PaymentSource = defineEnum(['STATEMENT', 'BULK_CREATE', 'MANUAL'], {
  STATEMENT: 'Bankovní výpis',
  BULK_CREATE: 'Hromadné zadání (API)',
  MANUAL: 'Ruční zadání',
});
export type PaymentSource = EnumValue<typeof PaymentSource>;

/** How a payment came to its deal. */
export const PaymentPairedBy = defineEnum(['VARIABLE_SYMBOL', 'SPECIFIC_SYMBOL', 'COUNTER_ACCOUNT', 'STAFF', 'MANUAL_ENTRY', 'REVERSAL'], {
  VARIABLE_SYMBOL: 'Podle variabilního symbolu',
  SPECIFIC_SYMBOL: 'Podle specifického symbolu',
  COUNTER_ACCOUNT: 'Podle protiúčtu',
  STAFF: 'Přiřazeno ručně',
  MANUAL_ENTRY: 'Obchod zadán s platbou',
  REVERSAL: 'Storno původní platby',
});
export type PaymentPairedBy = EnumValue<typeof PaymentPairedBy>;

/**
 * The Czech banks by their clearing code (ČNB's list of payment-system codes), for the statement
 * history; an unknown code is shown as the code itself.
 */
export const CZECH_BANKS: Readonly<Record<string, string>> = {
  '0100': 'Komerční banka',
  '0300': 'ČSOB',
  '0600': 'MONETA Money Bank',
  '0710': 'Česká národní banka',
  '0800': 'Česká spořitelna',
  '2010': 'Fio banka',
  '2060': 'Citfin',
  '2250': 'Banka CREDITAS',
  '2700': 'UniCredit Bank',
  '3030': 'Air Bank',
  '3500': 'ING Bank',
  '5500': 'Raiffeisenbank',
  '5800': 'J&T Banka',
  '6000': 'PPF banka',
  '6210': 'mBank',
  '6300': 'BNP Paribas',
  '6700': 'Všeobecná úverová banka',
  '7910': 'Deutsche Bank',
  '8040': 'Oberbank',
  '8090': 'Česká exportní banka',
};

/** The clearing code of an account as payments and statements keep it ("19-2000145399/0800" or a CZ IBAN); null when it has none. */
export function bankCodeOf(account: string | null | undefined): string | null {
  if (!account) return null;
  const text = account.trim();
  if (/^CZ\d{22}$/.test(text)) return czechAccountOfIban(text)?.bankCode ?? null;
  return /\/(\d{4})$/.exec(text)?.[1] ?? null;
}

/** Largest number of payments one bulk call takes. */
export const MAX_BULK_PAYMENTS = 500;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());
const symbol = (digits: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : blankToNull(v)),
    z.string().trim().regex(new RegExp(`^\\d{1,${digits}}$`), message).nullable().optional(),
  );

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

/** The part of a payment put on one claim, and the rule of the allocation profile that put it there. */
export const paymentAllocation = z.object({
  claim_id: z.number().int(),
  claim_type: ClaimType.schema,
  due_date: z.string(),
  amount: money,
  rule: z.string().nullable(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocation>;

export const payment = z.object({
  id: z.number().int(),
  direction: PaymentDirection.schema,
  category: PaymentCategory.schema,
  payment_type: PaymentType.schema,
  purpose_type: PaymentPurposeType.schema.nullable(),
  date: z.string(),
  amount: money,
  variable_symbol: z.string().nullable(),
  specific_symbol: z.string().nullable(),
  constant_symbol: z.string().nullable(),
  counter_account: z.string().nullable(),
  counter_account_name: z.string().nullable(),
  message: z.string().nullable(),
  note: z.string().nullable(),
  bank_reference: z.string().nullable(),
  /** The deal it is paired to; null while unpaired. */
  deal: z.number().int().nullable(),
  /** This payment is a reversal (storno) entry of that payment. */
  reversal_of: z.number().int().nullable(),
  /** The reversal entry that took this payment back: it then counts for nothing. */
  reversed_by: z.number().int().nullable(),
  statement: z.number().int().nullable(),
  allocations: z.array(paymentAllocation),
  allocated_amount: money,
  /** What of an incoming payment that counts no claim took: credit on its deal. */
  unallocated_amount: money,
  created_at: z.string(),
  updated_at: z.string(),
  /** Where it came from; MANUAL: entered by hand (POST /payments/), `entry_method` says how the money came. */
  source: PaymentSource.schema,
  entry_method: ManualPaymentMethod.schema.nullable(),
  /** How it came to its deal; null while unpaired (and for payments paired before it was recorded, when it could not be told). */
  paired_by: PaymentPairedBy.schema.nullable(),
  /** An unpaired payment's likely deal: its counter-account paid that deal, which is not serviced (so it was not paired by it). */
  suggested_deal: z.number().int().nullable(),
});
export type Payment = z.infer<typeof payment>;

export const PAYMENT_ORDERING_FIELDS = ['id', 'date', 'amount', 'created_at'] as const;
export type PaymentOrderingField = (typeof PAYMENT_ORDERING_FIELDS)[number];

// Queries of the payments calls (backoffice.md §7). `date_from` must not lie after `date_to`.
const paymentFilters = {
  category: PaymentCategory.schema.optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  payment_type: PaymentType.schema.optional(),
  direction: PaymentDirection.schema.optional(),
  search: z.string().max(200).optional(),
  /** true: the unpaired queue (incoming, no deal, neither a storno nor taken back); false: paired. */
  unpaired: booleanQuery.optional(),
};
const dateRange = rangeCheck('date_from', 'date_to', paymentMessages.dateRange);

/** GET /payments/: the filters, `deal`, ordering (default -date) and pages. */
export const paymentListQuery = pageQuery
  .extend({ ...paymentFilters, deal: idQuery.optional(), ordering: orderingQuery(PAYMENT_ORDERING_FIELDS, '-date') })
  .superRefine(dateRange);
export type PaymentListQuery = z.output<typeof paymentListQuery>;

/** GET /deals/{dealId}/payments/: the payment filters of one deal. */
export const dealPaymentListQuery = pageQuery.extend({ ...paymentFilters, ordering: orderingQuery(PAYMENT_ORDERING_FIELDS, '-date') }).superRefine(dateRange);
export type DealPaymentListQuery = z.output<typeof dealPaymentListQuery>;

/** GET /payments/export/: the list's filters without paging, oldest first; format csv (default) or xlsx. */
export const paymentExportQuery = z.object({ ...paymentFilters, deal: idQuery.optional(), format: exportFormatQuery }).superRefine(dateRange);
export type PaymentExportQuery = z.output<typeof paymentExportQuery>;

/** GET /payments/allocation-report/: allocation rows by their payment's date, deal, claim type. */
export const allocationReportQuery = z
  .object({ date_from: paymentFilters.date_from, date_to: paymentFilters.date_to, deal: idQuery.optional(), claim_type: ClaimType.schema.optional(), format: exportFormatQuery })
  .superRefine(dateRange);
export type AllocationReportQuery = z.output<typeof allocationReportQuery>;

/** GET /deals/{dealId}/payments/download/: the deal's payments, one row per allocation. */
export const dealPaymentsDownloadQuery = z
  .object({
    date_from: paymentFilters.date_from,
    date_to: paymentFilters.date_to,
    payment_type: paymentFilters.payment_type,
    category: paymentFilters.category,
    direction: paymentFilters.direction,
    format: exportFormatQuery,
  })
  .superRefine(dateRange);
export type DealPaymentsDownloadQuery = z.output<typeof dealPaymentsDownloadQuery>;


/** PUT /payments/{id}/: fields left out are cleared (the deal too: the payment goes back to the unpaired queue). */
export const paymentUpdateRequest = z.object({
  category: PaymentCategory.schema,
  purpose_type: PaymentPurposeType.schema.nullable().optional(),
  deal: recordId.nullable().optional(),
  note: optionalText(2000),
});
export type PaymentUpdateRequest = z.infer<typeof paymentUpdateRequest>;

/**
 * PATCH /payments/{id}/: some of the fields of PUT, and the symbols (our addition, docs/decisions/
 * 0047: staff correct a symbol typed wrong; the payment is not paired again by it — its deal
 * changes only by `deal`). PUT keeps the spec's fields.
 */
export const paymentPatchRequest = paymentUpdateRequest.partial().extend({
  variable_symbol: symbol(10, paymentMessages.symbol),
  specific_symbol: symbol(10, paymentMessages.symbol),
});
export type PaymentPatchRequest = z.infer<typeof paymentPatchRequest>;

/**
 * A counter-account as staff type it: a Czech account "prefix-number/bank" (check digits of ČNB
 * decree 169/2011 Sb.) or an IBAN; kept as statements keep it — a Czech account (a CZ IBAN too)
 * as "prefix-number/bank" without leading zeros, so pairing by counter-account finds it.
 */
const counterAccountField = z.preprocess(
  blankToNull,
  z
    .string()
    .max(60)
    .transform((value, ctx) => {
      const result = normaliseBankAccount(value);
      if ('issue' in result) {
        ctx.addIssue({ code: 'custom', message: result.issue });
        return z.NEVER;
      }
      const domestic = czechAccountOfIban(result.value);
      if (!domestic) return result.value;
      const checked = parseCzechAccount(formatCzechAccount(domestic));
      return checked && 'account' in checked ? formatCzechAccount(checked.account) : result.value;
    })
    .nullable()
    .optional(),
);

/** The earliest day a payment may be entered with: older money is not booked by hand. */
export const MANUAL_PAYMENT_DATE_MIN = '2000-01-01';

/**
 * POST /payments/ (our addition, docs/decisions/0047): one incoming payment entered by hand — cash
 * at the counter, a postal order, a transfer missing from the statements. Booked as an imported
 * one (paired by the same rule unless `deal` is given). `idempotency_key` (the back-office sends a
 * new one per opened form): the same key again answers the payment it booked; without it, the
 * same fields on the same business day are the same payment.
 */
export const manualPaymentRequest = z.object({
  method: ManualPaymentMethod.schema.describe('CASH, POSTAL_ORDER or TRANSFER (a transfer missing from the statements)'),
  /** The day the money came; not in the future (the business date in Prague), not before 2000. */
  date: isoDayInput.refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= MANUAL_PAYMENT_DATE_MIN, paymentMessages.manualDateTooOld),
  amount: moneyInput({ min: 'positive' }),
  variable_symbol: symbol(10, paymentMessages.symbol),
  specific_symbol: symbol(10, paymentMessages.symbol),
  counter_account: counterAccountField,
  /** The payer's name. */
  counter_account_name: optionalText(140),
  message: optionalText(500),
  note: optionalText(2000),
  /** The deal it belongs to; left out: paired by the variable symbol, the specific symbol, the counter-account. */
  deal: recordId.nullable().optional(),
  idempotency_key: z.preprocess(blankToNull, z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, paymentMessages.idempotencyKey).nullable().optional()),
});
export type ManualPaymentRequest = z.infer<typeof manualPaymentRequest>;
export type ManualPaymentRequestInput = z.input<typeof manualPaymentRequest>;

/** PATCH /payments/bulk_assign_deals/: pairs the payments to one deal (null: back to the unpaired queue). */
export const bulkAssignDealsRequest = z.object({
  payments: z.array(recordId).min(1, paymentMessages.emptyList).max(MAX_BULK_PAYMENTS, paymentMessages.tooManyPayments(MAX_BULK_PAYMENTS)),
  deal: recordId.nullable(),
});
export type BulkAssignDealsRequest = z.infer<typeof bulkAssignDealsRequest>;

/** One bank movement pushed by POST /payments/bulk_create_payments/. */
export const bulkPaymentItem = z.object({
  /** The bank's id of the transaction: a retry with the same id creates nothing new. */
  bank_reference: z.string({ error: paymentMessages.bankReference }).trim().min(1, paymentMessages.bankReference).max(200, paymentMessages.bankReference),
  direction: PaymentDirection.schema.default('INCOMING_PAYMENT'),
  /** A storno: the bank takes back an earlier movement of the same amount and counter-account. */
  reversal: z.boolean().default(false),
  date: isoDayInput,
  amount: moneyInput({ min: 'positive' }),
  category: PaymentCategory.schema.optional(),
  payment_type: PaymentType.schema.optional(),
  variable_symbol: symbol(10, paymentMessages.symbol),
  specific_symbol: symbol(10, paymentMessages.symbol),
  constant_symbol: symbol(4, paymentMessages.constantSymbol),
  counter_account: optionalText(60),
  counter_account_name: optionalText(140),
  message: optionalText(500),
});
export type BulkPaymentItem = z.infer<typeof bulkPaymentItem>;

export const bulkCreatePaymentsRequest = z.object({
  payments: z
    .array(bulkPaymentItem)
    .min(1, paymentMessages.emptyList)
    .max(MAX_BULK_PAYMENTS, paymentMessages.tooManyPayments(MAX_BULK_PAYMENTS))
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.bank_reference)) ctx.addIssue({ code: 'custom', path: [i, 'bank_reference'], message: paymentMessages.duplicateReference(item.bank_reference) });
        seen.add(item.bank_reference);
      });
    }),
});
export type BulkCreatePaymentsRequest = z.infer<typeof bulkCreatePaymentsRequest>;

/** The answer of bulk create: the payments in the request's order, the same on a retry. */
export const bulkCreatePaymentsResponse = z.object({ results: z.array(payment) });

export const bulkAssignDealsResponse = z.object({ results: z.array(payment) });

// ---------------------------------------------------------------------------------------------
// Statement imports
// ---------------------------------------------------------------------------------------------

export const PaymentStatementState = z.enum(['QUEUED', 'PROCESSING', 'DONE', 'FAILED']);
export type PaymentStatementState = z.infer<typeof PaymentStatementState>;

export const paymentStatement = z.object({
  id: z.number().int(),
  format: z.enum(['gpc', 'camt053']),
  file_name: z.string(),
  state: PaymentStatementState,
  total_lines: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  paired: z.number().int(),
  unpaired: z.number().int(),
  duplicates_skipped: z.number().int(),
  /** Czech messages: why the file, or which of its lines, could not be booked. */
  errors: z.array(z.string()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** True when this upload was the same file as an earlier import: nothing new was queued, the figures are that import's. */
  already_imported: z.boolean(),
  detail: z.string().nullable(),
  /** The statement's own account as the file names it ("prefix-number/bank" or IBAN); null until imported, or when the file does not say. */
  account: z.string().nullable(),
  /** The bank's clearing code of that account, and the bank's name when known. */
  bank_code: z.string().nullable(),
  bank: z.string().nullable(),
  /** The days the statement covers (camt.053 FrToDt, else its first and last booking day). */
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  /** Who uploaded it. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PaymentStatement = z.infer<typeof paymentStatement>;

export const STATEMENT_ORDERING_FIELDS = ['id', 'created_at'] as const;

/** GET /payments/statements/ (our addition): every statement import, newest first, paged. */
export const paymentStatementListQuery = pageQuery.extend({ ordering: orderingQuery(STATEMENT_ORDERING_FIELDS, '-created_at') });
export type PaymentStatementListQuery = z.output<typeof paymentStatementListQuery>;

/** Largest statement file taken: a month of a busy account in camt.053 stays well below it. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

export const paymentStatementUpload = z.object({ file: z.file().max(MAX_STATEMENT_BYTES).describe('The statement file: camt.053 XML or GPC (ABO)') });

/**
 * The rules of the allocation profiles (apps/api/src/modules/payments/allocation-profiles.ts,
 * docs/decisions/0033) in Czech: why a part of a payment went to its claim. The profiles name
 * their rules by these keys, so every rule has its label.
 */
export const ALLOCATION_RULE_LABELS = {
  COSTS_DUE: 'Splatné náklady vymáhání',
  COSTS: 'Náklady vymáhání',
  PENALTY_INTEREST_DUE: 'Splatné úroky z prodlení',
  PENALTY_INTEREST: 'Úroky z prodlení',
  CONTRACTUAL_PENALTY_DUE: 'Splatné smluvní pokuty',
  CONTRACTUAL_PENALTY: 'Smluvní pokuty',
  INTEREST_DUE: 'Splatné úroky',
  INTEREST_AND_FEES: 'Úroky a poplatky',
  FEES_DUE: 'Splatné poplatky a pojištění',
  PRINCIPAL_DUE: 'Splatná jistina',
  PRINCIPAL: 'Jistina',
  PRINCIPAL_PREPAYMENT: 'Předčasné splacení jistiny (od nejpozdější splátky)',
  INSTALLMENTS_DUE: 'Splatné splátky',
  NEXT_INSTALLMENTS: 'Příští splátky (předplacení)',
  RENT_DUE: 'Splatné nájemné',
  SANCTIONS_DUE: 'Splatné sankce a náklady',
  OLDEST_DUE: 'Nejstarší splatné pohledávky',
  NEXT_DUE: 'Příští pohledávky (předplacení)',
  OTHER_DUE: 'Ostatní splatné pohledávky',
  OTHER: 'Ostatní pohledávky',
  CREDIT: 'Přeplatek použitý na pohledávku v den splatnosti',
} as const;
export type AllocationRuleName = keyof typeof ALLOCATION_RULE_LABELS;

/** An allocation row's rule ("<profile>:<rule>", as the engine writes it) in Czech; an unknown one as it is. */
export function allocationRuleLabel(rule: string): string {
  const name = rule.slice(rule.indexOf(':') + 1);
  return (ALLOCATION_RULE_LABELS as Record<string, string>)[name] ?? rule;
}

/** Outgoing payments: refunds of a deal's credit and drawings paid out (docs/decisions/0033). */
export const outgoingPaymentMessages = {
  refundBeyondCredit: (available: string) => `Vratka převyšuje přeplatek obchodu (ke dni vratky zbývá ${formatCzk(available)}).`,
};
