import type { PersonDealItem, PersonDealRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { nextVariableSymbol } from '../deals/variable-symbol.ts';
import { requirePerson, toPersonDeal, type Actor } from './person-view.ts';

/** POST /persons/{personId}/deals/: a new deal (NEW_APPLICATION, generated variable symbol) with the person as `role` (default BORROWER). */
export async function createPersonDeal(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, input: PersonDealRequest): Promise<PersonDealItem> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const deal = await tx.deal.create({
      data: {
        type: input.type,
        state: 'NEW_APPLICATION',
        value: input.value,
        // Payments are paired by it: generated as for a deal created under /deals/.
        variableSymbol: await nextVariableSymbol(tx),
        note: input.note ?? null,
        participants: { create: { personId, role: input.role } },
      },
    });
    await recordStaffAudit(tx, actor, {
      action: 'deal.create',
      entity: 'Deal',
      entityId: deal.id,
      changes: { person_id: personId, type: input.type, value: input.value, role: input.role, state: 'NEW_APPLICATION' },
    });
    return toPersonDeal(deal, [input.role]);
  });
}
