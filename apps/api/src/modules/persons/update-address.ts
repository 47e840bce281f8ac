import type { PersonAddress, PersonAddressRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { addressData } from './address-data.ts';
import { requirePerson, toAddress, type Actor } from './person-view.ts';

/** PUT /persons/{personId}/address/{id}/: the whole address (404 for an address of another person). */
export async function updateAddress(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, id: number, input: PersonAddressRequest): Promise<PersonAddress> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const current = await tx.personAddress.findFirst({ where: { id, personId } });
    if (!current) throw notFound();
    const data = addressData(input);
    const address = await tx.personAddress.update({ where: { id }, data });
    await recordStaffAudit(tx, actor, { action: 'person.address.update', entity: 'PersonAddress', entityId: id, changes: { person_id: personId, ...input, whole_address: data.wholeAddress } });
    return toAddress(address);
  });
}
