import { Decimal } from 'decimal.js';
import { dpdBucket, type DealType, type PersonRole } from '@lending/contracts';

// THE record layout of the monthly contribution to the non-bank register of client information
// (NRKI, run by CNCB – Czech Non-Banking Credit Bureau): the one module that knows record
// types, field order, codes and formats (docs/decisions/0050).
//
// The register's member specification (the data interface CNCB hands its members under the
// membership contract) is not public and not at hand. This layout is designed from what the
// register publishes about its content (identification of clients, contracts in their phases,
// amounts, overdue amounts and days past due, security; sources in the ADR). When the
// specification is at hand, replacing the layout means changing this file and its tests
// (layout.test.ts) only: record builders below take the sources the writer reads
// (write-cncb-batch.ts, register-rows.ts) and nothing else decides what a line looks like.
// Only data the sources do not carry yet would need the writer's queries too.

/** Version of this layout, written into every header: a file says which layout made it. */
export const LAYOUT_VERSION = 'LENDING-NRKI-1';

/**
 * PLACEHOLDER — the member id CNCB assigns to the lender with the membership contract. Not known
 * yet; replace it (or read it from the configuration) before the first real contribution.
 */
export const MEMBER_ID = 'CLEN-NRKI-NEPRIDELEN';

export const SEPARATOR = ';';
export const LINE_END = '\r\n';

/** The files of one monthly contribution. */
export type FilePart = 'deals' | 'persons' | 'repi';

/** The phase of a contract as of the month's end, in our words (the register's codes: PHASE_CODES). */
export type RegisterPhase = 'REQUEST' | 'REFUSED' | 'ACTIVE' | 'CLOSED';

// ---------------------------------------------------------------------------------------------
// What is reported, and the register's codes for our values
// ---------------------------------------------------------------------------------------------

/**
 * The deal types reported, with the register's product type: every type in which the lender
 * gives credit to its client — consumer and business loans, zápůjčky, financial leasing and
 * sale-and-leaseback (credit secured by the property sold and leased back). Not reported: LEASE
 * (a plain rental), SALE (a sale), HARD_COLLECTION (collecting someone else's or a finished
 * contract's claim, which its original creditor reports) and OTHER_DEAL (no known nature: staff
 * give such a deal its real type to have it reported).
 */
export const PRODUCT_CODES: { readonly [T in DealType]?: string } = {
  CONSUMER_LOAN: 'SPOTREBITELSKY_UVER',
  INVESTMENT_LOAN: 'PODNIKATELSKY_UVER',
  INVESTMENT_LOAN_V15: 'PODNIKATELSKY_UVER',
  INVESTMENT_LOAN_V151: 'PODNIKATELSKY_UVER',
  INVESTMENT_LOAN_V2: 'PODNIKATELSKY_UVER',
  BORROWING: 'ZAPUJCKA',
  LEASING: 'FINANCNI_LEASING',
  SALE_AND_LEASEBACK: 'ZPETNY_LEASING',
};
export const REPORTED_DEAL_TYPES = Object.keys(PRODUCT_CODES) as DealType[];

export const PHASE_CODES: Record<RegisterPhase, string> = {
  REQUEST: 'ZADOST',
  REFUSED: 'ZAMITNUTA',
  ACTIVE: 'AKTIVNI',
  CLOSED: 'UKONCENA',
};

/**
 * The participants reported and their role in the register, strongest first: a person in several
 * roles of one contract is one record with the strongest. Not reported: the creditor's side
 * (CREDITOR, LENDER, assignors and assignees, successors of the creditor), mediators, sellers,
 * buyers, landlords and subtenants. There is no guarantor role in our data yet (RUCITEL).
 */
export const ROLE_CODES: { readonly [R in PersonRole]?: string } = {
  BORROWER: 'DLUZNIK',
  DEBTOR: 'DLUZNIK',
  TENANT: 'DLUZNIK',
  LEGAL_SUCCESSOR_DEBTOR: 'DLUZNIK',
  ACCESSORY_DEBTOR: 'SPOLUDLUZNIK',
  PLEDGER: 'ZASTAVCE',
  MORTGAGOR: 'ZASTAVCE',
};
const ROLE_RANK = ['DLUZNIK', 'SPOLUDLUZNIK', 'RUCITEL', 'ZASTAVCE'];
/** Our roles reported, the strongest register role first. */
export const REPORTED_ROLES = (Object.keys(ROLE_CODES) as PersonRole[]).sort((a, b) => ROLE_RANK.indexOf(ROLE_CODES[a]!) - ROLE_RANK.indexOf(ROLE_CODES[b]!));

const FILE_CODES: Record<FilePart, string> = { deals: 'SMLOUVY', persons: 'OSOBY', repi: 'REPI' };
const RECORD_TYPES = { header: 'H', deal: 'S', person: 'O', repayment: 'R', trailer: 'T' } as const;
/** Every schedule of ours is monthly. */
const MONTHLY = 'M';
const CURRENCY = 'CZK';

// ---------------------------------------------------------------------------------------------
// The sources: what the writer reads, in our words
// ---------------------------------------------------------------------------------------------

/** One contract as of the month's end (amounts: decimal strings; dates: YYYY-MM-DD). */
export interface DealSource {
  dealId: number;
  contractNumber: string | null;
  dealType: DealType;
  phase: RegisterPhase;
  closedReason: string | null;
  appliedOn: string;
  contractedOn: string | null;
  maturityOn: string | null;
  closedOn: string | null;
  creditAmount: string;
  installmentAmount: string | null;
  installments: number | null;
  outstanding: string;
  overdue: string;
  daysPastDue: number;
  worstDaysPastDue: number;
  realtySecured: boolean;
  pledged: boolean;
  insolvency: boolean;
}

/** One person in one contract (their data as it is now). */
export interface PersonSource {
  dealId: number;
  contractNumber: string | null;
  role: PersonRole;
  personId: number;
  identificationType: 'BIRTH_NUMBER' | 'ICO';
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  birthNumber: string | null;
  birthDate: string | null;
  companyId: string | null;
  citizenship: string | null;
  wholeAddress: string | null;
  street: string | null;
  houseNumber: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
}

/** One serviced contract's repayment in the month. */
export interface RepaymentSource {
  dealId: number;
  contractNumber: string | null;
  phase: RegisterPhase;
  dueInMonth: string;
  paidInMonth: string;
  overdue: string;
  daysPastDue: number;
  overdueInstallments: number;
}

/** What a file's header says of the file. */
export interface FileContext {
  part: FilePart;
  /** YYYY-MM */
  period: string;
  asOf: string;
  createdAt: Date;
  records: number;
}

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

type Value = string | number | null | undefined;

/**
 * A field as written: text in NFC (so "č" is one character that windows-1250 has, not "c" and a
 * combining caron), without the separator, CR or LF (each becomes a space); nothing as empty.
 */
export function field(value: Value): string {
  if (value === null || value === undefined) return '';
  return String(value).normalize('NFC').replace(/[;\r\n]/g, ' ');
}

/** An amount with a dot and two decimals ("1234.50"), exactly (decimal, never a float). */
export function amount(value: string | null): string {
  return value === null ? '' : new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP);
}

const yesNo = (value: boolean) => (value ? 'A' : 'N');

/** An instant as YYYY-MM-DDTHH:MM:SSZ (UTC, to the second). */
const timestamp = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

// ---------------------------------------------------------------------------------------------
// Records: one array per record type, in the order the fields are written
// ---------------------------------------------------------------------------------------------

export interface FieldDef<S> {
  name: string;
  value: (source: S) => Value;
}

export const HEADER_FIELDS: readonly FieldDef<FileContext>[] = [
  { name: 'record_type', value: () => RECORD_TYPES.header },
  { name: 'member_id', value: () => MEMBER_ID },
  { name: 'file', value: (f) => FILE_CODES[f.part] },
  { name: 'period', value: (f) => f.period },
  { name: 'as_of', value: (f) => f.asOf },
  { name: 'created_at', value: (f) => timestamp(f.createdAt) },
  { name: 'record_count', value: (f) => f.records },
  { name: 'layout_version', value: () => LAYOUT_VERSION },
];

export const TRAILER_FIELDS: readonly FieldDef<FileContext>[] = [
  { name: 'record_type', value: () => RECORD_TYPES.trailer },
  { name: 'file', value: (f) => FILE_CODES[f.part] },
  { name: 'record_count', value: (f) => f.records },
];

/** Applications have no balance; a closed contract owes nothing to the register's eyes. */
const servicedAmount = (d: DealSource, value: string) => (d.phase === 'ACTIVE' ? amount(value) : amount('0'));
const isContract = (d: DealSource) => d.phase === 'ACTIVE' || d.phase === 'CLOSED';

export const DEAL_FIELDS: readonly FieldDef<DealSource>[] = [
  { name: 'record_type', value: () => RECORD_TYPES.deal },
  { name: 'contract_ref', value: (d) => d.dealId },
  { name: 'contract_number', value: (d) => d.contractNumber },
  { name: 'product', value: (d) => PRODUCT_CODES[d.dealType] },
  { name: 'phase', value: (d) => PHASE_CODES[d.phase] },
  { name: 'closed_reason', value: (d) => (d.phase === 'CLOSED' || d.phase === 'REFUSED' ? d.closedReason : null) },
  { name: 'applied_on', value: (d) => d.appliedOn },
  { name: 'contracted_on', value: (d) => (isContract(d) ? d.contractedOn : null) },
  { name: 'maturity_on', value: (d) => (isContract(d) ? d.maturityOn : null) },
  { name: 'closed_on', value: (d) => (d.phase === 'CLOSED' || d.phase === 'REFUSED' ? d.closedOn : null) },
  { name: 'currency', value: () => CURRENCY },
  { name: 'credit_amount', value: (d) => amount(d.creditAmount) },
  { name: 'installment_amount', value: (d) => amount(d.installmentAmount) },
  { name: 'installment_frequency', value: (d) => (d.installments === null ? null : MONTHLY) },
  { name: 'installments', value: (d) => d.installments },
  { name: 'outstanding', value: (d) => servicedAmount(d, d.outstanding) },
  { name: 'overdue', value: (d) => servicedAmount(d, d.overdue) },
  { name: 'days_past_due', value: (d) => (d.phase === 'ACTIVE' ? d.daysPastDue : 0) },
  { name: 'worst_days_past_due', value: (d) => (isContract(d) ? d.worstDaysPastDue : 0) },
  { name: 'worst_dpd_bucket', value: (d) => dpdBucket(isContract(d) ? d.worstDaysPastDue : 0) },
  { name: 'security', value: (d) => (d.realtySecured ? 'NEMOVITOST' : d.pledged ? 'ZASTAVA' : 'BEZ_ZAJISTENI') },
  { name: 'insolvency', value: (d) => yesNo(d.insolvency) },
];

/** FO: a natural person; FOP: one in business (with an IČO); PO: a legal person. */
const personType = (p: PersonSource) => (p.identificationType === 'ICO' ? 'PO' : p.companyId ? 'FOP' : 'FO');

export const PERSON_FIELDS: readonly FieldDef<PersonSource>[] = [
  { name: 'record_type', value: () => RECORD_TYPES.person },
  { name: 'contract_ref', value: (p) => p.dealId },
  { name: 'contract_number', value: (p) => p.contractNumber },
  { name: 'role', value: (p) => ROLE_CODES[p.role] },
  { name: 'person_ref', value: (p) => p.personId },
  { name: 'person_type', value: personType },
  { name: 'last_name', value: (p) => p.lastName },
  { name: 'first_name', value: (p) => p.firstName },
  { name: 'birth_number', value: (p) => (p.identificationType === 'ICO' ? null : p.birthNumber) },
  { name: 'birth_date', value: (p) => (p.identificationType === 'ICO' ? null : p.birthDate) },
  { name: 'company_name', value: (p) => p.companyName },
  { name: 'company_id', value: (p) => p.companyId },
  // An address typed as one line (no parts) goes whole into the street.
  { name: 'street', value: (p) => p.street ?? (p.city ? null : p.wholeAddress) },
  { name: 'house_number', value: (p) => p.houseNumber },
  { name: 'city', value: (p) => p.city },
  { name: 'zip', value: (p) => p.zip?.replace(/\s/g, '') },
  { name: 'country', value: (p) => p.country },
  { name: 'citizenship', value: (p) => p.citizenship },
];

export const REPAYMENT_FIELDS: readonly FieldDef<RepaymentSource>[] = [
  { name: 'record_type', value: () => RECORD_TYPES.repayment },
  { name: 'contract_ref', value: (r) => r.dealId },
  { name: 'contract_number', value: (r) => r.contractNumber },
  { name: 'phase', value: (r) => PHASE_CODES[r.phase] },
  { name: 'due_in_month', value: (r) => amount(r.dueInMonth) },
  { name: 'paid_in_month', value: (r) => amount(r.paidInMonth) },
  { name: 'overdue', value: (r) => amount(r.overdue) },
  { name: 'days_past_due', value: (r) => r.daysPastDue },
  { name: 'overdue_installments', value: (r) => r.overdueInstallments },
];

/** The record fields of each file. */
export const RECORD_FIELDS = { deals: DEAL_FIELDS, persons: PERSON_FIELDS, repi: REPAYMENT_FIELDS } as const;

/** One line, CRLF included. */
export function line<S>(fields: readonly FieldDef<S>[], source: S): string {
  return fields.map((f) => field(f.value(source))).join(SEPARATOR) + LINE_END;
}

export const headerLine = (context: FileContext) => line(HEADER_FIELDS, context);
export const trailerLine = (context: FileContext) => line(TRAILER_FIELDS, context);
export const dealLine = (source: DealSource) => line(DEAL_FIELDS, source);
export const personLine = (source: PersonSource) => line(PERSON_FIELDS, source);
export const repaymentLine = (source: RepaymentSource) => line(REPAYMENT_FIELDS, source);

/** The file's name for staff: `cncb-2026-10-smlouvy.txt`. */
export function fileName(part: FilePart, period: string): string {
  return `cncb-${period}-${{ deals: 'smlouvy', persons: 'osoby', repi: 'splaceni' }[part]}.txt`;
}
