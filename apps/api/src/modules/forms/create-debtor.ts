import { coDebtorSchema, formMessages } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { conflict, invalid, zodFieldErrors } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { withLockedForm } from '../form-access/lock-form.ts';
import { formView } from './form-view.ts';
import { savePerson } from './save-person.ts';
import { verifyCompanyId } from './verify-company-id.ts';

/**
 * A co-debtor from the portal's dialog: a person (found by birth number or created) joined to
 * the lead as DEBTOR. Error bodies carry the keys the portal reads (portal.md §8):
 * `identity_card_invalid`, `birth_number`, a `detail` with "not found" for an unknown IČO,
 * and a 409 when the birth number is already on the form.
 */
export async function createDebtor(deps: Pick<Deps, 'prisma' | 'config'>, actor: PublicActor, input: { token: string; debtor: Record<string, unknown> }) {
  const { debtor: sent } = input;
  const formId = await withLockedForm(deps, input.token, async (tx, form) => {
    const parsed = coDebtorSchema(form.type).safeParse({ ...sent, company_id: sent.company_id ?? sent.companyId });
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error);
      if (errors.identity_card?.includes(formMessages.identityCardInvalid)) errors.identity_card_invalid = [formMessages.identityCardInvalid];
      throw invalid(errors);
    }
    const debtor = parsed.data;
    if (debtor.company_id) await verifyCompanyId(deps, debtor.company_id, 'company_id');
    if (!form.leadId) throw conflict('K žádosti zatím nelze přidat spoludlužníka.');

    const lead = await tx.lead.findUniqueOrThrow({ where: { id: form.leadId }, include: { person: true, participants: { include: { person: true } } } });
    const onForm = [lead.person?.birthNumber, ...lead.participants.map((p) => p.person.birthNumber)];
    if (onForm.includes(debtor.birth_number)) {
      throw conflict(formMessages.duplicatePerson, { duplicate_person: [formMessages.duplicatePerson] });
    }
    const personId = await savePerson(tx, debtor);
    await tx.leadParticipant.create({ data: { leadId: lead.id, personId, role: 'DEBTOR' } });
    await recordAudit(tx, actor, { action: 'form.co_debtor.create', entity: 'Person', entityId: personId, changes: { lead_id: lead.id } });
    return form.id;
  });
  return formView(deps, formId);
}
