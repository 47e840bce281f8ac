import type { ContactType } from '@lending/contracts';
import type { Tx } from './person-view.ts';

/**
 * Keeps exactly one primary contact of `type` (when the person has any): `prefer` becomes it;
 * otherwise the current primary stays unless it is `avoid`, in which case the newest other
 * contact takes over (a lone contact stays primary). The person's own e-mail or phone follows
 * its primary contact.
 */
export async function settlePrimary(tx: Tx, personId: number, type: ContactType, opts: { prefer?: number; avoid?: number } = {}): Promise<void> {
  const contacts = await tx.personContact.findMany({ where: { personId, type }, orderBy: { id: 'desc' } });
  if (contacts.length === 0) return;
  const primary =
    contacts.find((c) => c.id === opts.prefer) ??
    contacts.find((c) => c.isPrimary && c.id !== opts.avoid) ??
    contacts.find((c) => c.id !== opts.avoid) ??
    contacts[0]!;
  await tx.personContact.updateMany({ where: { personId, type, isPrimary: true, id: { not: primary.id } }, data: { isPrimary: false } });
  if (!primary.isPrimary) await tx.personContact.update({ where: { id: primary.id }, data: { isPrimary: true } });
  const person = await tx.person.findUniqueOrThrow({ where: { id: personId }, select: { email: true, phoneE164: true } });
  if (type === 'EMAIL' && person.email !== primary.value) await tx.person.update({ where: { id: personId }, data: { email: primary.value } });
  if (type === 'PHONE' && person.phoneE164 !== primary.value) await tx.person.update({ where: { id: personId }, data: { phone: primary.value, phoneE164: primary.value } });
}
