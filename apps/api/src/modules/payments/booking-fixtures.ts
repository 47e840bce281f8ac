import type { PrismaClient } from '../../generated/prisma/client.ts';
import { addClaim, createDeal } from '../close-of-business/close-of-business-fixtures.ts';
import type { MovementInput } from './book-payment.ts';

// The loan of the booking tests (worked out by hand, LOAN_ALLOCATION_PROFILE_V1, penalty interest
// off): I1 500 + P1 2000 due 20 Jan 2025, I2 450 + P2 2050 due 20 Feb 2025.

export async function twoInstallmentLoan(p: PrismaClient, variableSymbol: string) {
  const deal = await createDeal(p, { annualRate: '10.0000' });
  await p.deal.update({ where: { id: deal.id }, data: { variableSymbol } });
  await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
  const claims = {
    I1: await addClaim(p, deal, { type: 'INTEREST', due: '2025-01-20', amount: '500.00' }),
    P1: await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '2000.00' }),
    I2: await addClaim(p, deal, { type: 'INTEREST', due: '2025-02-20', amount: '450.00' }),
    P2: await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-02-20', amount: '2050.00' }),
  };
  return { id: deal.id, variableSymbol, claims };
}

/** A bank movement of 2,500 on 20 Jan 2025 with nothing to pair it by, but what `over` says. */
export function movementOf(bankReference: string, over: Partial<MovementInput>): MovementInput {
  return {
    bankReference,
    date: '2025-01-20',
    amount: '2500.00',
    direction: 'INCOMING_PAYMENT',
    reversal: false,
    variableSymbol: null,
    specificSymbol: null,
    constantSymbol: null,
    counterAccount: null,
    counterAccountName: null,
    message: null,
    ...over,
  };
}
