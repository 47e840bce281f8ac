import type { Purpose, PurposeRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { purposeInclude, requireDeal, sent, toPurpose } from './purpose-view.ts';

/** POST /deals/{dealId}/purposes/: what a part of the loan is paid out for, and to whom. */
export async function createPurpose(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; purpose: PurposeRequest }): Promise<Purpose> {
  const { dealId, purpose } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    const created = await tx.purpose.create({
      data: {
        dealId,
        type: purpose.type,
        amount: purpose.amount,
        bankAccount: purpose.bank_account ?? null,
        variableSymbol: purpose.variable_symbol ?? null,
        specificSymbol: purpose.specific_symbol ?? null,
        recipientName: purpose.recipient_name ?? null,
        message: purpose.message ?? null,
        note: purpose.note ?? null,
      },
      include: purposeInclude,
    });
    await recordAudit(tx, actor, { action: 'deal.purpose.create', entity: 'Purpose', entityId: created.id, changes: { deal_id: dealId, ...sent(purpose) } });
    return toPurpose(created);
  });
}
