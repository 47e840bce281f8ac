import { normalisePhone, parseBirthNumber, personMessages, type PersonCreateRequest } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { invalid } from '../../domain/errors.ts';
import { lockPersonIdentifiers } from './lock-person-identifiers.ts';
import type { Tx } from './person-view.ts';

/** A person as PUT/POST bodies carry it, after validation (missing optional fields are null). */
export type PersonValues = PersonCreateRequest;

/** Columns of a person from a validated body; birth date from the birth number, phone also in E.164. */
export function personData(v: PersonValues) {
  return {
    identificationType: v.identification_type,
    firstName: v.first_name ?? null,
    lastName: v.last_name ?? null,
    companyName: v.company_name ?? null,
    birthNumber: v.birth_number ?? null,
    birthDate: v.birth_number ? (parseBirthNumber(v.birth_number)?.birthDate ?? null) : null,
    companyId: v.company_id ?? null,
    identityCard: v.identity_card ?? null,
    email: v.email ?? null,
    phone: v.phone ?? null,
    phoneE164: v.phone ? normalisePhone(v.phone) : null,
    citizenship: v.citizenship ?? null,
    note: v.note ?? null,
    isInternal: v.is_internal,
    hasExecution: v.has_execution,
    hasInsolvency: v.has_insolvency,
  } satisfies Prisma.PersonUncheckedCreateInput;
}

const duplicate = () => invalid({ birth_number: [personMessages.duplicateBirthNumber] });

/**
 * Invalid when another person already has this birth number (checked again by the unique index).
 * Holds the birth number's lock to the end of the transaction, as partner pushes and the portal do.
 */
export async function ensureBirthNumberFree(tx: Tx, birthNumber: string | null | undefined, selfId: number | null): Promise<void> {
  if (!birthNumber) return;
  await lockPersonIdentifiers(tx, { birthNumber });
  const other = await tx.person.findUnique({ where: { birthNumber }, select: { id: true } });
  if (other && other.id !== selfId) throw duplicate();
}

/** A concurrent write won the unique birth number: the same answer as the check before it. */
export function rethrowDuplicate(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw duplicate();
  throw error;
}

/**
 * The person's e-mail and phone are its primary contacts: a value not among the contacts yet
 * is added as the primary one of its type; a known one becomes primary. Exactly one primary
 * per type stays.
 */
export async function syncPrimaryContacts(tx: Tx, personId: number, values: { email: string | null; phoneE164: string | null }): Promise<void> {
  for (const [type, value] of [
    ['EMAIL', values.email],
    ['PHONE', values.phoneE164],
  ] as const) {
    if (!value) continue;
    const known = await tx.personContact.findFirst({ where: { personId, type, value }, orderBy: { id: 'asc' } });
    if (known?.isPrimary) continue;
    await tx.personContact.updateMany({ where: { personId, type, isPrimary: true }, data: { isPrimary: false } });
    if (known) await tx.personContact.update({ where: { id: known.id }, data: { isPrimary: true } });
    else await tx.personContact.create({ data: { personId, type, value, isPrimary: true } });
  }
}
