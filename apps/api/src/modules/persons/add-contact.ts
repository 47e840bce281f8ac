import { personMessages, type PersonContact, type PersonContactRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { settlePrimary } from './contact-primary.ts';
import { requirePerson, toContact } from './person-view.ts';

/**
 * POST /persons/{personId}/contact/: the first contact of a type, or one sent with is_primary,
 * becomes the primary one. The same value twice is invalid.
 */
export async function addContact(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; contact: PersonContactRequest }): Promise<PersonContact> {
  const { personId, contact: values } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    if (await tx.personContact.findFirst({ where: { personId, type: values.type, value: values.value } })) throw invalid({ value: [personMessages.duplicateContact] });
    const created = await tx.personContact.create({ data: { personId, type: values.type, value: values.value, note: values.note ?? null, isPrimary: false } });
    await settlePrimary(tx, personId, values.type, values.is_primary ? { prefer: created.id } : {});
    await recordAudit(tx, actor, { action: 'person.contact.create', entity: 'PersonContact', entityId: created.id, changes: { person_id: personId, ...values } });
    return toContact(await tx.personContact.findUniqueOrThrow({ where: { id: created.id } }));
  });
}
