import { DocumentCategory, moneyOf, type LeadDetail, type LeadListItem, type OfferView, type StaffFormDocument } from '@lending/contracts';
import { Prisma, type ApplicationClosedReason, type FormDocument, type Offer, type OfferClaimGroup, type Person } from '../../generated/prisma/client.ts';

export const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** "Jana Nováková", the company's name for a legal person, or "Osoba č. 12" when nameless. */
export function personName(p: Pick<Person, 'id' | 'firstName' | 'lastName' | 'companyName'>): string {
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ').trim();
  return name || p.companyName?.trim() || `Osoba č. ${p.id}`;
}

export const closedReasonRefOf = (r: Pick<ApplicationClosedReason, 'id' | 'code' | 'name'> | null) => (r ? { id: r.id, code: r.code, name: r.name } : null);

/** What a lead list row needs from the database. */
export const leadListInclude = {
  person: { select: { id: true, firstName: true, lastName: true, companyName: true } },
  closedReason: { select: { id: true, code: true, name: true } },
} satisfies Prisma.LeadInclude;
type LeadRow = Prisma.LeadGetPayload<{ include: typeof leadListInclude }>;

export function leadListItemOf(lead: LeadRow): LeadListItem {
  return {
    id: lead.id,
    state: lead.state,
    source: lead.source,
    deal_type: lead.dealType,
    value: moneyOf(lead.value),
    installment_value: moneyOf(lead.installmentValue),
    person: lead.person ? { id: lead.person.id, name: personName(lead.person) } : null,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
    closed_reason: closedReasonRefOf(lead.closedReason),
    offer_applied: lead.offerApplied,
  };
}

export function offerViewOf(offer: Offer & { claimGroups: OfferClaimGroup[] }): OfferView {
  const groups = [...offer.claimGroups].sort((a, b) => a.order - b.order);
  // Sum of count × amount of each group, exact (Decimal): every payment the applicant makes.
  const total = groups.reduce((sum, g) => sum.plus(g.amount.times(g.count)), new Prisma.Decimal(0));
  return {
    id: offer.id,
    kind: offer.kind,
    value: moneyOf(offer.value),
    installment_value: moneyOf(offer.installmentValue),
    claim_groups: groups.map((g) => ({ order: g.order, count: g.count, amount: moneyOf(g.amount)! })),
    total_amount: offer.kind === 'IRREGULAR' ? moneyOf(total) : null,
    sent_at: iso(offer.sentAt),
    applied_at: iso(offer.appliedAt),
    created_by_id: offer.createdById,
    created_at: offer.createdAt.toISOString(),
  };
}

export function staffDocumentUrl(leadId: number, formId: number, documentId: number): string {
  return `/api/v1/leads/${leadId}/application-form/${formId}/documents/${documentId}/download/`;
}

export function staffDocumentOf(leadId: number, formId: number, d: FormDocument): StaffFormDocument {
  return {
    id: d.id,
    category: d.category,
    category_label: DocumentCategory.labels[d.category],
    file_name: d.fileName,
    mime_type: d.mimeType,
    size: d.size,
    verified_at: iso(d.verifiedAt),
    created_at: d.createdAt.toISOString(),
    download_url: staffDocumentUrl(leadId, formId, d.id),
  };
}

/** The lead's latest application form: the newest by creation (id breaks ties). */
export const latestFormOrder = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.ApplicationFormOrderByWithRelationInput[];

export type { LeadDetail };
