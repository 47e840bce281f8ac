import { formatCzk } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';

// When the debtor must hear about the collateral (ADR 0028): the loan has grown too large for
// it, or its value has fallen sharply since the previous estimation.
export const LTV_NOTIFY_ABOVE_PERCENT = 80;
export const ESTIMATE_DROP_NOTIFY_ABOVE_PERCENT = 20;

const percent = (value: Prisma.Decimal) => `${value.toFixed(2).replace('.', ',')} %`;

export interface LoanToValue {
  /** outstanding / estimate in per cent, rounded half-up to two places. */
  ltv: Prisma.Decimal;
  mustNotify: boolean;
  /** Czech reasons, empty when nothing calls for a notice. */
  reasons: string[];
}

/**
 * The loan-to-value of a group and the notice decision. The decision reads the percentages as
 * staff see them, rounded half-up to two places: an LTV shown as 80,00 % is not above 80 %.
 */
export function evaluateLoanToValue(input: { outstanding: Prisma.Decimal; estimate: Prisma.Decimal; previousEstimate: Prisma.Decimal | null }): LoanToValue {
  const { outstanding, estimate, previousEstimate } = input;
  const ratio = (part: Prisma.Decimal, whole: Prisma.Decimal) => part.times(100).dividedBy(whole).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
  const ltv = ratio(outstanding, estimate);
  const reasons: string[] = [];
  if (ltv.greaterThan(LTV_NOTIFY_ABOVE_PERCENT)) {
    reasons.push(`LTV ${percent(ltv)} překračuje hranici ${LTV_NOTIFY_ABOVE_PERCENT} % (nesplacená jistina ${formatCzk(outstanding.toFixed(2))}, odhad ${formatCzk(estimate.toFixed(2))}).`);
  }
  const drop = previousEstimate ? ratio(previousEstimate.minus(estimate), previousEstimate) : null;
  if (previousEstimate && drop && drop.greaterThan(ESTIMATE_DROP_NOTIFY_ABOVE_PERCENT)) {
    reasons.push(`Odhad klesl o ${percent(drop)} proti předchozímu (z ${formatCzk(previousEstimate.toFixed(2))} na ${formatCzk(estimate.toFixed(2))}), tedy o více než ${ESTIMATE_DROP_NOTIFY_ABOVE_PERCENT} %.`);
  }
  return { ltv, mustNotify: reasons.length > 0, reasons };
}
