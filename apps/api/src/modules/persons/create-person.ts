import type { PersonCreateRequest, PersonDetail } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { ensureBirthNumberFree, personData, rethrowDuplicate, syncPrimaryContacts } from './person-write.ts';
import { auditChanges, loadDetail, type Actor } from './person-view.ts';

/** POST /persons/: a natural person (birth number) or a legal person (IČO). */
export async function createPerson(deps: Pick<Deps, 'prisma'>, actor: Actor, input: PersonCreateRequest): Promise<PersonDetail> {
  return deps.prisma
    .$transaction(async (tx) => {
      await ensureBirthNumberFree(tx, input.birth_number, null);
      const data = personData(input);
      const person = await tx.person.create({ data });
      await syncPrimaryContacts(tx, person.id, { email: data.email, phoneE164: data.phoneE164 });
      await recordStaffAudit(tx, actor, { action: 'person.create', entity: 'Person', entityId: person.id, changes: auditChanges(input) });
      return loadDetail(tx, person.id);
    })
    .catch(rethrowDuplicate);
}
