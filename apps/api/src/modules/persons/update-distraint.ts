import type { Distraint, DistraintPatchRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { requirePerson, toDistraint, type Actor } from './person-view.ts';

/** PATCH /persons/{personId}/distraint/{id}/: state and note. Finishing one dates its end (today) when it has none. */
export async function updateDistraint(deps: Pick<Deps, 'prisma' | 'now'>, actor: Actor, personId: number, id: number, input: DistraintPatchRequest): Promise<Distraint> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const current = await tx.distraint.findFirst({ where: { id, personId } });
    if (!current) throw notFound();
    const today = new Date(`${deps.now().toISOString().slice(0, 10)}T00:00:00Z`);
    const updated = await tx.distraint.update({
      where: { id },
      data: {
        state: input.state,
        note: input.note,
        endedAt: input.state === 'FINISHED' && !current.endedAt ? today : undefined,
      },
    });
    await recordStaffAudit(tx, actor, {
      action: 'person.distraint.update',
      entity: 'Distraint',
      entityId: id,
      changes: { person_id: personId, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) },
    });
    return toDistraint(updated);
  });
}
