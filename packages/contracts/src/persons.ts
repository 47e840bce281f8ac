import { z } from './zod-config.ts';
import {
  AddressType,
  ContactType,
  DealState,
  DealType,
  DistraintState,
  IdentificationType,
  LeadSource,
  LeadState,
  PersonRole,
  ProcessingState,
  RealtyRightType,
  RealtyType,
  ScreeningType,
} from './enums.ts';
import { formMessages } from './forms/messages.ts';
import { money, moneyInput } from './money.ts';
import { birthNumberField, companyIdField, emailField, identityCardField, normalisePhone, phoneField } from './forms/person.ts';
import { booleanQuery, commaList, exportFormatQuery, idQuery, orderingQuery, pageQuery } from './query.ts';

// Persons of the back-office (backoffice.md §3 and §7 "Persons"; docs/decisions/0009-persons-api.md).
// The API validates with these schemas and answers these shapes; the back-office builds its
// screens and forms from them.

// ---------------------------------------------------------------------------------------------
// Messages and helpers
// ---------------------------------------------------------------------------------------------

export const personMessages = {
  required: formMessages.required,
  duplicateBirthNumber: formMessages.duplicatePerson,
  birthNumberInvalid: formMessages.birthNumberInvalid,
  companyIdInvalid: formMessages.companyIdInvalid,
  identityCardInvalid: formMessages.identityCardInvalid,
  phone: formMessages.phone,
  email: formMessages.email,
  companyIdRequired: 'U právnické osoby je IČO povinné.',
  companyNameRequired: 'U právnické osoby je název firmy povinný.',
  birthNumberRequired: 'U fyzické osoby je rodné číslo povinné.',
  birthNumberNotForCompany: 'Právnická osoba nemá rodné číslo.',
  zip: 'Zadejte PSČ jako 5 číslic, např. 110 00.',
  country: 'Zadejte kód země podle ISO 3166 (dvě písmena, např. CZ).',
  houseNumber: 'Zadejte číslo popisné nebo orientační, např. 846/1.',
  contactValueEmail: formMessages.email,
  contactValuePhone: formMessages.phone,
  duplicateLabel: 'Osoba už má štítek s tímto názvem.',
  duplicateContact: 'Osoba už tento kontakt má.',
  labelColor: 'Zadejte barvu ve tvaru #RRGGBB.',
  reasonRequired: 'Uveďte důvod zařazení na černou listinu.',
  booleanQuery: 'Zadejte true nebo false.',
  idList: 'Zadejte čísla oddělená čárkou.',
  positiveId: 'Zadejte kladné celé číslo.',
} as const;

/** A birth number as people write it: YYMMDD/XXXX (stored as digits only). */
export function formatBirthNumber(value: string): string {
  const digits = value.replace(/[\s/]/g, '');
  return digits.length >= 9 ? `${digits.slice(0, 6)}/${digits.slice(6)}` : digits;
}

/** A birth number in lists: the date part only, the serial hidden (`905101/****`). */
export function maskBirthNumber(value: string): string {
  const digits = value.replace(/[\s/]/g, '');
  return `${digits.slice(0, 6)}/${'*'.repeat(Math.max(3, digits.length - 6))}`;
}

/** An identity-card (or other document) number masked: all but its last 3 characters hidden (`******678`). */
export function maskIdentityCard(value: string): string {
  const clean = value.replace(/\s/g, '');
  return `${'*'.repeat(Math.max(3, clean.length - 3))}${clean.slice(-3)}`;
}

/** The name staff see: first and last name of a natural person, the company name of a legal one. */
export function personDisplayName(p: { identification_type: IdentificationType; first_name: string | null; last_name: string | null; company_name: string | null }): string {
  const natural = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return (p.identification_type === 'ICO' ? p.company_name || natural : natural || p.company_name) || '';
}

// Optional text: '' and null mean "no value" (clears the field on update).
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());
const nullable = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---------------------------------------------------------------------------------------------
// Person: requests
// ---------------------------------------------------------------------------------------------

/** Fields of a person body; PUT and POST require the rules of {@link personRuleIssues}, PATCH any subset. */
export const personFields = z.object({
  identification_type: IdentificationType.schema.default('BIRTH_NUMBER'),
  first_name: optionalText(100),
  last_name: optionalText(100),
  company_name: optionalText(200),
  /** 10 digits (9 before 1954), with or without the slash; stored without it. */
  birth_number: nullable(birthNumberField),
  /** IČO: of the company (legal person) or of the trade licence (self-employed natural person). */
  company_id: nullable(companyIdField),
  identity_card: nullable(identityCardField),
  email: nullable(emailField),
  /** Czech or Slovak number; stored as typed and in E.164. */
  phone: nullable(phoneField),
  /** ISO 3166 alpha-2 code. */
  citizenship: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
    z.string().regex(/^[A-Z]{2}$/, personMessages.country).nullable().optional(),
  ),
  note: optionalText(5000),
  is_internal: z.boolean().default(false),
  has_execution: z.boolean().default(false),
  has_insolvency: z.boolean().default(false),
});

export interface PersonRuleInput {
  identification_type: IdentificationType;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  birth_number?: string | null;
  company_id?: string | null;
}

/**
 * Cross-field rules: a natural person (BIRTH_NUMBER) has first and last name and a birth
 * number (a company_id too when self-employed); a legal person (ICO) has a company name and
 * an IČO and no birth number. Checked on the person as it will be saved (PATCH: merged).
 */
export function personRuleIssues(p: PersonRuleInput): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (p.identification_type === 'BIRTH_NUMBER') {
    if (!p.first_name) issues.push({ path: 'first_name', message: personMessages.required });
    if (!p.last_name) issues.push({ path: 'last_name', message: personMessages.required });
    if (!p.birth_number) issues.push({ path: 'birth_number', message: personMessages.birthNumberRequired });
  } else {
    if (!p.company_name) issues.push({ path: 'company_name', message: personMessages.companyNameRequired });
    if (!p.company_id) issues.push({ path: 'company_id', message: personMessages.companyIdRequired });
    if (p.birth_number) issues.push({ path: 'birth_number', message: personMessages.birthNumberNotForCompany });
  }
  return issues;
}

const withRules = <T extends z.ZodType<PersonRuleInput>>(schema: T) =>
  schema.superRefine((p, ctx) => {
    for (const issue of personRuleIssues(p)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

/** POST /persons/ */
export const personCreateRequest = withRules(personFields);
export type PersonCreateRequest = z.infer<typeof personCreateRequest>;
export type PersonCreateRequestInput = z.input<typeof personCreateRequest>;

/** PUT /persons/{id}/: the whole person; fields left out are cleared (booleans: false). */
export const personUpdateRequest = personCreateRequest;
export type PersonUpdateRequest = PersonCreateRequest;

/** PATCH /persons/{id}/: only the fields sent change; the merged person must still pass the rules. */
export const personPatchRequest = z.object({
  identification_type: IdentificationType.schema.optional(),
  first_name: personFields.shape.first_name,
  last_name: personFields.shape.last_name,
  company_name: personFields.shape.company_name,
  birth_number: personFields.shape.birth_number,
  company_id: personFields.shape.company_id,
  identity_card: personFields.shape.identity_card,
  email: personFields.shape.email,
  phone: personFields.shape.phone,
  citizenship: personFields.shape.citizenship,
  note: personFields.shape.note,
  is_internal: z.boolean().optional(),
  has_execution: z.boolean().optional(),
  has_insolvency: z.boolean().optional(),
});
export type PersonPatchRequest = z.infer<typeof personPatchRequest>;

// ---------------------------------------------------------------------------------------------
// Person: list query (GET /persons/)
// ---------------------------------------------------------------------------------------------

export const PERSON_ORDERING_FIELDS = ['id', 'last_name', 'first_name', 'company_name', 'created_at', 'updated_at'] as const;
export type PersonOrderingField = (typeof PERSON_ORDERING_FIELDS)[number];
export const PERSON_DEFAULT_ORDERING = '-created_at';

/**
 * Query of GET /persons/. Booleans: true/false (1/0). `excluded_ids`: comma-joined ids.
 * `ordering`: a field of PERSON_ORDERING_FIELDS, `-` for descending, several comma-joined.
 * `search`: words of a name, company name, e-mail, phone, birth number (prefix, with or without
 * the slash) or IČO; diacritics do not matter.
 */
export const personListQuery = pageQuery.extend({
  birth_number: z
    .string()
    .transform((v) => v.replace(/[\s/]/g, ''))
    .pipe(z.string().regex(/^\d{9,10}$/, personMessages.birthNumberInvalid))
    .optional(),
  company_id: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, personMessages.companyIdInvalid))
    .optional(),
  excluded_ids: commaList(idQuery, { message: personMessages.idList }).optional(),
  /** Has an IČO: a legal person, or a self-employed natural person. */
  has_company: booleanQuery.optional(),
  /** Participates in any deal (any role). */
  has_deal: booleanQuery.optional(),
  has_execution: booleanQuery.optional(),
  has_insolvency: booleanQuery.optional(),
  /** Participates in some deal with this role. */
  has_role: PersonRole.schema.optional(),
  id: idQuery.optional(),
  identification: IdentificationType.schema.optional(),
  /** Has a blacklist entry. */
  is_blacklisted: booleanQuery.optional(),
  is_internal: booleanQuery.optional(),
  search: z.string().trim().max(200).optional(),
  ordering: orderingQuery(PERSON_ORDERING_FIELDS, PERSON_DEFAULT_ORDERING),
});
export type PersonListQuery = z.output<typeof personListQuery>;
/** The filters and ordering of the list, without its paging: what the export takes too. */
export type PersonFilters = Omit<PersonListQuery, 'page' | 'page_size'>;

/** Query of GET /persons/export/: the list's filters and ordering, without paging, and the file format. */
export const personExportQuery = personListQuery.omit({ page: true, page_size: true }).extend({ format: exportFormatQuery });
export type PersonExportQuery = z.output<typeof personExportQuery>;

// ---------------------------------------------------------------------------------------------
// Person: responses
// ---------------------------------------------------------------------------------------------

const personCore = {
  id: z.number().int(),
  identification_type: IdentificationType.schema,
  /** Display name: first and last name, or the company name of a legal person. */
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  birth_date: isoDay.nullable(),
  company_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_internal: z.boolean(),
  has_execution: z.boolean(),
  has_insolvency: z.boolean(),
  is_blacklisted: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
};

/** A row of GET /persons/: the birth number masked (`905101/****`), no identity card. */
export const personListItem = z.object({
  ...personCore,
  /** The phone in E.164, null when it is not a valid Czech or Slovak number (shown as typed then). */
  phone_e164: z.string().nullable(),
  birth_number_masked: z.string().nullable(),
  has_deal: z.boolean(),
});
export type PersonListItem = z.infer<typeof personListItem>;

export const personAddress = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  type: AddressType.schema,
  street: z.string().nullable(),
  house_number: z.string().nullable(),
  city: z.string().nullable(),
  /** "110 00" */
  zip: z.string().nullable(),
  district: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  /** Composed by the API: "Václavské náměstí 846/1, 110 00 Praha". */
  whole_address: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type PersonAddress = z.infer<typeof personAddress>;

export const personContact = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  type: ContactType.schema,
  /** E-mail lower-cased; phone in E.164 (+420…). */
  value: z.string(),
  is_primary: z.boolean(),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type PersonContact = z.infer<typeof personContact>;

export const personLabel = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type PersonLabel = z.infer<typeof personLabel>;

export const blacklistEntry = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  reason: z.string(),
  /** Staff user who added it. */
  created_by_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntry>;

/**
 * GET/PUT/PATCH /persons/{id}/ (and POST /persons/): everything, but the birth number and the
 * identity card masked for every role (docs/decisions/0046); a role holding
 * `persons.identifiers.read` reads them in full from POST /persons/{id}/reveal-identifiers/.
 */
export const personDetail = z.object({
  ...personCore,
  /** Masked like the list's: `YYMMDD/****`. */
  birth_number: z.string().nullable(),
  /** Masked: all but the last 3 characters as `*` (`******678`). */
  identity_card: z.string().nullable(),
  /** Always true: `birth_number` and `identity_card` are masked, never to be sent back as values. */
  identifiers_masked: z.literal(true),
  /** The phone in E.164, null when it is not a valid Czech or Slovak number. */
  phone_e164: z.string().nullable(),
  citizenship: z.string().nullable(),
  note: z.string().nullable(),
  /** Id of the person in the CRM (Pipedrive). */
  external_id: z.string().nullable(),
  addresses: z.array(personAddress),
  contacts: z.array(personContact),
  labels: z.array(personLabel),
  blacklist_entries: z.array(blacklistEntry),
});
export type PersonDetail = z.infer<typeof personDetail>;

/** POST /persons/{id}/reveal-identifiers/: why staff look (optional, recorded in the audit log). */
export const revealIdentifiersRequest = z.object({
  reason: optionalText(500),
});
export type RevealIdentifiersRequest = z.infer<typeof revealIdentifiersRequest>;

/** The person's birth number (YYMMDD/XXXX) and identity card in full; each answer is audited. */
export const revealedIdentifiers = z.object({
  birth_number: z.string().nullable(),
  identity_card: z.string().nullable(),
});
export type RevealedIdentifiers = z.infer<typeof revealedIdentifiers>;

const countsBy = <E extends z.ZodEnum>(states: E) => z.object({ total: z.number().int(), by_state: z.record(states, z.number().int()) });

export const latestScreening = z.object({
  id: z.number().int(),
  type: ScreeningType.schema,
  state: ProcessingState.schema,
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type LatestScreening = z.infer<typeof latestScreening>;

/** GET /persons/{id}/person/: the header of the person detail. */
export const personSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  identification_type: IdentificationType.schema,
  /** The birth number masked (`YYMMDD/****`) or the IČO the person is identified by. */
  identification: z.string().nullable(),
  company_id: z.string().nullable(),
  is_internal: z.boolean(),
  is_blacklisted: z.boolean(),
  has_insolvency: z.boolean(),
  has_execution: z.boolean(),
  /** Every state is present, 0 when none. */
  deals: countsBy(DealState.schema),
  leads: countsBy(LeadState.schema),
  /** Distraints not FINISHED (ACTIVE or SUSPENDED). */
  open_distraints: z.number().int(),
  distraints_total: z.number().int(),
  realty_rights: z.number().int(),
  labels: z.array(personLabel),
  /** The newest screening of each type run on the person, newest first. */
  latest_screenings: z.array(latestScreening),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** POST /persons/{id}/lead/ (no body): the new lead, source BACKOFFICE, state NEW. */
export const personLead = z.object({
  id: z.number().int(),
  source: LeadSource.schema,
  state: LeadState.schema,
  person_id: z.number().int(),
  deal_type: DealType.schema.nullable(),
  value: money.nullable(),
  created_at: z.iso.datetime(),
});
export type PersonLead = z.infer<typeof personLead>;

// ---------------------------------------------------------------------------------------------
// Address, contact, label, blacklist: requests
// ---------------------------------------------------------------------------------------------

/** POST /persons/{personId}/address/ and PUT …/address/{id}/ (whole_address is composed, never sent). */
export const personAddressRequest = z.object({
  type: AddressType.schema,
  street: optionalText(120),
  house_number: z.preprocess(
    blankToNull,
    z.string().trim().max(20).regex(/^\d+[a-zA-Z]?(\/\d+[a-zA-Z]?)?$/, personMessages.houseNumber).nullable().optional(),
  ),
  city: z.string({ error: personMessages.required }).trim().min(1, personMessages.required).max(120),
  zip: z
    .string({ error: personMessages.required })
    .trim()
    .regex(/^\d{3} ?\d{2}$/, personMessages.zip)
    .transform((v) => v.replace(/^(\d{3}) ?(\d{2})$/, '$1 $2')),
  district: optionalText(120),
  region: optionalText(120),
  country: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z]{2}$/, personMessages.country)).default('CZ'),
});
export type PersonAddressRequest = z.infer<typeof personAddressRequest>;
export type PersonAddressRequestInput = z.input<typeof personAddressRequest>;

/** "Street 12/3, 110 00 City" ("City 12, …" without a street); the country when not CZ. */
export function composeWholeAddress(a: { street?: string | null; house_number?: string | null; city: string; zip: string; country?: string }): string {
  const line = [a.street || a.city, a.house_number].filter(Boolean).join(' ');
  return [line, `${a.zip} ${a.city}`, a.country && a.country !== 'CZ' ? a.country : null].filter(Boolean).join(', ');
}

const contactValue = (type: 'EMAIL' | 'PHONE', value: string) => {
  if (type === 'EMAIL') {
    const parsed = emailField.safeParse(value);
    return parsed.success ? { value: parsed.data } : { error: personMessages.contactValueEmail };
  }
  const e164 = normalisePhone(value);
  return e164 ? { value: e164 } : { error: personMessages.contactValuePhone };
};

/** Validates and normalises a contact value of its type: e-mail lower-cased, phone to E.164. */
export function normaliseContactValue(type: 'EMAIL' | 'PHONE', value: string): { value: string } | { error: string } {
  return contactValue(type, value);
}

const contactBase = z.object({
  type: ContactType.schema,
  value: z.string({ error: personMessages.required }).trim().min(1, personMessages.required).max(254),
  /** Exactly one primary contact per type: setting it unsets the others. */
  is_primary: z.boolean().default(false),
  note: optionalText(500),
});

/** POST /persons/{personId}/contact/ and PUT …/contact/{id}/ */
export const personContactRequest = contactBase.transform((c, ctx) => {
  const checked = contactValue(c.type, c.value);
  if ('error' in checked) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: checked.error });
    return z.NEVER;
  }
  return { ...c, value: checked.value };
});
export type PersonContactRequest = z.infer<typeof personContactRequest>;
export type PersonContactRequestInput = z.input<typeof personContactRequest>;

/** PATCH …/contact/{id}/: any subset; the value is checked against the (new or current) type. */
export const personContactPatchRequest = z.object({
  type: ContactType.schema.optional(),
  value: contactBase.shape.value.optional(),
  is_primary: z.boolean().optional(),
  note: contactBase.shape.note,
});
export type PersonContactPatchRequest = z.infer<typeof personContactPatchRequest>;

/** POST /persons/{personId}/labels/ */
export const personLabelRequest = z.object({
  name: z.string({ error: personMessages.required }).trim().min(1, personMessages.required).max(50),
  color: z.preprocess(blankToNull, z.string().regex(/^#[0-9a-fA-F]{6}$/, personMessages.labelColor).nullable().optional()),
});
export type PersonLabelRequest = z.infer<typeof personLabelRequest>;

/** POST /persons/{personId}/blacklist/ (ADMIN, UNDERWRITER) */
export const blacklistEntryRequest = z.object({
  reason: z.string({ error: personMessages.reasonRequired }).trim().min(1, personMessages.reasonRequired).max(2000),
});
export type BlacklistEntryRequest = z.infer<typeof blacklistEntryRequest>;

export const PERSON_LABEL_ORDERING_FIELDS = ['id', 'name', 'created_at'] as const;

/** Query of GET /persons/{personId}/labels/ (all labels, by name by default). */
export const personLabelListQuery = z.object({ ordering: orderingQuery(PERSON_LABEL_ORDERING_FIELDS, 'name') });
export type PersonLabelListQuery = z.output<typeof personLabelListQuery>;

// ---------------------------------------------------------------------------------------------
// Related deals
// ---------------------------------------------------------------------------------------------

/** The deal types a person's deal can be created with (backoffice.md §3: person-deal calls know these two). */
export const PersonDealType = z.enum(['CONSUMER_LOAN', 'INVESTMENT_LOAN']);
export type PersonDealType = z.infer<typeof PersonDealType>;

/** POST /persons/{personId}/deals/: a new deal (state NEW_APPLICATION) with the person in `role`. */
export const personDealRequest = z.object({
  type: PersonDealType,
  value: moneyInput({ min: 'positive' }),
  role: PersonRole.schema.default('BORROWER'),
  note: optionalText(2000),
});
export type PersonDealRequest = z.infer<typeof personDealRequest>;
export type PersonDealRequestInput = z.input<typeof personDealRequest>;

/** A row of GET /persons/{personId}/deals/: the deal and the person's role(s) in it. */
export const personDealItem = z.object({
  id: z.number().int(),
  type: DealType.schema,
  state: DealState.schema,
  value: money,
  contract_number: z.string().nullable(),
  variable_symbol: z.string().nullable(),
  roles: z.array(PersonRole.schema),
  created_at: z.iso.datetime(),
  closed_at: z.iso.datetime().nullable(),
});
export type PersonDealItem = z.infer<typeof personDealItem>;

/** Query of GET /persons/{personId}/deals/: pages, `state`. */
export const personDealListQuery = pageQuery.extend({ state: DealState.schema.optional() });
export type PersonDealListQuery = z.output<typeof personDealListQuery>;

// ---------------------------------------------------------------------------------------------
// Distraints and realty rights
// ---------------------------------------------------------------------------------------------

export const distraint = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  screening_id: z.number().int().nullable(),
  /** Spisová značka of the execution, e.g. "120 EX 1234/21". */
  file_mark: z.string(),
  executor: z.string().nullable(),
  creditor: z.string().nullable(),
  amount: money.nullable(),
  state: DistraintState.schema,
  started_at: isoDay.nullable(),
  ended_at: isoDay.nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Distraint = z.infer<typeof distraint>;

/** PATCH /persons/{personId}/distraint/{id}/: FINISHED sets ended_at (today) when empty. */
export const distraintPatchRequest = z.object({
  state: DistraintState.schema.optional(),
  note: optionalText(5000),
});
export type DistraintPatchRequest = z.infer<typeof distraintPatchRequest>;

export const DISTRAINT_ORDERING_FIELDS = ['id', 'file_mark', 'state', 'amount', 'started_at', 'created_at'] as const;

/** Query of GET /persons/{personId}/distraint/ (all distraints, newest start first by default). */
export const distraintListQuery = z.object({ ordering: orderingQuery(DISTRAINT_ORDERING_FIELDS, '-started_at') });
export type DistraintListQuery = z.output<typeof distraintListQuery>;

export const realtyRight = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  realty_id: z.number().int().nullable(),
  screening_id: z.number().int().nullable(),
  type: RealtyRightType.schema,
  share_numerator: z.number().int().nullable(),
  share_denominator: z.number().int().nullable(),
  /** "1/2", null when the whole. */
  share: z.string().nullable(),
  lv_number: z.string().nullable(),
  cadastral_area_code: z.string().nullable(),
  cadastral_area_name: z.string().nullable(),
  description: z.string().nullable(),
  realty: z.object({ id: z.number().int(), type: RealtyType.schema, whole_address: z.string().nullable() }).nullable(),
  created_at: z.iso.datetime(),
});
export type RealtyRight = z.infer<typeof realtyRight>;

export const REALTY_RIGHT_ORDERING_FIELDS = ['id', 'type', 'lv_number', 'cadastral_area_name', 'created_at'] as const;

/** Query of GET /persons/{personId}/realty-rights/ (all rights, by cadastral area by default). */
export const realtyRightListQuery = z.object({ ordering: orderingQuery(REALTY_RIGHT_ORDERING_FIELDS, 'cadastral_area_name') });
export type RealtyRightListQuery = z.output<typeof realtyRightListQuery>;
