import type { Purpose, PurposeRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { purposeInclude, requireDeal, sent, toPurpose, type Actor } from './purpose-view.ts';

/** POST /deals/{dealId}/purposes/: what a part of the loan is paid out for, and to whom. */
export async function createPurpose(deps: Pick<Deps, 'prisma'>, actor: Actor, dealId: number, input: PurposeRequest): Promise<Purpose> {
  return deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    const purpose = await tx.purpose.create({
      data: {
        dealId,
        type: input.type,
        amount: input.amount,
        bankAccount: input.bank_account ?? null,
        variableSymbol: input.variable_symbol ?? null,
        specificSymbol: input.specific_symbol ?? null,
        recipientName: input.recipient_name ?? null,
        message: input.message ?? null,
        note: input.note ?? null,
      },
      include: purposeInclude,
    });
    await recordStaffAudit(tx, actor, { action: 'deal.purpose.create', entity: 'Purpose', entityId: purpose.id, changes: { deal_id: dealId, ...sent(input) } });
    return toPurpose(purpose);
  });
}
