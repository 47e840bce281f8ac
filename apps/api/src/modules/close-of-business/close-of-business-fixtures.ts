import { sumMoney } from '@lending/contracts';
import type { PrismaClient } from '../../db/prisma.ts';
import type { ClaimType, DealState, DealType, ObligationType } from '../../generated/prisma/client.ts';

// Deals, claims, payments and obligations written straight with Prisma, as the claims engine and
// the payments work will write them: a claim is inserted unpaid, a payment pays it through an
// allocation (the trigger keeps paid_amount).

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
let counter = 0;

export async function createDeal(
  prisma: PrismaClient,
  options: { type?: DealType; state?: DealState; nonPayingAfterDays?: number; annualRate?: string } = {},
): Promise<{ id: number; modelId: number | null }> {
  const n = ++counter;
  const deal = await prisma.deal.create({
    data: {
      type: options.type ?? 'BORROWING',
      state: options.state ?? 'ACTIVE',
      value: '100000.00',
      contractNumber: `COB-${n}-${Math.random().toString(36).slice(2, 8)}`,
      nonPayingAfterDays: options.nonPayingAfterDays ?? 30,
    },
  });
  if (!options.annualRate) return { id: deal.id, modelId: null };
  const model = await prisma.dealModel.create({
    data: {
      dealId: deal.id,
      version: 1,
      state: 'ACTIVE',
      principal: '100000.00',
      annualInterestRate: options.annualRate,
      termMonths: 24,
      disbursementDate: day('2024-01-10'),
      firstDueDate: day('2024-02-20'),
      dueDay: 20,
      allocationProfile: 'LOAN_ALLOCATION_PROFILE_V1',
    },
  });
  return { id: deal.id, modelId: model.id };
}

export async function addClaim(
  prisma: PrismaClient,
  deal: { id: number; modelId?: number | null },
  claim: { type?: ClaimType; due: string; amount: string },
): Promise<number> {
  let claimsGroupId: number | null = null;
  if (deal.modelId) {
    const number = (await prisma.claimsGroup.count({ where: { dealModelId: deal.modelId } })) + 1;
    claimsGroupId = (await prisma.claimsGroup.create({ data: { dealId: deal.id, dealModelId: deal.modelId, kind: 'REGULAR', number, dueDate: day(claim.due) } })).id;
  }
  const created = await prisma.claim.create({
    data: { dealId: deal.id, claimsGroupId, type: claim.type ?? 'PRINCIPAL', dueDate: day(claim.due), amount: claim.amount, description: `Splátka ${claim.due}` },
  });
  return created.id;
}

/** An incoming payment booked on `date`, allocated to the claims given. */
export async function pay(prisma: PrismaClient, dealId: number, date: string, allocations: { claimId: number; amount: string }[]): Promise<number> {
  const payment = await prisma.payment.create({
    data: {
      direction: 'INCOMING_PAYMENT',
      date: day(date),
      amount: sumMoney(allocations.map((a) => a.amount)),
      dealId,
      allocations: { create: allocations.map((a) => ({ claimId: a.claimId, amount: a.amount, rule: 'test' })) },
    },
  });
  return payment.id;
}

export async function addObligation(prisma: PrismaClient, dealId: number, type: ObligationType, due: string, fulfilledAt?: string): Promise<number> {
  const obligation = await prisma.dealObligation.create({ data: { dealId, type, dueDate: day(due), fulfilledAt: fulfilledAt ? new Date(fulfilledAt) : null } });
  return obligation.id;
}

/** The penalty-interest claim accruing on a claim, as figures the tests compare. */
export async function penaltyOf(prisma: PrismaClient, sourceClaimId: number) {
  const claims = await prisma.claim.findMany({ where: { sourceClaimId, type: 'PENALTY_INTEREST' } });
  if (claims.length > 1) throw new Error(`${claims.length} penalty claims on claim ${sourceClaimId}`);
  const c = claims[0];
  return c
    ? {
        amount: c.amount.toFixed(2),
        exact: c.accruedExact!.toFixed(8),
        rate: c.rate!.toFixed(2),
        through: c.accruedThrough!.toISOString().slice(0, 10),
        due: c.dueDate.toISOString().slice(0, 10),
      }
    : null;
}

/** Everything the close of business writes, to compare before and after a re-run. */
export async function snapshot(prisma: PrismaClient) {
  const [claims, deals, breaches] = await Promise.all([
    prisma.claim.findMany({ orderBy: { id: 'asc' }, select: { id: true, amount: true, paidAmount: true, accruedExact: true, accruedThrough: true, rate: true, dueDate: true, cancelledAt: true } }),
    prisma.deal.findMany({ orderBy: { id: 'asc' }, select: { id: true, daysPastDue: true, breachTypes: true } }),
    prisma.breach.findMany({ orderBy: { id: 'asc' }, select: { id: true, dealId: true, type: true, obligationId: true, startedOn: true, endedOn: true } }),
  ]);
  return JSON.parse(JSON.stringify({ claims, deals, breaches })) as unknown;
}
