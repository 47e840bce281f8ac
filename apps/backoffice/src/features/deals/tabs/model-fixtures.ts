import type { ClaimsGroupView, ClaimsSettingView, ClaimView, DealDetail, DealModelView } from '@lending/contracts';

// Records of deal 7 typed by the contracts. The schedule is worked out by hand from the formulas
// (SERVICING.md §3), not taken from the engine: 10 000 Kč at 12 % p.a. over 3 months, annuity.
// Monthly rate 1 %: installment 10000 × 0.01 / (1 − 1.01⁻³) = 3400.2211… → 3400.22;
// interest 100.00, 66.9978 → 67.00, 33.6656 → 33.67; the last installment takes the rest of the
// principal (3366.56) and comes to 3400.23.

export function dealFacts(overrides: Partial<DealDetail> = {}): DealDetail {
  return {
    id: 7,
    type: 'CONSUMER_LOAN',
    state: 'CONTRACT_COMPLETION',
    closed_reason: null,
    value: '10000.00',
    contract_number: 'SU-2025-0007',
    variable_symbol: '2025000007',
    external_id: null,
    borrower: { id: 55, name: 'Jiří Dvořák' },
    days_past_due: 0,
    dpd_bucket: '0',
    breach_types: [],
    abp: false,
    insolvency: false,
    liquidated: false,
    settings: [],
    outstanding: '0.00',
    overdue: '0.00',
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    lead_id: 101,
    allocation_profile: null,
    non_paying_after_days: 30,
    signed_at: null,
    activated_at: null,
    closed_at: null,
    note: null,
    credit: '0.00',
    ...overrides,
  };
}

export function annuityModel(overrides: Partial<DealModelView> = {}): DealModelView {
  const row = (number: number, due_date: string, period_from: string, period_to: string, installment: string, principal: string, interest: string, balance: string) => ({
    number,
    due_date,
    period_from,
    period_to,
    installment,
    principal,
    interest,
    fees: '0.00',
    rent: '0.00',
    services_advance: '0.00',
    deposit: '0.00',
    purchase_price: '0.00',
    balance,
  });
  return {
    id: 31,
    deal_id: 7,
    version: 1,
    state: 'DRAFT',
    valid_from: null,
    name: null,
    principal: '10000.00',
    annual_interest_rate: '12.0000',
    term_months: 3,
    disbursement_date: '2025-04-15',
    first_due_date: '2025-05-15',
    due_day: 15,
    installment_type: 'ANNUITY',
    upfront_fee: '0.00',
    monthly_fee: '0.00',
    allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V2',
    schedule_kind: 'REGULAR',
    installment_value: '3400.22',
    rpsn: '12.68',
    parameters: null,
    schedule: [
      row(1, '2025-05-15', '2025-04-15', '2025-05-14', '3400.22', '3300.22', '100.00', '6699.78'),
      row(2, '2025-06-15', '2025-05-15', '2025-06-14', '3400.22', '3333.22', '67.00', '3366.56'),
      row(3, '2025-07-15', '2025-06-15', '2025-07-14', '3400.23', '3366.56', '33.67', '0.00'),
    ],
    totals: { installments: '10200.67', principal: '10000.00', interest: '200.67', fees: '0.00', rent: '0.00', services_advance: '0.00', deposit: '0.00', purchase_price: '0.00' },
    created_by_id: 7,
    activated_at: null,
    created_at: '2025-03-02T10:00:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function claim(overrides: Partial<ClaimView> = {}): ClaimView {
  return {
    id: 501,
    deal_id: 7,
    claims_group_id: 71,
    type: 'PRINCIPAL',
    creditor_id: null,
    due_date: '2025-05-15',
    amount: '3300.22',
    paid_amount: '1000.00',
    outstanding: '2300.22',
    description: null,
    source_claim_id: null,
    rate: null,
    accrued_through: null,
    cancelled_at: null,
    created_at: '2025-04-15T08:00:00.000Z',
    updated_at: '2025-04-15T08:00:00.000Z',
    ...overrides,
  };
}

export function claimsGroup(overrides: Partial<ClaimsGroupView> = {}): ClaimsGroupView {
  const claims = overrides.claims ?? [claim(), claim({ id: 502, type: 'INTEREST', amount: '100.00', paid_amount: '100.00', outstanding: '0.00' })];
  return {
    id: 71,
    deal_id: 7,
    deal_model_id: 31,
    kind: 'REGULAR',
    number: 1,
    due_date: '2025-05-15',
    period_from: '2025-04-15',
    period_to: '2025-05-14',
    balance: '6699.78',
    note: null,
    amount: '3400.22',
    paid_amount: '1100.00',
    outstanding: '2300.22',
    cancelled_at: null,
    claims,
    created_at: '2025-04-15T08:00:00.000Z',
    updated_at: '2025-04-15T08:00:00.000Z',
    ...overrides,
  };
}

export function claimsSetting(overrides: Partial<ClaimsSettingView> = {}): ClaimsSettingView {
  return {
    id: 11,
    deal_id: 7,
    type: 'PENALTY_INTEREST',
    amount: null,
    rate: null,
    due_day: null,
    grace_days: 5,
    is_enabled: true,
    note: null,
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}
