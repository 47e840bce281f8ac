import type { Deps } from '../../deps.ts';
import { notFound, orNotFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { requirePerson, type Actor } from './person-view.ts';

/** DELETE /persons/{personId}/labels/{id}/ */
export async function removeLabel(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const label = await tx.personLabel.findFirst({ where: { id, personId } });
    if (!label) throw notFound();
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.personLabel.delete({ where: { id } }));
    await recordStaffAudit(tx, actor, { action: 'person.label.delete', entity: 'PersonLabel', entityId: id, changes: { person_id: personId, name: label.name } });
  });
}
