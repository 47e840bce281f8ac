import { leadMessages, type CloseLeadRequest, type LeadDetail } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockLead } from './find-lead.ts';
import { getLead } from './get-lead.ts';

/**
 * POST /leads/{id}/close/: closes the lead with an active reason (id or code) and a note.
 * A closed or converted lead answers 409. The lead's forms still open are closed with it, so
 * the applicant can no longer change the application or confirm an offer of a closed lead.
 */
export async function closeLead(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { leadId: number; closing: CloseLeadRequest }): Promise<LeadDetail> {
  const { leadId, closing: body } = input;
  return deps.prisma.$transaction(async (tx) => {
    // Forms first, then the lead: the order of the applicant's writes (a form's lock, then its
    // lead), so closing while the applicant confirms an offer waits instead of deadlocking.
    await tx.$queryRaw`SELECT id FROM application_forms WHERE lead_id = ${leadId} ORDER BY id FOR UPDATE`;
    const lead = await lockLead(tx, leadId);
    if (lead.state === 'CLOSED') throw conflict(leadMessages.alreadyClosed, { state: lead.state });
    if (lead.state === 'CONVERTED') throw conflict(leadMessages.converted, { state: lead.state });
    const reason =
      typeof body.reason === 'number'
        ? await tx.applicationClosedReason.findUnique({ where: { id: body.reason } })
        : /^\d+$/.test(body.reason) && Number(body.reason) <= 2_147_483_647
          ? await tx.applicationClosedReason.findUnique({ where: { id: Number(body.reason) } })
          : await tx.applicationClosedReason.findUnique({ where: { code: body.reason.toUpperCase() } });
    if (!reason || !reason.isActive) throw invalid({ reason: [leadMessages.reasonUnknown] });

    const now = deps.now();
    await tx.lead.update({
      where: { id: lead.id },
      data: { state: 'CLOSED', closedReasonId: reason.id, closedNote: body.note ?? null, closedAt: now },
    });
    const forms = await tx.applicationForm.updateManyAndReturn({
      where: { leadId: lead.id, OR: [{ state: null }, { state: { not: 'CLOSED' } }] },
      data: { state: 'CLOSED', closedAt: now },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: 'lead.close',
      entity: 'Lead',
      entityId: lead.id,
      changes: {
        state: { from: lead.state, to: 'CLOSED' },
        closed_reason: reason.code,
        ...(body.note ? { note: body.note } : {}),
        ...(forms.length ? { closed_forms: forms.map((f) => f.id) } : {}),
      },
    });
    return getLead({ prisma: tx }, actor, { id: lead.id });
  });
}
