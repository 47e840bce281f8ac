import type { PersonDealItem, PersonDealRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson, toPersonDeal } from '../persons/person-view.ts';
import { nextVariableSymbol } from './variable-symbol.ts';

/**
 * POST /persons/{personId}/deals/: a new deal (NEW_APPLICATION, generated variable symbol) with
 * the person as `role` (default BORROWER). A deal is the deals module's to create; the persons
 * router only offers it under the person.
 */
export async function createPersonDeal(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; deal: PersonDealRequest }): Promise<PersonDealItem> {
  const { personId, deal: values } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const deal = await tx.deal.create({
      data: {
        type: values.type,
        state: 'NEW_APPLICATION',
        value: values.value,
        // Payments are paired by it: generated as for a deal created under /deals/.
        variableSymbol: await nextVariableSymbol(tx),
        note: values.note ?? null,
        participants: { create: { personId, role: values.role } },
      },
    });
    await recordAudit(tx, actor, {
      action: 'deal.create',
      entity: 'Deal',
      entityId: deal.id,
      changes: { person_id: personId, type: values.type, value: values.value, role: values.role, state: 'NEW_APPLICATION' },
    });
    return toPersonDeal(deal, [values.role]);
  });
}
