import type { PersonAddress, PersonAddressRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addressData } from './address-data.ts';
import { requirePerson, toAddress } from './person-view.ts';

/** POST /persons/{personId}/address/ */
export async function addAddress(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; address: PersonAddressRequest }): Promise<PersonAddress> {
  const { personId, address: values } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const data = addressData(values);
    const address = await tx.personAddress.create({ data: { personId, ...data } });
    await recordAudit(tx, actor, { action: 'person.address.create', entity: 'PersonAddress', entityId: address.id, changes: { person_id: personId, ...values, whole_address: data.wholeAddress } });
    return toAddress(address);
  });
}
