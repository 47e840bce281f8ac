import { formatCzk, type Purpose, type PurposePatchRequest, type PurposeRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { drawnAmount, lockPurpose, purposeInclude, sent, toPurpose } from './purpose-view.ts';

export const purposeUpdateMessages = {
  belowDrawn: (drawn: string) => `Částka nesmí být nižší než už čerpaná částka ${formatCzk(drawn)}.`,
};

export type UpdatePurposeInput =
  | { dealId: number; id: number; partial: false; changes: PurposeRequest }
  | { dealId: number; id: number; partial: true; changes: PurposePatchRequest };

/**
 * PUT (`partial: false`, fields left out are cleared) and PATCH of /deals/{dealId}/purposes/{id}/.
 * The amount cannot drop below what its drawings already take; the purpose row is locked so a
 * drawing created meanwhile is counted.
 */
export async function updatePurpose(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdatePurposeInput): Promise<Purpose> {
  const { dealId, id, changes, partial } = input;
  const value = <T>(v: T | undefined): T | null | undefined => (v === undefined ? (partial ? undefined : null) : v);
  return deps.prisma.$transaction(async (tx) => {
    const current = await lockPurpose(tx, dealId, id);
    const drawn = drawnAmount(current);
    if (changes.amount !== undefined && drawn.greaterThan(changes.amount)) throw invalid({ amount: [purposeUpdateMessages.belowDrawn(drawn.toFixed(2))] });
    const updated = await tx.purpose.update({
      where: { id },
      data: {
        type: changes.type,
        amount: changes.amount,
        bankAccount: value(changes.bank_account),
        variableSymbol: value(changes.variable_symbol),
        specificSymbol: value(changes.specific_symbol),
        recipientName: value(changes.recipient_name),
        message: value(changes.message),
        note: value(changes.note),
      },
      include: purposeInclude,
    });
    await recordAudit(tx, actor, { action: 'deal.purpose.update', entity: 'Purpose', entityId: id, changes: { deal_id: dealId, ...sent(changes) } });
    return toPurpose(updated);
  });
}
