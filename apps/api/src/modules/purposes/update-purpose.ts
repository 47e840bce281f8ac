import { formatCzk, type Purpose, type PurposePatchRequest, type PurposeRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { drawnAmount, lockPurpose, purposeInclude, sent, toPurpose, type Actor } from './purpose-view.ts';

export const purposeUpdateMessages = {
  belowDrawn: (drawn: string) => `Částka nesmí být nižší než už čerpaná částka ${formatCzk(drawn)}.`,
};

/**
 * PUT (`partial: false`, fields left out are cleared) and PATCH of /deals/{dealId}/purposes/{id}/.
 * The amount cannot drop below what its drawings already take; the purpose row is locked so a
 * drawing created meanwhile is counted.
 */
export async function updatePurpose(
  deps: Pick<Deps, 'prisma'>,
  actor: Actor,
  dealId: number,
  id: number,
  input: PurposeRequest | PurposePatchRequest,
  options: { partial: boolean },
): Promise<Purpose> {
  const value = <T>(v: T | undefined): T | null | undefined => (v === undefined ? (options.partial ? undefined : null) : v);
  return deps.prisma.$transaction(async (tx) => {
    const current = await lockPurpose(tx, dealId, id);
    const drawn = drawnAmount(current);
    if (input.amount !== undefined && drawn.greaterThan(input.amount)) throw badRequest({ amount: [purposeUpdateMessages.belowDrawn(drawn.toFixed(2))] });
    const updated = await tx.purpose.update({
      where: { id },
      data: {
        type: input.type,
        amount: input.amount,
        bankAccount: value(input.bank_account),
        variableSymbol: value(input.variable_symbol),
        specificSymbol: value(input.specific_symbol),
        recipientName: value(input.recipient_name),
        message: value(input.message),
        note: value(input.note),
      },
      include: purposeInclude,
    });
    await recordStaffAudit(tx, actor, { action: 'deal.purpose.update', entity: 'Purpose', entityId: id, changes: { deal_id: dealId, ...sent(input) } });
    return toPurpose(updated);
  });
}
