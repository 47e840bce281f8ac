import type { LeadDetail } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { findLead, type Tx } from './find-lead.ts';
import { leadActions, resendRecipientOf } from './lead-actions.ts';
import { iso, latestFormOrder, leadListInclude, leadListItemOf, offerViewOf, personName } from './lead-views.ts';

const detailInclude = {
  ...leadListInclude,
  person: {
    include: {
      addresses: { where: { type: 'PERMANENT' }, orderBy: { id: 'desc' }, take: 1 },
      _count: { select: { blacklistEntries: true } },
    },
  },
  participants: { include: { person: true }, orderBy: { id: 'asc' } },
  realty: true,
  applicationForms: { orderBy: latestFormOrder, take: 1, include: { _count: { select: { documents: true } } } },
  offers: { include: { claimGroups: true }, orderBy: { id: 'desc' } },
  deal: { select: { id: true } },
} satisfies Prisma.LeadInclude;

/** GET /leads/{id}/: the lead with its person, parties, latest form, offers, e-mails and closing. */
export async function getLead(deps: Pick<Deps, 'prisma'> | { prisma: Tx }, _actor: Actor, input: { id: number }): Promise<LeadDetail> {
  const { id } = input;
  await findLead(deps.prisma, id);
  const lead = await deps.prisma.lead.findUniqueOrThrow({ where: { id }, include: detailInclude });
  // The outbox refers to its subject by name and id, not by a foreign key.
  const emails = await deps.prisma.notification.findMany({ where: { entityType: 'Lead', entityId: String(id), type: 'EMAIL' }, orderBy: { id: 'desc' }, take: 50 });
  const person = lead.person;
  const form = lead.applicationForms[0];
  return {
    ...leadListItemOf(lead),
    purpose: lead.purpose,
    external_id: lead.externalId,
    person_summary: person
      ? {
          id: person.id,
          name: personName(person),
          first_name: person.firstName,
          last_name: person.lastName,
          company_name: person.companyName,
          company_id: person.companyId,
          email: person.email,
          phone: person.phone,
          phone_e164: person.phoneE164,
          birth_date: person.birthDate ? person.birthDate.toISOString().slice(0, 10) : null,
          permanent_address: person.addresses[0]?.wholeAddress ?? null,
          has_execution: person.hasExecution,
          has_insolvency: person.hasInsolvency,
          is_blacklisted: person._count.blacklistEntries > 0,
        }
      : null,
    utm: { source: lead.utmSource, campaign: lead.utmCampaign, medium: lead.utmMedium },
    participants: lead.participants.map((p) => ({
      id: p.id,
      role: p.role,
      person: { id: p.person.id, name: personName(p.person), email: p.person.email, phone: p.person.phone, phone_e164: p.person.phoneE164 },
    })),
    realty: lead.realty ? { id: lead.realty.id, type: lead.realty.type, whole_address: lead.realty.wholeAddress } : null,
    application_form: form
      ? {
          id: form.id,
          token: form.token,
          type: form.type,
          deal_type: form.dealType,
          state: form.state,
          offer_applied: form.offerApplied,
          documents_count: form._count.documents,
          created_at: form.createdAt.toISOString(),
          updated_at: form.updatedAt.toISOString(),
          closed_at: iso(form.closedAt),
        }
      : null,
    offers: lead.offers.map(offerViewOf),
    emails: emails.map((n) => ({
      id: n.id,
      name: n.name,
      recipient: n.recipient,
      subject: n.subject,
      body: n.body,
      state: n.state,
      attempts: n.attempts,
      error: n.error,
      created_at: n.createdAt.toISOString(),
      sent_at: iso(n.sentAt),
    })),
    closed_note: lead.closedNote,
    closed_at: iso(lead.closedAt),
    assigned_to_id: lead.assignedToId,
    deal_id: lead.deal?.id ?? null,
    actions: leadActions({
      state: lead.state,
      form: form ?? null,
      hasPerson: person !== null,
      recipient: person?.email?.trim() || null,
      resendRecipient: resendRecipientOf(person?.email, form?.data),
    }),
  };
}
