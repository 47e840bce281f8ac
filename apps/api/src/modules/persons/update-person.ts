import { personRuleIssues, type PersonDetail, type PersonPatchRequest, type PersonUpdateRequest } from '@lending/contracts';
import type { Person } from '../../generated/prisma/client.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ensureBirthNumberFree, personData, rethrowDuplicate, syncPrimaryContacts, type PersonValues } from './person-write.ts';
import { auditChanges, loadDetail } from './person-view.ts';

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

export type UpdatePersonInput = { id: number; partial: false; changes: PersonUpdateRequest } | { id: number; partial: true; changes: PersonPatchRequest };

/**
 * PUT /persons/{id}/ (`partial: false`: the body is the whole person, fields left out are
 * cleared) and PATCH (`partial: true`: only the fields sent change, and the merged person
 * must still satisfy the identification rules).
 */
export async function updatePerson(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdatePersonInput): Promise<PersonDetail> {
  const { id, partial, changes } = input;
  return deps.prisma
    .$transaction(async (tx) => {
      const current = await tx.person.findUnique({ where: { id } });
      if (!current) throw notFound();
      const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<PersonValues>;
      const next: PersonValues = partial ? { ...asValues(current), ...sent } : changes;
      const issues = personRuleIssues(next);
      if (issues.length) {
        const errors: Record<string, string[]> = {};
        for (const issue of issues) (errors[issue.path] ??= []).push(issue.message);
        throw invalid(errors);
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
      await recordAudit(tx, actor, {
        action: partial ? 'person.patch' : 'person.update',
        entity: 'Person',
        entityId: id,
        changes: auditChanges(changed),
      });
      return loadDetail(tx, id);
    })
    .catch(rethrowDuplicate);
}
