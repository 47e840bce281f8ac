import { personMessages, type PersonContact, type PersonContactRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { settlePrimary } from './contact-primary.ts';
import { requirePerson, toContact, type Actor } from './person-view.ts';

/**
 * POST /persons/{personId}/contact/: the first contact of a type, or one sent with is_primary,
 * becomes the primary one. The same value twice is a 400.
 */
export async function addContact(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, input: PersonContactRequest): Promise<PersonContact> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    if (await tx.personContact.findFirst({ where: { personId, type: input.type, value: input.value } })) throw badRequest({ value: [personMessages.duplicateContact] });
    const created = await tx.personContact.create({ data: { personId, type: input.type, value: input.value, note: input.note ?? null, isPrimary: false } });
    await settlePrimary(tx, personId, input.type, input.is_primary ? { prefer: created.id } : {});
    await recordStaffAudit(tx, actor, { action: 'person.contact.create', entity: 'PersonContact', entityId: created.id, changes: { person_id: personId, ...input } });
    return toContact(await tx.personContact.findUniqueOrThrow({ where: { id: created.id } }));
  });
}
