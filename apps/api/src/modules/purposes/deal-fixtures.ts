import type { DealState } from '@lending/contracts';
import type { PrismaClient } from '../../db/prisma.ts';

// Deals, deal models and claims for the tests of deal sub-resources, written with Prisma as
// ADR 0021 shapes them (the deal engine that makes them for real is another module's).

let serial = 0;

export async function createDeal(prisma: PrismaClient, data: { state?: DealState; value?: string } = {}) {
  serial++;
  return prisma.deal.create({
    data: { type: 'CONSUMER_LOAN', state: data.state ?? 'ACTIVE', value: data.value ?? '300000.00', contractNumber: `T-${process.pid}-${serial}-${Date.now()}` },
  });
}

export async function createDealModel(prisma: PrismaClient, dealId: number, data: { version: number; state: 'DRAFT' | 'ACTIVE' | 'SUPERSEDED'; principal: string }) {
  return prisma.dealModel.create({
    data: {
      dealId,
      version: data.version,
      state: data.state,
      principal: data.principal,
      annualInterestRate: '9.9000',
      termMonths: 60,
      disbursementDate: new Date('2026-01-10T00:00:00Z'),
      firstDueDate: new Date('2026-02-15T00:00:00Z'),
      dueDay: 15,
      allocationProfile: 'LOAN_ALLOCATION_PROFILE_V1',
    },
  });
}

/** A claim as the engine inserts it: unpaid. */
export async function createClaim(prisma: PrismaClient, dealId: number, data: { type?: 'PRINCIPAL' | 'INTEREST'; amount: string; dueDate?: string; cancelled?: boolean }) {
  return prisma.claim.create({
    data: {
      dealId,
      type: data.type ?? 'PRINCIPAL',
      amount: data.amount,
      dueDate: new Date(`${data.dueDate ?? '2026-03-15'}T00:00:00Z`),
      cancelledAt: data.cancelled ? new Date() : null,
    },
  });
}

/** Pays `amount` of a claim the only way the schema allows: an incoming payment allocated to it. */
export async function payClaim(prisma: PrismaClient, claim: { id: number; dealId: number }, amount: string) {
  const payment = await prisma.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2026-03-15T00:00:00Z'), amount, dealId: claim.dealId } });
  await prisma.paymentAllocation.create({ data: { paymentId: payment.id, claimId: claim.id, amount } });
  return payment;
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
