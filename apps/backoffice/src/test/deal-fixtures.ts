import type { CloseOfBusinessRun, DealDetail, DealListItem } from '@lending/contracts';

// Deal records typed by the contracts (a contract change breaks the tests too).

export function dealListItem(overrides: Partial<DealListItem> = {}): DealListItem {
  return {
    id: 501,
    type: 'CONSUMER_LOAN',
    state: 'ACTIVE',
    closed_reason: null,
    value: '250000.00',
    contract_number: 'SU-2025-0501',
    variable_symbol: '2500050117',
    external_id: null,
    borrower: { id: 55, name: 'Jiří Dvořák' },
    days_past_due: 45,
    dpd_bucket: '31-60',
    breach_types: ['NON_PAYING'],
    abp: false,
    insolvency: false,
    liquidated: false,
    settings: [],
    outstanding: '231456.78',
    overdue: '12345.60',
    created_at: '2025-02-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function dealDetail(overrides: Partial<DealDetail> = {}): DealDetail {
  return {
    ...dealListItem(),
    lead_id: 101,
    allocation_profile: null,
    non_paying_after_days: 30,
    signed_at: '2025-02-10T09:00:00.000Z',
    activated_at: '2025-02-15T09:00:00.000Z',
    closed_at: null,
    note: null,
    credit: '0.00',
    deal_model: null,
    breaches: [{ id: 3, type: 'NON_PAYING', obligation_id: null, started_on: '2025-04-14', ended_on: null }],
    ...overrides,
  };
}

let runIds = 0;
export function closeOfBusinessRun(overrides: Partial<CloseOfBusinessRun> = {}): CloseOfBusinessRun {
  return {
    id: ++runIds,
    business_date: '2025-03-14',
    started_at: '2025-03-14T23:00:00.000Z',
    finished_at: '2025-03-14T23:00:04.500Z',
    stats: {
      trigger: 'JOB',
      runs: 1,
      duration_ms: 4500,
      serviced_deals: 1200,
      overdue_deals: 87,
      dpd_buckets: { '0': 1113, '1-30': 60, '31-60': 15, '61-90': 7, '91+': 5 },
      deals_dpd_changed: 90,
      penalty_claims_created: 12,
      penalty_claims_updated: 70,
      penalty_interest_accrued: '1834.27',
      breaches_started: 2,
      breaches_ended: 1,
    },
    ...overrides,
  };
}
