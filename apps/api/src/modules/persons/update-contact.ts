import { normaliseContactValue, personMessages, type PersonContact, type PersonContactPatchRequest, type PersonContactRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { settlePrimary } from './contact-primary.ts';
import { requirePerson, toContact, type Actor } from './person-view.ts';

/**
 * PUT (`partial: false`, the whole contact) and PATCH (only the fields sent) of
 * /persons/{personId}/contact/{id}/. The value is checked against the contact's (new) type;
 * un-marking the primary contact hands primacy to the newest other contact of its type.
 */
export async function updateContact(
  deps: Pick<Deps, 'prisma'>,
  actor: Actor,
  personId: number,
  id: number,
  input: PersonContactRequest | PersonContactPatchRequest,
  options: { partial: boolean },
): Promise<PersonContact> {
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const current = await tx.personContact.findFirst({ where: { id, personId } });
    if (!current) throw notFound();
    const type = input.type ?? current.type;
    let value = input.value ?? current.value;
    if (input.value !== undefined || type !== current.type) {
      const checked = normaliseContactValue(type, value);
      if ('error' in checked) throw badRequest({ value: [checked.error] });
      value = checked.value;
    }
    if (await tx.personContact.findFirst({ where: { personId, type, value, id: { not: id } } })) throw badRequest({ value: [personMessages.duplicateContact] });
    const isPrimary = input.is_primary ?? current.isPrimary;
    const note = options.partial ? (input.note === undefined ? current.note : input.note) : (input.note ?? null);
    await tx.personContact.update({ where: { id }, data: { type, value, isPrimary, note } });
    if (type !== current.type) await settlePrimary(tx, personId, current.type);
    await settlePrimary(tx, personId, type, isPrimary ? { prefer: id } : { avoid: id });
    await recordStaffAudit(tx, actor, {
      action: options.partial ? 'person.contact.patch' : 'person.contact.update',
      entity: 'PersonContact',
      entityId: id,
      changes: { person_id: personId, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) },
    });
    return toContact(await tx.personContact.findUniqueOrThrow({ where: { id } }));
  });
}
