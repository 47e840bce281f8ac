import type { BlacklistEntry, BlacklistEntryRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { requirePerson, toBlacklistEntry, type Actor } from './person-view.ts';

/** POST /persons/{personId}/blacklist/ (ADMIN, UNDERWRITER): puts the person on the blacklist with a reason. */
export async function addBlacklistEntry(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, input: BlacklistEntryRequest): Promise<BlacklistEntry> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const entry = await tx.blacklistEntry.create({ data: { personId, reason: input.reason, createdById: actor.staffId } });
    await recordStaffAudit(tx, actor, { action: 'person.blacklist.create', entity: 'BlacklistEntry', entityId: entry.id, changes: { person_id: personId, reason: input.reason } });
    return toBlacklistEntry(entry);
  });
}
