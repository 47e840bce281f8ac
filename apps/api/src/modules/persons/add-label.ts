import { personMessages, type PersonLabel, type PersonLabelRequest } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePerson, toLabel } from './person-view.ts';

const duplicate = () => invalid({ name: [personMessages.duplicateLabel] });

/** POST /persons/{personId}/labels/: a label name once per person, whatever its letter case. */
export async function addLabel(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number; label: PersonLabelRequest }): Promise<PersonLabel> {
  const { personId, label: values } = input;
  return deps.prisma
    .$transaction(async (tx) => {
      await requirePerson(tx, personId);
      const same = await tx.personLabel.findFirst({ where: { personId, name: { equals: values.name, mode: 'insensitive' } } });
      if (same) throw duplicate();
      const label = await tx.personLabel.create({ data: { personId, name: values.name, color: values.color ?? null } });
      await recordAudit(tx, actor, { action: 'person.label.create', entity: 'PersonLabel', entityId: label.id, changes: { person_id: personId, ...values } });
      return toLabel(label);
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw duplicate();
      throw error;
    });
}
