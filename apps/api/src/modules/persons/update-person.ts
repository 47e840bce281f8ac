import { personRuleIssues, type PersonDetail, type PersonPatchRequest, type PersonUpdateRequest } from '@lending/contracts';
import type { Person } from '../../generated/prisma/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { ensureBirthNumberFree, personData, rethrowDuplicate, syncPrimaryContacts, type PersonValues } from './person-write.ts';
import { auditChanges, loadDetail, type Actor } from './person-view.ts';

/** The stored person in the shape of a request body, to merge a PATCH into. */
function asValues(p: Person): PersonValues {
  return {
    identification_type: p.identificationType,
    first_name: p.firstName,
    last_name: p.lastName,
    company_name: p.companyName,
    birth_number: p.birthNumber,
    company_id: p.companyId,
    identity_card: p.identityCard,
    email: p.email,
    phone: p.phone,
    citizenship: p.citizenship,
    note: p.note,
    is_internal: p.isInternal,
    has_execution: p.hasExecution,
    has_insolvency: p.hasInsolvency,
  };
}

/**
 * PUT /persons/{id}/ (`partial: false`: the body is the whole person, fields left out are
 * cleared) and PATCH (`partial: true`: only the fields sent change, and the merged person
 * must still satisfy the identification rules).
 */
export async function updatePerson(
  deps: Pick<Deps, 'prisma'>,
  actor: Actor,
  id: number,
  input: PersonUpdateRequest | PersonPatchRequest,
  options: { partial: boolean },
): Promise<PersonDetail> {
  return deps.prisma
    .$transaction(async (tx) => {
      const current = await tx.person.findUnique({ where: { id } });
      if (!current) throw notFound();
      const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<PersonValues>;
      const next: PersonValues = options.partial ? { ...asValues(current), ...sent } : (input as PersonUpdateRequest);
      const issues = personRuleIssues(next);
      if (issues.length) {
        const errors: Record<string, string[]> = {};
        for (const issue of issues) (errors[issue.path] ??= []).push(issue.message);
        throw badRequest(errors);
      }
      await ensureBirthNumberFree(tx, next.birth_number, id);
      const data = personData(next);
      await tx.person.update({ where: { id }, data });
      await syncPrimaryContacts(tx, id, { email: data.email, phoneE164: data.phoneE164 });
      // What changed, field by field (identifiers masked).
      const before = asValues(current);
      const changed = Object.fromEntries(
        (Object.keys(next) as (keyof PersonValues)[]).filter((k) => (next[k] ?? null) !== (before[k] ?? null)).map((k) => [k, next[k] ?? null]),
      );
      await recordStaffAudit(tx, actor, {
        action: options.partial ? 'person.patch' : 'person.update',
        entity: 'Person',
        entityId: id,
        changes: auditChanges(changed),
      });
      return loadDetail(tx, id);
    })
    .catch(rethrowDuplicate);
}
