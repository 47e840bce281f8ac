// Test data of the deals tests: deals written directly (the list's filters need states, days
// past due and breaches that only the engine and the close of business produce), claims and
// allocations as the payments work will write them.
import type { TestContext } from '../../../test/context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** YYYY-MM-DD `days` from today (UTC calendar, far enough from midnight for the tests' claims). */
export function dayFromToday(days: number): Date {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
}

export function dealFixtures(ctx: TestContext) {
  const prisma = ctx.deps.prisma;
  return {
    deal: (data: Partial<Prisma.DealUncheckedCreateInput> & { participants?: { personId: number; role: Prisma.DealParticipantCreateManyDealInput['role'] }[] }) => {
      const { participants, ...rest } = data;
      return prisma.deal.create({
        data: { type: 'CONSUMER_LOAN', value: '100000.00', ...rest, participants: participants ? { create: participants } : undefined },
      });
    },
    /** A claim of the deal; `paid` is allocated from a payment, the only way a claim gets paid. */
    async claim(dealId: number, data: { dueDate: Date; amount: string; paid?: string; cancelled?: boolean; type?: Prisma.ClaimCreateInput['type'] }) {
      const claim = await prisma.claim.create({
        data: { dealId, type: data.type ?? 'PRINCIPAL', dueDate: data.dueDate, amount: data.amount, cancelledAt: data.cancelled ? new Date() : null },
      });
      if (data.paid) {
        const payment = await prisma.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date(), amount: data.paid, dealId } });
        await prisma.paymentAllocation.create({ data: { paymentId: payment.id, claimId: claim.id, amount: data.paid } });
      }
      return claim;
    },
  };
}
