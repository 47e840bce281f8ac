import type { Distraint, DistraintPatchRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { todayDbDate } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson, toDistraint } from './person-view.ts';

/** PATCH /persons/{personId}/distraint/{id}/: state and note. Finishing one dates its end (today) when it has none. */
export async function updateDistraint(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { personId: number; id: number; changes: DistraintPatchRequest }): Promise<Distraint> {
  const { personId, id, changes } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const current = await tx.distraint.findFirst({ where: { id, personId } });
    if (!current) throw notFound();
    const updated = await tx.distraint.update({
      where: { id },
      data: {
        state: changes.state,
        note: changes.note,
        endedAt: changes.state === 'FINISHED' && !current.endedAt ? todayDbDate(deps) : undefined,
      },
    });
    await recordAudit(tx, actor, {
      action: 'person.distraint.update',
      entity: 'Distraint',
      entityId: id,
      changes: { person_id: personId, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) },
    });
    return toDistraint(updated);
  });
}
