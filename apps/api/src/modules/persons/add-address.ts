import type { PersonAddress, PersonAddressRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { addressData } from './address-data.ts';
import { requirePerson, toAddress, type Actor } from './person-view.ts';

/** POST /persons/{personId}/address/ */
export async function addAddress(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, input: PersonAddressRequest): Promise<PersonAddress> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const data = addressData(input);
    const address = await tx.personAddress.create({ data: { personId, ...data } });
    await recordStaffAudit(tx, actor, { action: 'person.address.create', entity: 'PersonAddress', entityId: address.id, changes: { person_id: personId, ...input, whole_address: data.wholeAddress } });
    return toAddress(address);
  });
}
