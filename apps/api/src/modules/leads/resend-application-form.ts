import { leadMessages, type ResendFormResponse } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueEmail } from '../notifications/queue-email.ts';
import { findLead } from './find-lead.ts';
import { resendRecipientOf } from './lead-actions.ts';
import { resumeLink } from './portal-links.ts';

export const RESEND_SUBJECT = 'Pokračujte ve své žádosti o úvěr';

function resendBody(link: string): string {
  return [
    'Dobrý den,',
    '',
    'Vaše žádost o úvěr na Vás čeká. Pokračovat v ní můžete tam, kde jste skončili:',
    link,
    '',
    'Odkaz je určen jen Vám, nikomu ho prosím nepřeposílejte.',
    '',
    'S pozdravem',
    'Váš úvěrový tým',
  ].join('\n');
}

/**
 * POST /leads/{leadId}/application-form/{id}/resend/: queues the e-mail with the portal's
 * resume link to the applicant. 404 for a form of another lead, 409 for a closed form or
 * when the applicant has no e-mail.
 */
export async function resendApplicationForm(deps: Pick<Deps, 'prisma' | 'config'>, actor: StaffActor, ids: { leadId: number; formId: number }): Promise<ResendFormResponse> {
  return deps.prisma.$transaction(async (tx) => {
    const lead = await findLead(tx, ids.leadId);
    const form = await tx.applicationForm.findFirst({ where: { id: ids.formId, leadId: lead.id } });
    if (!form) throw notFound(leadMessages.applicationFormNotFound);
    if (form.state === 'CLOSED') throw conflict(leadMessages.formClosed, { state: form.state });
    const person = lead.personId ? await tx.person.findUnique({ where: { id: lead.personId } }) : null;
    const recipient = resendRecipientOf(person?.email, form.data);
    if (!recipient) throw conflict(leadMessages.noEmail);

    const link = resumeLink(deps.config, form.token);
    const notification = await queueEmail(deps, tx, {
      name: 'form.resend',
      recipient,
      subject: RESEND_SUBJECT,
      body: resendBody(link),
      entityType: 'Lead',
      entityId: lead.id,
    });
    await recordAudit(tx, actor, {
      action: 'lead.application_form.resend',
      entity: 'Lead',
      entityId: lead.id,
      changes: { form_id: form.id, notification_id: notification.id },
    });
    return { notification_id: notification.id, recipient, link };
  });
}
