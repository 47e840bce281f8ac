import { leadMessages, maskBirthNumber, maskIdentityCard, roleHolds, type StaffApplicationForm } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { findLead } from './find-lead.ts';
import { iso, latestFormOrder, staffDocumentOf } from './lead-views.ts';
import { resumeLink } from './portal-links.ts';

const MASKS: Record<string, (value: string) => string> = { birth_number: maskBirthNumber, identity_card: maskIdentityCard };

/** The form's answers with every birth number and identity card masked, wherever they sit (the applicant's, co-debtors'). */
export function maskedAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedAnswers);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, typeof v === 'string' && v && MASKS[key] ? MASKS[key](v) : maskedAnswers(v)]),
  );
}

/**
 * The lead's latest form as staff see it: the uploaded files with staff download links; the
 * birth numbers and identity cards unmasked for the roles whose work needs them (ROLES.md §1,
 * `persons.identifiers.read`), masked for the others; not found when the lead has none. A deal
 * shows its lead's form the same way.
 */
export async function staffApplicationFormOf(deps: Pick<Deps, 'prisma' | 'config'>, actor: Actor, leadId: number): Promise<StaffApplicationForm> {
  const unmasked = actor.kind === 'staff' && roleHolds(actor.role, 'persons.identifiers.read');
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
    data: (unmasked ? (form.data ?? {}) : maskedAnswers(form.data ?? {})) as Record<string, unknown>,
    utm_source: form.utmSource,
    utm_campaign: form.utmCampaign,
    utm_medium: form.utmMedium,
    portal_url: resumeLink(deps.config, form.token),
    documents: form.documents.map((d) => staffDocumentOf(leadId, form.id, d)),
  };
}

/** GET /leads/{id}/application_form/: the lead's latest form as staff see it. */
export async function getLeadApplicationForm(deps: Pick<Deps, 'prisma' | 'config'>, actor: Actor, input: { leadId: number }): Promise<StaffApplicationForm> {
  await findLead(deps.prisma, input.leadId);
  return staffApplicationFormOf(deps, actor, input.leadId);
}
