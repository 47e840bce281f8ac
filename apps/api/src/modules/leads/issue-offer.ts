import { leadMessages, offerRequestFor, type OfferIssueResponse } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, parseInput } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueEmail } from '../notifications/queue-email.ts';
import { lockLead } from './find-lead.ts';
import { leadActions } from './lead-actions.ts';
import { latestFormOrder, offerViewOf } from './lead-views.ts';
import { offerEmail } from './offer-email.ts';
import { openLeadForm } from './open-lead-form.ts';
import type { OfferLinkData } from './portal-links.ts';

export const offerMessages = {
  accepted: leadMessages.offerAccepted,
  formClosed: leadMessages.offerFormClosed,
} as const;

/**
 * POST /leads/{id}/offer/: stores a regular or irregular offer, moves the lead to OFFER_SENT and
 * queues the e-mail with the portal link (portal.md §4) to the applicant, with the audit row,
 * all in one transaction. The link leads to the lead's latest form (opened now when the lead has
 * none; 409 when it is CLOSED) and the applicant needs an e-mail.
 */
export async function issueOffer(deps: Pick<Deps, 'prisma' | 'now' | 'config'>, actor: StaffActor, input: { leadId: number; offer: unknown }): Promise<OfferIssueResponse> {
  return deps.prisma.$transaction(async (tx) => {
    const lead = await lockLead(tx, input.leadId);
    const latest = await tx.applicationForm.findFirst({ where: { leadId: lead.id }, orderBy: latestFormOrder });
    const person = lead.personId ? await tx.person.findUnique({ where: { id: lead.personId } }) : null;
    const recipient = person?.email?.trim() || null;
    // The lead's state decides first: a refusal is a 409 with its reason, whatever the body says.
    const allowed = leadActions({ state: lead.state, form: latest, hasPerson: person !== null, recipient, resendRecipient: null }).issue_offer;
    if (!allowed.allowed || !recipient) throw conflict(allowed.reason ?? leadMessages.noEmail, { state: lead.state });
    // A partner's or a back-office lead has no form yet: it gets one, the link's destination.
    const form = latest ?? (await openLeadForm(tx, lead));

    // The bounds are the loan type's (docs/decisions/0003): known only once the form is.
    const request = parseInput(offerRequestFor(form.type), input.offer);

    const now = deps.now();
    const offer = await tx.offer.create({
      data: {
        leadId: lead.id,
        kind: request.kind,
        ...(request.kind === 'REGULAR' ? { value: request.value, installmentValue: request.installment_value } : {}),
        sentAt: now,
        createdById: actor.staffId,
        ...(request.kind === 'IRREGULAR'
          ? { claimGroups: { create: [...request.claim_groups].sort((a, b) => a.order - b.order).map((g) => ({ order: g.order, count: g.count, amount: g.amount })) } }
          : {}),
      },
      include: { claimGroups: true },
    });
    const linkData: OfferLinkData =
      request.kind === 'REGULAR'
        ? { kind: 'REGULAR', value: request.value, installment_value: request.installment_value }
        : { kind: 'IRREGULAR', claim_groups: request.claim_groups };
    const email = offerEmail(deps.config, form.token, linkData);
    const notification = await queueEmail(deps, tx, {
      name: 'lead.offer',
      recipient,
      subject: email.subject,
      body: email.body,
      entityType: 'Lead',
      entityId: lead.id,
    });
    const updated = await tx.lead.update({ where: { id: lead.id }, data: { state: 'OFFER_SENT' } });
    await recordAudit(tx, actor, {
      action: 'lead.offer',
      entity: 'Lead',
      entityId: lead.id,
      changes: {
        offer_id: offer.id,
        kind: offer.kind,
        ...(request.kind === 'REGULAR' ? { value: request.value, installment_value: request.installment_value } : { claim_groups: request.claim_groups }),
        state: { from: lead.state, to: 'OFFER_SENT' },
        ...(latest ? {} : { opened_form_id: form.id }),
        notification_id: notification.id,
      },
    });
    return {
      offer: offerViewOf(offer),
      lead: { id: updated.id, state: updated.state },
      notification: {
        id: notification.id,
        name: notification.name,
        recipient: notification.recipient,
        subject: notification.subject,
        state: notification.state,
        created_at: notification.createdAt.toISOString(),
      },
      link: email.link,
    };
  });
}
