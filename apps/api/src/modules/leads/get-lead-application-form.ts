import { leadMessages, type StaffApplicationForm } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { findLead } from './find-lead.ts';
import { iso, latestFormOrder, staffDocumentOf } from './lead-views.ts';
import { resumeLink } from './portal-links.ts';

/**
 * The lead's latest form as staff see it: the data unmasked (birth number, ID card), the
 * uploaded files with staff download links; not found when the lead has none. A deal shows its
 * lead's form the same way.
 */
export async function staffApplicationFormOf(deps: Pick<Deps, 'prisma' | 'config'>, leadId: number): Promise<StaffApplicationForm> {
  const form = await deps.prisma.applicationForm.findFirst({
    where: { leadId },
    orderBy: latestFormOrder,
    include: { documents: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
  });
  if (!form) throw notFound(leadMessages.applicationFormNotFound);
  return {
    id: form.id,
    lead_id: leadId,
    token: form.token,
    type: form.type,
    deal_type: form.dealType,
    state: form.state,
    offer_applied: form.offerApplied,
    documents_count: form.documents.length,
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
    closed_at: iso(form.closedAt),
    data: (form.data ?? {}) as Record<string, unknown>,
    utm_source: form.utmSource,
    utm_campaign: form.utmCampaign,
    utm_medium: form.utmMedium,
    portal_url: resumeLink(deps.config, form.token),
    documents: form.documents.map((d) => staffDocumentOf(leadId, form.id, d)),
  };
}

/** GET /leads/{id}/application_form/: the lead's latest form as staff see it. */
export async function getLeadApplicationForm(deps: Pick<Deps, 'prisma' | 'config'>, _actor: Actor, input: { leadId: number }): Promise<StaffApplicationForm> {
  await findLead(deps.prisma, input.leadId);
  return staffApplicationFormOf(deps, input.leadId);
}
