import { leadConversionMessages, leadMessages, type LeadConversionResponse, type PersonRole } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict, notFound } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { kindOf } from '../deal-models/model-record.ts';
import { defaultAllocationProfile, resolveModel } from '../deal-models/model-terms.ts';
import { today } from '../../../domain/dates.ts';
import { TX_OPTIONS, type Tx } from '../deal-records.ts';
import { DEFAULT_ANNUAL_RATE, DEFAULT_DUE_DAY, payoutDates, termForInstallment } from './offer-terms.ts';

async function answerOf(tx: Tx, dealId: number, leadId: number, created: boolean): Promise<LeadConversionResponse> {
  const [participants, model, group] = await Promise.all([
    tx.dealParticipant.findMany({ where: { dealId }, orderBy: { id: 'asc' } }),
    tx.dealModel.findFirst({ where: { dealId }, orderBy: { version: 'asc' } }),
    tx.realtyGroup.findFirst({ where: { dealId }, orderBy: { id: 'asc' } }),
  ]);
  return {
    deal_id: dealId,
    lead_id: leadId,
    deal_model_id: model?.id ?? null,
    realty_group_id: group?.id ?? null,
    participants: participants.map((p) => ({ person_id: p.personId, role: p.role })),
    created,
  };
}

/**
 * POST /leads/{id}/deal/: the lead whose applicant accepted an offer becomes a deal
 * (NEW_APPLICATION) in one transaction: its person the BORROWER, its other parties DEBTORs, the
 * accepted offer's terms the first deal model (DRAFT; defaults in offer-terms.ts), its realty the
 * collateral (a realty group), the lead CONVERTED; audit-logged. Under the lead's lock and
 * idempotent: a repeated call answers the deal made before (`created: false`, 200).
 */
export async function convertLeadToDeal(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { leadId: number }): Promise<LeadConversionResponse> {
  const { leadId } = input;
  return deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM leads WHERE id = ${leadId} FOR UPDATE`;
    const lead = await tx.lead.findUnique({
      where: { id: leadId },
      include: { participants: { orderBy: { id: 'asc' } }, offers: { where: { appliedAt: { not: null } }, orderBy: { appliedAt: 'desc' }, include: { claimGroups: true } }, deal: true },
    });
    if (!lead) throw notFound(leadMessages.leadNotFound);
    if (lead.deal) return answerOf(tx, lead.deal.id, lead.id, false);
    if (lead.state !== 'OFFER_ACCEPTED') throw conflict(leadConversionMessages.notAccepted, { state: lead.state });
    if (!lead.personId) throw conflict(leadConversionMessages.noPerson);
    const offer = lead.offers[0];
    if (!offer) throw conflict(leadConversionMessages.noOffer);
    const principal = offer.value ?? lead.value;
    if (!principal) throw conflict(leadConversionMessages.noValue);

    const type = lead.dealType ?? 'CONSUMER_LOAN';
    const allocationProfile = defaultAllocationProfile(type);
    const borrower = lead.personId;
    const debtors = [...new Set(lead.participants.map((p) => p.personId))].filter((id) => id !== borrower);
    const participants: { personId: number; role: PersonRole }[] = [{ personId: borrower, role: 'BORROWER' }, ...debtors.map((personId) => ({ personId, role: 'DEBTOR' as const }))];
    const deal = await tx.deal.create({
      data: { type, state: 'NEW_APPLICATION', value: principal, leadId: lead.id, allocationProfile, participants: { create: participants } },
    });

    // An irregular offer's payments are counted into the term; their uneven amounts are left to staff.
    const term =
      offer.kind === 'IRREGULAR'
        ? Math.min(600, Math.max(1, offer.claimGroups.reduce((n, g) => n + g.count, 0)))
        : termForInstallment(principal.toFixed(2), (offer.installmentValue ?? lead.installmentValue ?? principal).toFixed(2), DEFAULT_ANNUAL_RATE);
    let modelId: number | null = null;
    if (kindOf(type) === 'REGULAR') {
      const { disbursementDate, firstDueDate } = payoutDates(today(deps));
      const body = {
        name: 'Podle přijaté nabídky',
        principal: principal.toFixed(2),
        annual_interest_rate: DEFAULT_ANNUAL_RATE,
        term_months: term,
        disbursement_date: disbursementDate,
        first_due_date: firstDueDate,
        due_day: DEFAULT_DUE_DAY,
        installment_type: 'ANNUITY' as const,
        allocation_profile: allocationProfile,
      };
      const { data } = await resolveModel(tx, deal, body, null, true);
      modelId = (await tx.dealModel.create({ data: { ...data, dealId: deal.id, version: 1, state: 'DRAFT', createdById: actor.staffId } })).id;
    }
    const group = lead.realtyId
      ? await tx.realtyGroup.create({ data: { dealId: deal.id, name: 'Zajištění ze žádosti', mortgage: true, realties: { create: { realtyId: lead.realtyId } } } })
      : null;
    await tx.lead.update({ where: { id: lead.id }, data: { state: 'CONVERTED' } });
    await recordAudit(tx, actor, {
      action: 'lead.convert',
      entity: 'Lead',
      entityId: lead.id,
      changes: {
        state: { from: lead.state, to: 'CONVERTED' },
        deal_id: deal.id,
        offer_id: offer.id,
        deal_model_id: modelId,
        realty_group_id: group?.id ?? null,
        participants: participants.map((p) => ({ person_id: p.personId, role: p.role })),
      },
    });
    return answerOf(tx, deal.id, lead.id, true);
  }, TX_OPTIONS);
}
