import { normalisePhone, parseBirthNumber, type ChosenAddress } from '@lending/contracts';
import { lockPersonIdentifiers } from '../persons/lock-person-identifiers.ts';
import type { Tx } from '../form-access/lock-form.ts';

export interface PersonInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_number?: string;
  identity_card?: string;
  permanent_address?: ChosenAddress;
  company_id?: string;
}

/**
 * Creates the person, or updates the one this birth number already belongs to (a returning
 * applicant), with the contacts and permanent address just given. Returns the person's id.
 */
export async function savePerson(tx: Tx, input: PersonInput, existingId?: number | null): Promise<number> {
  const phoneE164 = normalisePhone(input.phone);
  const born = input.birth_number ? parseBirthNumber(input.birth_number) : null;
  const fields = {
    identificationType: 'BIRTH_NUMBER' as const,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    phoneE164,
    ...(input.birth_number ? { birthNumber: input.birth_number, birthDate: born?.birthDate ?? null } : {}),
    ...(input.identity_card ? { identityCard: input.identity_card } : {}),
    ...(input.company_id ? { companyId: input.company_id } : {}),
  };
  // Another form of the same applicant may be saving this birth number right now.
  if (input.birth_number) await lockPersonIdentifiers(tx, { birthNumber: input.birth_number });
  const byBirthNumber = input.birth_number ? await tx.person.findUnique({ where: { birthNumber: input.birth_number } }) : null;
  const targetId = byBirthNumber?.id ?? existingId ?? null;
  const person = targetId ? await tx.person.update({ where: { id: targetId }, data: fields }) : await tx.person.create({ data: fields });

  for (const [type, value] of [
    ['EMAIL', input.email],
    ['PHONE', phoneE164 ?? input.phone],
  ] as const) {
    const known = await tx.personContact.findFirst({ where: { personId: person.id, type, value } });
    if (!known) {
      await tx.personContact.updateMany({ where: { personId: person.id, type }, data: { isPrimary: false } });
      await tx.personContact.create({ data: { personId: person.id, type, value, isPrimary: true } });
    }
  }
  if (input.permanent_address) {
    const a = input.permanent_address;
    const address = { wholeAddress: a.whole_address, street: a.street, houseNumber: a.number, city: a.city, zip: a.zip, district: a.district, region: a.region };
    const current = await tx.personAddress.findFirst({ where: { personId: person.id, type: 'PERMANENT' } });
    if (current) await tx.personAddress.update({ where: { id: current.id }, data: address });
    else await tx.personAddress.create({ data: { personId: person.id, type: 'PERMANENT', ...address } });
  }
  return person.id;
}
