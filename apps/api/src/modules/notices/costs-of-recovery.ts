import Decimal from 'decimal.js';
import type { Prisma } from '../../generated/prisma/client.ts';
import { INSTALLMENT_CLAIM_TYPES } from '../servicing/index.ts';

type Tx = Prisma.TransactionClient;

/**
 * NV 351/2013 Sb. § 2: the minimum costs of recovering each claim, 1 200 Kč. We charge them only
 * to business loans (the regulation's flat amount belongs to § 1970 of the civil code between
 * entrepreneurs as we read it; a consumer owes only actual, reasonable costs, which staff enter as
 * a claim of their own with its evidence — docs/decisions/0048).
 */
export const FLAT_COST_OF_RECOVERY = '1200.00';

/**
 * Adds the costs of recovery a reminder may add: one COST_OF_RECOVERY claim per installment claim
 * overdue on the notice date, at most once per claim ever (the regulation's amount is per claim),
 * of the flat amount or the deal's lower COST_OF_RECOVERY setting; none when that setting is off
 * or the deal is a consumer loan. Returns the claims added.
 */
export async function addCostsOfRecovery(tx: Tx, dealId: number, noticeDate: string): Promise<{ id: number; amount: string }[]> {
  const deal = await tx.deal.findUniqueOrThrow({ where: { id: dealId }, select: { type: true } });
  if (deal.type === 'CONSUMER_LOAN') return [];
  const setting = await tx.claimsSetting.findUnique({ where: { dealId_type: { dealId, type: 'COST_OF_RECOVERY' } } });
  if (setting && !setting.isEnabled) return [];
  const amount = setting?.amount && setting.amount.lessThan(FLAT_COST_OF_RECOVERY) ? new Decimal(setting.amount.toFixed(2)) : new Decimal(FLAT_COST_OF_RECOVERY);
  if (amount.lessThanOrEqualTo(0)) return [];
  const overdue = await tx.claim.findMany({
    where: {
      dealId,
      cancelledAt: null,
      type: { in: [...INSTALLMENT_CLAIM_TYPES] },
      dueDate: { lt: new Date(`${noticeDate}T00:00:00Z`) },
      penaltyClaims: { none: { type: 'COST_OF_RECOVERY', cancelledAt: null } },
    },
    select: { id: true, amount: true, paidAmount: true },
    orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
  });
  const added: { id: number; amount: string }[] = [];
  for (const claim of overdue.filter((c) => c.paidAmount.lessThan(c.amount))) {
    const created = await tx.claim.create({
      data: {
        dealId,
        type: 'COST_OF_RECOVERY',
        dueDate: new Date(`${noticeDate}T00:00:00Z`),
        amount: amount.toFixed(2),
        sourceClaimId: claim.id,
        description: `Náklady spojené s uplatněním pohledávky č. ${claim.id} (NV 351/2013 Sb., § 2)`,
      },
    });
    added.push({ id: created.id, amount: amount.toFixed(2) });
  }
  return added;
}
