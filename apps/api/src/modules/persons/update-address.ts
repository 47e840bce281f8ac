import type { PersonAddress, PersonAddressRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addressData } from './address-data.ts';
import { requirePerson, toAddress } from './person-view.ts';

/** PUT /persons/{personId}/address/{id}/: the whole address (not found for an address of another person). */
export async function updateAddress(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; id: number; address: PersonAddressRequest }): Promise<PersonAddress> {
  const { personId, id, address: values } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const current = await tx.personAddress.findFirst({ where: { id, personId } });
    if (!current) throw notFound();
    const data = addressData(values);
    const address = await tx.personAddress.update({ where: { id }, data });
    await recordAudit(tx, actor, { action: 'person.address.update', entity: 'PersonAddress', entityId: id, changes: { person_id: personId, ...values, whole_address: data.wholeAddress } });
    return toAddress(address);
  });
}
