import { normaliseContactValue, personMessages, type PersonContact, type PersonContactPatchRequest, type PersonContactRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { settlePrimary } from './contact-primary.ts';
import { requirePerson, toContact } from './person-view.ts';

/**
 * PUT (`partial: false`, the whole contact) and PATCH (only the fields sent) of
 * /persons/{personId}/contact/{id}/. The value is checked against the contact's (new) type;
 * un-marking the primary contact hands primacy to the newest other contact of its type.
 */
export async function updateContact(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { personId: number; id: number; partial: false; changes: PersonContactRequest } | { personId: number; id: number; partial: true; changes: PersonContactPatchRequest },
): Promise<PersonContact> {
  const { personId, id, partial, changes } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requirePerson(tx, personId);
    const current = await tx.personContact.findFirst({ where: { id, personId } });
    if (!current) throw notFound();
    const type = changes.type ?? current.type;
    let value = changes.value ?? current.value;
    if (changes.value !== undefined || type !== current.type) {
      const checked = normaliseContactValue(type, value);
      if ('error' in checked) throw invalid({ value: [checked.error] });
      value = checked.value;
    }
    if (await tx.personContact.findFirst({ where: { personId, type, value, id: { not: id } } })) throw invalid({ value: [personMessages.duplicateContact] });
    const isPrimary = changes.is_primary ?? current.isPrimary;
    const note = partial ? (changes.note === undefined ? current.note : changes.note) : (changes.note ?? null);
    await tx.personContact.update({ where: { id }, data: { type, value, isPrimary, note } });
    if (type !== current.type) await settlePrimary(tx, personId, current.type);
    await settlePrimary(tx, personId, type, isPrimary ? { prefer: id } : { avoid: id });
    await recordAudit(tx, actor, {
      action: partial ? 'person.contact.patch' : 'person.contact.update',
      entity: 'PersonContact',
      entityId: id,
      changes: { person_id: personId, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) },
    });
    return toContact(await tx.personContact.findUniqueOrThrow({ where: { id } }));
  });
}
