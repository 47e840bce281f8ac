import type { PersonCreateRequest, PersonDetail } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ensureBirthNumberFree, personData, rethrowDuplicate, syncPrimaryContacts } from './person-write.ts';
import { auditChanges, loadDetail } from './person-view.ts';

/** POST /persons/: a natural person (birth number) or a legal person (IČO). */
export async function createPerson(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { person: PersonCreateRequest }): Promise<PersonDetail> {
  const { person: values } = input;
  return deps.prisma
    .$transaction(async (tx) => {
      await ensureBirthNumberFree(tx, values.birth_number, null);
      const data = personData(values);
      const person = await tx.person.create({ data });
      await syncPrimaryContacts(tx, person.id, { email: data.email, phoneE164: data.phoneE164 });
      await recordAudit(tx, actor, { action: 'person.create', entity: 'Person', entityId: person.id, changes: auditChanges(values) });
      return loadDetail(tx, person.id);
    })
    .catch(rethrowDuplicate);
}
