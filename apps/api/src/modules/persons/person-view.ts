import {
  maskBirthNumber,
  maskIdentityCard,
  moneyOf,
  personDisplayName,
  type BlacklistEntry as BlacklistEntryView,
  type Distraint as DistraintView,
  type PersonAddress as PersonAddressView,
  type PersonContact as PersonContactView,
  type PersonDealItem,
  type PersonDetail,
  type PersonLabel as PersonLabelView,
  type RealtyRight as RealtyRightView,
} from '@lending/contracts';
import type { BlacklistEntry, Deal, Distraint, Person, PersonAddress, PersonContact, PersonLabel, Prisma, Realty, RealtyRight } from '../../generated/prisma/client.ts';
import { notFound } from '../../domain/errors.ts';

export type Tx = Prisma.TransactionClient;
export type Db = Pick<Tx, 'person'>;

const iso = (d: Date) => d.toISOString();
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** 404 unless the person exists; every sub-resource starts here. */
export async function requirePerson(db: Db, id: number): Promise<Person> {
  const person = await db.person.findUnique({ where: { id } });
  if (!person) throw notFound();
  return person;
}

export const displayName = (p: Pick<Person, 'identificationType' | 'firstName' | 'lastName' | 'companyName'>) =>
  personDisplayName({ identification_type: p.identificationType, first_name: p.firstName, last_name: p.lastName, company_name: p.companyName });

function core(p: Person, isBlacklisted: boolean) {
  return {
    id: p.id,
    identification_type: p.identificationType,
    name: displayName(p),
    first_name: p.firstName,
    last_name: p.lastName,
    company_name: p.companyName,
    birth_date: day(p.birthDate),
    company_id: p.companyId,
    email: p.email,
    phone: p.phone,
    is_internal: p.isInternal,
    has_execution: p.hasExecution,
    has_insolvency: p.hasInsolvency,
    is_blacklisted: isBlacklisted,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

export const toAddress = (a: PersonAddress): PersonAddressView => ({
  id: a.id,
  person_id: a.personId,
  type: a.type,
  street: a.street,
  house_number: a.houseNumber,
  city: a.city,
  zip: a.zip,
  district: a.district,
  region: a.region,
  country: a.country,
  whole_address: a.wholeAddress,
  created_at: iso(a.createdAt),
  updated_at: iso(a.updatedAt),
});

export const toContact = (c: PersonContact): PersonContactView => ({
  id: c.id,
  person_id: c.personId,
  type: c.type,
  value: c.value,
  is_primary: c.isPrimary,
  note: c.note,
  created_at: iso(c.createdAt),
  updated_at: iso(c.updatedAt),
});

export const toLabel = (l: PersonLabel): PersonLabelView => ({
  id: l.id,
  person_id: l.personId,
  name: l.name,
  color: l.color,
  created_at: iso(l.createdAt),
  updated_at: iso(l.updatedAt),
});

export const toBlacklistEntry = (b: BlacklistEntry): BlacklistEntryView => ({
  id: b.id,
  person_id: b.personId,
  reason: b.reason,
  created_by_id: b.createdById,
  created_at: iso(b.createdAt),
});

export const detailInclude = {
  addresses: { orderBy: [{ type: 'asc' }, { id: 'asc' }] },
  contacts: { orderBy: [{ type: 'asc' }, { isPrimary: 'desc' }, { id: 'asc' }] },
  labels: { orderBy: [{ name: 'asc' }] },
  blacklistEntries: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
} as const satisfies Prisma.PersonInclude;

type PersonWithDetail = Person & { addresses: PersonAddress[]; contacts: PersonContact[]; labels: PersonLabel[]; blacklistEntries: BlacklistEntry[] };

/**
 * The detail staff see: birth number and identity card masked for every role, so that a page view
 * (or an answer in a log) never carries them; POST …/reveal-identifiers/ answers them in full,
 * audited (ROLES.md §1, docs/decisions/0046).
 */
export function toDetail(p: PersonWithDetail): PersonDetail {
  return {
    ...core(p, p.blacklistEntries.length > 0),
    birth_number: p.birthNumber ? maskBirthNumber(p.birthNumber) : null,
    identity_card: p.identityCard ? maskIdentityCard(p.identityCard) : null,
    identifiers_masked: true,
    phone_e164: p.phoneE164,
    citizenship: p.citizenship,
    note: p.note,
    external_id: p.externalId,
    addresses: p.addresses.map(toAddress),
    contacts: p.contacts.map(toContact),
    labels: p.labels.map(toLabel),
    blacklist_entries: p.blacklistEntries.map(toBlacklistEntry),
  };
}

export async function loadDetail(db: Pick<Tx, 'person'>, id: number): Promise<PersonDetail> {
  const person = await db.person.findUnique({ where: { id }, include: detailInclude });
  if (!person) throw notFound();
  return toDetail(person);
}

export const toDistraint = (d: Distraint): DistraintView => ({
  id: d.id,
  person_id: d.personId,
  screening_id: d.screeningId,
  file_mark: d.fileMark,
  executor: d.executor,
  creditor: d.creditor,
  amount: moneyOf(d.amount),
  state: d.state,
  started_at: day(d.startedAt),
  ended_at: day(d.endedAt),
  note: d.note,
  created_at: iso(d.createdAt),
  updated_at: iso(d.updatedAt),
});

export const toRealtyRight = (r: RealtyRight & { realty: Realty | null }): RealtyRightView => ({
  id: r.id,
  person_id: r.personId,
  realty_id: r.realtyId,
  screening_id: r.screeningId,
  type: r.type,
  share_numerator: r.shareNumerator,
  share_denominator: r.shareDenominator,
  share: r.shareNumerator !== null && r.shareDenominator !== null ? `${r.shareNumerator}/${r.shareDenominator}` : null,
  lv_number: r.lvNumber,
  cadastral_area_code: r.cadastralAreaCode,
  cadastral_area_name: r.cadastralAreaName,
  description: r.description,
  realty: r.realty ? { id: r.realty.id, type: r.realty.type, whole_address: r.realty.wholeAddress } : null,
  created_at: iso(r.createdAt),
});

export const toPersonDeal = (d: Deal, roles: PersonDealItem['roles']): PersonDealItem => ({
  id: d.id,
  type: d.type,
  state: d.state,
  value: moneyOf(d.value)!,
  contract_number: d.contractNumber,
  variable_symbol: d.variableSymbol,
  roles,
  created_at: iso(d.createdAt),
  closed_at: d.closedAt ? iso(d.closedAt) : null,
});

/** Audit `changes` without personal identifiers: birth numbers and identity cards become '***'. */
export function auditChanges(values: Record<string, unknown>): Prisma.InputJsonObject {
  const out: Record<string, Prisma.InputJsonValue | null> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[key] = ['birth_number', 'identity_card'].includes(key) && value !== null ? '***' : (value as Prisma.InputJsonValue | null);
  }
  return out;
}
