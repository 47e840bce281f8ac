import type { StaffActor } from '../../domain/actor.ts';
import { notFound, orNotFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson } from './person-view.ts';

/** DELETE /persons/{personId}/blacklist/{id}/ (ADMIN, UNDERWRITER). */
export async function removeBlacklistEntry(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; id: number }): Promise<void> {
  const { personId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const entry = await tx.blacklistEntry.findFirst({ where: { id, personId } });
    if (!entry) throw notFound();
    // A concurrent delete may have removed it since: not found, as for the one that came second.
    await orNotFound(tx.blacklistEntry.delete({ where: { id } }));
    await recordAudit(tx, actor, { action: 'person.blacklist.delete', entity: 'BlacklistEntry', entityId: id, changes: { person_id: personId, reason: entry.reason } });
  });
}
