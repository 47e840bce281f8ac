import type {
  ApplicationClosedReasonView,
  LeadDetail,
  LeadListItem,
  PersonDetail,
  PersonListItem,
  PersonSummary,
  ScreeningDetail,
  ScreeningListItem,
} from '@lending/contracts';

// Realistic Czech records typed by the contracts, so a contract change breaks the tests too.

export function leadListItem(overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id: 101,
    state: 'NEW',
    source: 'PORTAL',
    deal_type: 'CONSUMER_LOAN',
    value: '150000.00',
    installment_value: '4500.00',
    person: { id: 55, name: 'Jiří Dvořák' },
    created_at: '2025-03-03T09:15:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    closed_reason: null,
    offer_applied: false,
    ...overrides,
  };
}

export function leadDetail(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...leadListItem(),
    purpose: null,
    external_id: null,
    person_summary: {
      id: 55,
      name: 'Jiří Dvořák',
      first_name: 'Jiří',
      last_name: 'Dvořák',
      company_name: null,
      company_id: null,
      email: 'jiri.dvorak@seznam.cz',
      phone: '603 123 456',
      phone_e164: '+420603123456',
      birth_date: '1985-04-12',
      permanent_address: 'Husova 12, 602 00 Brno',
      has_execution: false,
      has_insolvency: false,
      is_blacklisted: false,
    },
    utm: { source: null, campaign: null, medium: null },
    participants: [],
    realty: null,
    application_form: {
      id: 9,
      token: 'f0c1b2a3-token',
      type: 'CONSUMER_LOAN',
      deal_type: 'CONSUMER_LOAN',
      state: 'COLLATERAL_INFO',
      offer_applied: false,
      documents_count: 1,
      created_at: '2025-03-03T09:15:00.000Z',
      updated_at: '2025-03-03T09:40:00.000Z',
      closed_at: null,
    },
    offers: [],
    emails: [],
    closed_note: null,
    closed_at: null,
    assigned_to_id: null,
    deal_id: null,
    actions: { issue_offer: { allowed: true, reason: null }, resend_form: { allowed: true, reason: null }, close: { allowed: true, reason: null } },
    ...overrides,
  };
}

export const closedReasons: ApplicationClosedReasonView[] = [
  { id: 3, code: 'CLIENT_NOT_INTERESTED', name: 'Klient nemá zájem', order: 2, is_active: true },
  { id: 1, code: 'INSUFFICIENT_INCOME', name: 'Nedostatečný příjem', order: 1, is_active: true },
  { id: 8, code: 'OLD', name: 'Zrušený důvod', order: 3, is_active: false },
];

export function personListItem(overrides: Partial<PersonListItem> = {}): PersonListItem {
  return {
    id: 55,
    identification_type: 'BIRTH_NUMBER',
    name: 'Jiří Dvořák',
    first_name: 'Jiří',
    last_name: 'Dvořák',
    company_name: null,
    birth_date: '1985-04-12',
    company_id: null,
    email: 'jiri.dvorak@seznam.cz',
    phone: '603 123 456',
    phone_e164: '+420603123456',
    is_internal: false,
    has_execution: false,
    has_insolvency: true,
    is_blacklisted: false,
    created_at: '2025-01-10T08:00:00.000Z',
    updated_at: '2025-01-10T08:00:00.000Z',
    birth_number_masked: '850412/****',
    has_deal: true,
    ...overrides,
  };
}

export function personDetail(overrides: Partial<PersonDetail> = {}): PersonDetail {
  const { birth_number_masked: _masked, has_deal: _hasDeal, ...core } = personListItem();
  return {
    ...core,
    // As the API answers every role: masked (docs/decisions/0046); POST …/reveal-identifiers/ has them.
    birth_number: '850412/****',
    identity_card: '******345',
    identifiers_masked: true,
    phone_e164: '+420603123456',
    citizenship: 'CZ',
    note: null,
    external_id: null,
    addresses: [],
    contacts: [],
    labels: [],
    blacklist_entries: [],
    ...overrides,
  };
}

export function personSummary(overrides: Partial<PersonSummary> = {}): PersonSummary {
  return {
    id: 55,
    name: 'Jiří Dvořák',
    identification_type: 'BIRTH_NUMBER',
    identification: '850412/****',
    company_id: null,
    is_internal: false,
    is_blacklisted: false,
    has_insolvency: true,
    has_execution: false,
    deals: {
      total: 0,
      by_state: { ACTIVE: 0, CLOSED: 0, CLOSED_APPLICATION: 0, CONTRACT_COMPLETION: 0, CONTRACT_SIGN: 0, FILED_FOR_INSOLVENCY: 0, NEW_APPLICATION: 0 },
    },
    leads: { total: 1, by_state: { NEW: 1, IN_PROGRESS: 0, OFFER_SENT: 0, OFFER_ACCEPTED: 0, CONVERTED: 0, CLOSED: 0 } },
    open_distraints: 0,
    distraints_total: 0,
    realty_rights: 0,
    labels: [],
    latest_screenings: [],
    ...overrides,
  };
}

export function screeningDetail(overrides: Partial<ScreeningDetail> = {}): ScreeningDetail {
  return {
    id: 31,
    person_id: 55,
    person: { id: 55, name: 'Jiří Dvořák', identification_type: 'BIRTH_NUMBER', identification_masked: '850412/****' },
    type: 'ISIR_INSOLVENCY',
    type_label: 'Insolvenční rejstřík (ISIR)',
    state: 'PENDING',
    state_label: 'Čeká na zpracování',
    created_at: '2025-03-05T10:00:00.000Z',
    finished_at: null,
    requested_by: { id: 7, email: 'jana.dvorakova@demo.cz' },
    outcome: null,
    outcome_label: null,
    summary: null,
    has_file: false,
    download_url: null,
    zobi_url: null,
    error: null,
    attempts: 0,
    result: null,
    updated_at: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function finishedScreening(): ScreeningDetail {
  return screeningDetail({
    state: 'FINISHED',
    state_label: 'Dokončeno',
    finished_at: '2025-03-05T10:00:05.000Z',
    outcome: 'RISK',
    outcome_label: 'Rizikový nález',
    summary: 'Nalezeno 1 insolvenční řízení (KSBR 27 INS 1234/2025).',
    has_file: true,
    download_url: '/api/v1/persons/55/screenings/31/download/',
  });
}

export function asListItem(screening: ScreeningDetail): ScreeningListItem {
  const { result: _result, updated_at: _updated, ...item } = screening;
  return item;
}
