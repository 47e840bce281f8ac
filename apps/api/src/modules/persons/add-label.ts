import { personMessages, type PersonLabel, type PersonLabelRequest } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { requirePerson, toLabel, type Actor } from './person-view.ts';

const duplicate = () => badRequest({ name: [personMessages.duplicateLabel] });

/** POST /persons/{personId}/labels/: a label name once per person, whatever its letter case. */
export async function addLabel(deps: Pick<Deps, 'prisma'>, actor: Actor, personId: number, input: PersonLabelRequest): Promise<PersonLabel> {
  return deps.prisma
    .$transaction(async (tx) => {
      await requirePerson(tx, personId);
      const same = await tx.personLabel.findFirst({ where: { personId, name: { equals: input.name, mode: 'insensitive' } } });
      if (same) throw duplicate();
      const label = await tx.personLabel.create({ data: { personId, name: input.name, color: input.color ?? null } });
      await recordStaffAudit(tx, actor, { action: 'person.label.create', entity: 'PersonLabel', entityId: label.id, changes: { person_id: personId, ...input } });
      return toLabel(label);
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw duplicate();
      throw error;
    });
}
