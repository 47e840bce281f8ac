import type { BlacklistEntry, BlacklistEntryRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson, toBlacklistEntry } from './person-view.ts';

/** POST /persons/{personId}/blacklist/ (ADMIN, UNDERWRITER): puts the person on the blacklist with a reason. */
export async function addBlacklistEntry(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; entry: BlacklistEntryRequest }): Promise<BlacklistEntry> {
  const { personId, entry: values } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const entry = await tx.blacklistEntry.create({ data: { personId, reason: values.reason, createdById: actor.staffId } });
    await recordAudit(tx, actor, { action: 'person.blacklist.create', entity: 'BlacklistEntry', entityId: entry.id, changes: { person_id: personId, reason: values.reason } });
    return toBlacklistEntry(entry);
  });
}
