import type { CreateFormRequest } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { newFormToken } from '../form-access/form-token.ts';
import { formView } from './form-view.ts';
import { savePerson } from './save-person.ts';

export interface Utm {
  utm_source?: string;
  utm_campaign?: string;
  utm_medium?: string;
}

/**
 * A new application from the portal: the form (state BASIC_DEAL_INFO, with a fresh token),
 * its lead (source PORTAL) and, when the contact came with it, the applicant as a person.
 */
export async function createForm(deps: Pick<Deps, 'prisma'>, actor: PublicActor, input: { form: CreateFormRequest; utm: Utm }) {
  const { form: { loan, contact, type }, utm } = input;
  const formId = await deps.prisma.$transaction(async (tx) => {
    const personId = contact ? await savePerson(tx, contact) : null;
    const lead = await tx.lead.create({
      data: {
        source: 'PORTAL',
        dealType: type,
        state: 'NEW',
        personId,
        value: loan.value,
        installmentValue: loan.installment_value,
        purpose: loan.purpose || null,
        utmSource: utm.utm_source,
        utmCampaign: utm.utm_campaign,
        utmMedium: utm.utm_medium,
      },
    });
    const form = await tx.applicationForm.create({
      data: {
        token: newFormToken(),
        type,
        dealType: 'UNI_LOAN_LEAD_FORM',
        state: 'BASIC_DEAL_INFO',
        data: { value: loan.value, installment_value: loan.installment_value, purpose: loan.purpose ?? '', ...(contact ?? {}) },
        utmSource: utm.utm_source,
        utmCampaign: utm.utm_campaign,
        utmMedium: utm.utm_medium,
        leadId: lead.id,
      },
    });
    await recordAudit(tx, actor, { action: 'form.create', entity: 'ApplicationForm', entityId: form.id, changes: { lead_id: lead.id, type } });
    return form.id;
  });
  return formView(deps, formId);
}
