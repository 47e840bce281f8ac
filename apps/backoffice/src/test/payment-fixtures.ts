import type { Payment, PaymentStatement } from '@lending/contracts';

// Payment records typed by the contracts (test-setup also parses every answer with them).

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 9001,
    direction: 'INCOMING_PAYMENT',
    category: 'UNCATEGORIZED',
    payment_type: 'BANK_TRANSFER',
    purpose_type: null,
    date: '2025-03-12',
    amount: '12500.50',
    variable_symbol: '9999999999',
    specific_symbol: null,
    constant_symbol: '0308',
    counter_account: '123456789/0800',
    counter_account_name: 'Jiří Dvořák',
    message: 'splátka březen',
    note: null,
    bank_reference: 'TX-2025-03-12-1',
    deal: null,
    reversal_of: null,
    reversed_by: null,
    statement: 31,
    allocations: [],
    allocated_amount: '0.00',
    unallocated_amount: '12500.50',
    created_at: '2025-03-12T08:00:00.000Z',
    updated_at: '2025-03-12T08:00:00.000Z',
    source: 'STATEMENT',
    entry_method: null,
    paired_by: null,
    suggested_deal: null,
    ...overrides,
  };
}

/** Paired to deal 501 and spread by the § 1932 profile: penalty interest, interest, principal, and 100.50 of credit left. */
export function allocatedPayment(overrides: Partial<Payment> = {}): Payment {
  return payment({
    id: 9002,
    deal: 501,
    variable_symbol: '2500050117',
    category: 'INTERNAL_INSTALLMENT',
    amount: '10000.50',
    allocations: [
      { claim_id: 71, claim_type: 'PENALTY_INTEREST', due_date: '2025-02-28', amount: '150.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:PENALTY_INTEREST_DUE' },
      { claim_id: 64, claim_type: 'INTEREST', due_date: '2025-02-15', amount: '2050.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE' },
      { claim_id: 63, claim_type: 'PRINCIPAL', due_date: '2025-02-15', amount: '7700.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE' },
    ],
    allocated_amount: '9900.00',
    unallocated_amount: '100.50',
    ...overrides,
  });
}

export function statement(overrides: Partial<PaymentStatement> = {}): PaymentStatement {
  return {
    id: 31,
    format: 'camt053',
    file_name: 'vypis-2025-03.xml',
    state: 'QUEUED',
    total_lines: 0,
    processed: 0,
    created: 0,
    paired: 0,
    unpaired: 0,
    duplicates_skipped: 0,
    errors: [],
    created_at: '2025-03-12T08:00:00.000Z',
    finished_at: null,
    already_imported: false,
    detail: null,
    account: null,
    bank_code: null,
    bank: null,
    period_from: null,
    period_to: null,
    created_by: null,
    ...overrides,
  };
}
