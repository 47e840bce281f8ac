import type { StaffActor } from '../../domain/actor.ts';
import { notFound, orNotFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson } from './person-view.ts';

/** DELETE /persons/{personId}/labels/{id}/ */
export async function removeLabel(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; id: number }): Promise<void> {
  const { personId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const label = await tx.personLabel.findFirst({ where: { id, personId } });
    if (!label) throw notFound();
    // A concurrent delete may have removed it since: not found, as for the one that came second.
    await orNotFound(tx.personLabel.delete({ where: { id } }));
    await recordAudit(tx, actor, { action: 'person.label.delete', entity: 'PersonLabel', entityId: id, changes: { person_id: personId, name: label.name } });
  });
}
