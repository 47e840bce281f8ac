import { formatBirthNumber, roleHolds, type RevealedIdentifiers } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';

export interface RevealIdentifiersInput {
  id: number;
  /** Why staff look (e.g. "Úprava osoby"); recorded with the reveal. */
  reason?: string | null;
}

/**
 * POST /persons/{id}/reveal-identifiers/: the person's birth number and identity card in full,
 * for a role holding `persons.identifiers.read` (ROLES.md §1, docs/decisions/0046). Every reveal
 * is an audit entry `person.identifiers.reveal` (who, which person, the reason; never the values),
 * written in the transaction that reads them: no answer without its record.
 */
export async function revealIdentifiers(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: RevealIdentifiersInput): Promise<RevealedIdentifiers> {
  // The route asks the same permission; a caller other than the route must not skip it.
  if (!roleHolds(actor.role, 'persons.identifiers.read')) throw forbidden();
  return deps.prisma.$transaction(async (tx) => {
    const person = await tx.person.findUnique({ where: { id: input.id }, select: { id: true, birthNumber: true, identityCard: true } });
    if (!person) throw notFound();
    await recordAudit(tx, actor, {
      action: 'person.identifiers.reveal',
      entity: 'Person',
      entityId: person.id,
      changes: { reason: input.reason ?? null },
    });
    return {
      birth_number: person.birthNumber ? formatBirthNumber(person.birthNumber) : null,
      identity_card: person.identityCard,
    };
  });
}
