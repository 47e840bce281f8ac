import { coDebtorSchema, formMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, HttpError, zodFieldErrors } from '../../http/errors.ts';
import { formView } from './form-view.ts';
import { withLockedForm } from '../form-access/lock-form.ts';
import { savePerson } from './save-person.ts';
import { verifyCompanyId } from './verify-company-id.ts';

/**
 * A co-debtor from the portal's dialog: a person (found by birth number or created) joined to
 * the lead as DEBTOR. Error bodies carry the keys the portal reads (portal.md §8):
 * `identity_card_invalid`, `birth_number`, a `detail` with "not found" for an unknown IČO,
 * and a 409 when the birth number is already on the form.
 */
export async function createDebtor(deps: Pick<Deps, 'prisma' | 'config'>, token: string, body: Record<string, unknown>, meta: { ip: string; requestId: string }) {
  const formId = await withLockedForm(deps, token, async (tx, form) => {
    const parsed = coDebtorSchema(form.type).safeParse({ ...body, company_id: body.company_id ?? body.companyId });
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error);
      if (errors.identity_card?.includes(formMessages.identityCardInvalid)) errors.identity_card_invalid = [formMessages.identityCardInvalid];
      throw badRequest(errors);
    }
    const debtor = parsed.data;
    if (debtor.company_id) await verifyCompanyId(deps, debtor.company_id, 'company_id');
    if (!form.leadId) throw new HttpError(409, { detail: 'K žádosti zatím nelze přidat spoludlužníka.' });

    const lead = await tx.lead.findUniqueOrThrow({ where: { id: form.leadId }, include: { person: true, participants: { include: { person: true } } } });
    const onForm = [lead.person?.birthNumber, ...lead.participants.map((p) => p.person.birthNumber)];
    if (onForm.includes(debtor.birth_number)) {
      throw conflict(formMessages.duplicatePerson, { duplicate_person: [formMessages.duplicatePerson] });
    }
    const personId = await savePerson(tx, debtor);
    await tx.leadParticipant.create({ data: { leadId: lead.id, personId, role: 'DEBTOR' } });
    await tx.auditLog.create({
      data: { actorType: 'APPLICANT', action: 'form.co_debtor.create', entity: 'Person', entityId: String(personId), ip: meta.ip, requestId: meta.requestId, changes: { lead_id: lead.id } },
    });
    return form.id;
  });
  return formView(deps, formId);
}
