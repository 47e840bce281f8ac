import type { DealState } from '@lending/contracts';
import { Prisma, type Deal } from '../../generated/prisma/client.ts';
import { conflict } from '../../domain/errors.ts';
import type { Tx } from './realty-group-view.ts';

export const outstandingMessages = {
  noModel: 'Obchod ještě nemá model s jistinou (aktivní ani rozpracovaný); LTV nelze spočítat.',
};

// Before activation there are no claims yet: the principal the deal model is about to lend.
const BEFORE_ACTIVATION: readonly DealState[] = ['NEW_APPLICATION', 'CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'CLOSED_APPLICATION'];

/**
 * The principal the debtor still owes: amount − paid of the deal's PRINCIPAL claims that are not
 * cancelled; before activation the principal of the ACTIVE deal model, or else of the newest DRAFT.
 */
export async function outstandingPrincipal(tx: Tx, deal: Deal): Promise<{ amount: Prisma.Decimal; source: 'CLAIMS' | 'DEAL_MODEL' }> {
  if (!BEFORE_ACTIVATION.includes(deal.state)) {
    const [row] = await tx.$queryRaw<{ outstanding: Prisma.Decimal }[]>`
      SELECT COALESCE(SUM(amount - paid_amount), 0)::numeric(14,2) AS outstanding
        FROM claims WHERE deal_id = ${deal.id} AND type = 'PRINCIPAL' AND cancelled_at IS NULL`;
    return { amount: new Prisma.Decimal(row!.outstanding), source: 'CLAIMS' };
  }
  const model =
    (await tx.dealModel.findFirst({ where: { dealId: deal.id, state: 'ACTIVE' } })) ??
    (await tx.dealModel.findFirst({ where: { dealId: deal.id, state: 'DRAFT' }, orderBy: { version: 'desc' } }));
  if (!model) throw conflict(outstandingMessages.noModel);
  return { amount: model.principal, source: 'DEAL_MODEL' };
}
