import type { Deps } from '../../deps.ts';
import { notFound, orNotFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { requirePerson, type Actor } from './person-view.ts';

/** DELETE /persons/{personId}/blacklist/{id}/ (ADMIN, UNDERWRITER). */
export async function removeBlacklistEntry(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const entry = await tx.blacklistEntry.findFirst({ where: { id, personId } });
    if (!entry) throw notFound();
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.blacklistEntry.delete({ where: { id } }));
    await recordStaffAudit(tx, actor, { action: 'person.blacklist.delete', entity: 'BlacklistEntry', entityId: id, changes: { person_id: personId, reason: entry.reason } });
  });
}
