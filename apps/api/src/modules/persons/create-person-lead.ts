import { moneyOf, type PersonLead } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson } from './person-view.ts';

/** POST /persons/{id}/lead/ (no body): a new lead of the person, source BACKOFFICE, state NEW. */
export async function createPersonLead(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number }): Promise<PersonLead> {
  const { personId } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const lead = await tx.lead.create({ data: { personId, source: 'BACKOFFICE', state: 'NEW' } });
    await recordAudit(tx, actor, { action: 'lead.create', entity: 'Lead', entityId: lead.id, changes: { person_id: personId, source: 'BACKOFFICE' } });
    return {
      id: lead.id,
      source: lead.source,
      state: lead.state,
      person_id: personId,
      deal_type: lead.dealType,
      value: moneyOf(lead.value),
      created_at: lead.createdAt.toISOString(),
    };
  });
}
