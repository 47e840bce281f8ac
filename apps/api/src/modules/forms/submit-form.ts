import { collateralSchema, formMessages, loanSchema, personInfoSchema, type ChosenAddress, type FormState, type RealtyType, type SubmitFormRequest } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { conflict, parseInput } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { ApplicationForm } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { withLockedForm, type Tx } from '../form-access/lock-form.ts';
import { formView, type FormData } from './form-view.ts';
import { savePerson } from './save-person.ts';
import { verifyCompanyId } from './verify-company-id.ts';

const ORDER: FormState[] = ['BASIC_DEAL_INFO', 'PERSON_INFO', 'COLLATERAL_INFO', 'CLOSED'];
const later = (a: FormState | null, b: FormState): FormState => (a && ORDER.indexOf(a) > ORDER.indexOf(b) ? a : b);

export const stepMessages = {
  personFirst: 'Tento krok zatím nelze odeslat: nejprve vyplňte osobní údaje.',
  collateralFirst: 'Žádost zatím nelze dokončit: nejprve vyplňte zajištění.',
};

function requireState(form: ApplicationForm, allowed: (FormState | null)[], message: string) {
  if (!allowed.includes(form.state)) throw conflict(message, { state: form.state });
}

/**
 * One step of the application: BASIC_DEAL_INFO (loan changes), PERSON_INFO, BANKING_INFO
 * (empty), COLLATERAL_INFO, DOCUMENTS (sends it; `finished_at` keeps the first time). The state
 * only moves forward; a step that does not fit the state is a 409; a CLOSED form (its lead was
 * closed) takes nothing.
 */
export async function submitForm(deps: Pick<Deps, 'prisma' | 'config' | 'now'>, actor: PublicActor, input: { token: string; submission: SubmitFormRequest }) {
  const { submission: request } = input;
  const formId = await withLockedForm(deps, input.token, async (tx, form) => {
    const data = (form.data ?? {}) as FormData;
    const lead = form.leadId ? await tx.lead.findUnique({ where: { id: form.leadId } }) : null;
    let next: Partial<Pick<ApplicationForm, 'state'>> & { data?: FormData } = {};

    switch (request.step) {
      case 'BASIC_DEAL_INFO': {
        const loan = parseInput(loanSchema(form.type), request.data);
        if (lead) await tx.lead.update({ where: { id: lead.id }, data: { value: loan.value, installmentValue: loan.installment_value, purpose: loan.purpose || null } });
        next = { data: { ...data, value: loan.value, installment_value: loan.installment_value, purpose: loan.purpose ?? '' } };
        break;
      }
      case 'PERSON_INFO': {
        const person = parseInput(personInfoSchema(form.type), request.data);
        if (person.self_employed_id) await verifyCompanyId(deps, person.self_employed_id, 'self_employed_id');
        if (lead) {
          const coDebtor = await tx.leadParticipant.findFirst({ where: { leadId: lead.id, role: 'DEBTOR', person: { birthNumber: person.birth_number } } });
          if (coDebtor) throw conflict(formMessages.duplicatePerson, { birth_number: [formMessages.duplicatePerson] });
          const personId = await savePerson(tx, { ...person, company_id: person.self_employed_id }, lead.personId);
          if (personId !== lead.personId) {
            await tx.lead.update({ where: { id: lead.id }, data: { personId } });
            if (lead.personId) await dropIfUnused(tx, lead.personId);
          }
        }
        const { consent: _consent, ...rest } = person;
        next = { state: later(form.state, 'PERSON_INFO'), data: { ...data, ...rest, consent_at: deps.now().toISOString() } };
        break;
      }
      case 'BANKING_INFO': {
        requireState(form, ['PERSON_INFO', 'COLLATERAL_INFO'], stepMessages.personFirst);
        next = { data: { ...data, banking_info_at: deps.now().toISOString() } };
        break;
      }
      case 'COLLATERAL_INFO': {
        requireState(form, ['PERSON_INFO', 'COLLATERAL_INFO'], stepMessages.personFirst);
        const collateral = parseInput(collateralSchema, request.data);
        if (lead) await saveCollateral(tx, lead, collateral);
        next = { state: 'COLLATERAL_INFO', data: { ...data, ...collateral } };
        break;
      }
      case 'DOCUMENTS': {
        // Sending the application hands it to staff, but the form stays open: staff may ask for
        // more documents and send an offer to confirm here. It closes with its lead.
        requireState(form, ['COLLATERAL_INFO'], stepMessages.collateralFirst);
        if (lead && lead.state === 'NEW') await tx.lead.update({ where: { id: lead.id }, data: { state: 'IN_PROGRESS' } });
        next = { data: { ...data, finished_at: data.finished_at ?? deps.now().toISOString() } };
        break;
      }
    }
    await tx.applicationForm.update({ where: { id: form.id }, data: { ...next, data: next.data as object } });
    await recordAudit(tx, actor, { action: `form.submit.${request.step.toLowerCase()}`, entity: 'ApplicationForm', entityId: form.id });
    return form.id;
  });
  return formView(deps, formId);
}

async function saveCollateral(
  tx: Tx,
  lead: { id: number; realtyId: number | null },
  collateral: { have_realty: 'yes' | 'no'; realty_address: ChosenAddress | null; realty_type: RealtyType | null },
) {
  if (collateral.have_realty === 'no' || !collateral.realty_address || !collateral.realty_type) {
    if (lead.realtyId) {
      await tx.lead.update({ where: { id: lead.id }, data: { realtyId: null } });
      await tx.realty.deleteMany({ where: { id: lead.realtyId, collateralOfLeads: { none: {} }, rights: { none: {} }, groups: { none: {} } } });
    }
    return;
  }
  const a = collateral.realty_address;
  const realty = { type: collateral.realty_type, wholeAddress: a.whole_address, street: a.street, houseNumber: a.number, city: a.city, zip: a.zip, district: a.district, region: a.region };
  if (lead.realtyId) await tx.realty.update({ where: { id: lead.realtyId }, data: realty });
  else {
    const created = await tx.realty.create({ data: realty });
    await tx.lead.update({ where: { id: lead.id }, data: { realtyId: created.id } });
  }
}

/** A contact-only person made at form creation, superseded by the applicant's known record. */
async function dropIfUnused(tx: Tx, personId: number) {
  // One after another: the transaction's single connection runs one query at a time.
  const leads = await tx.lead.count({ where: { personId } });
  const leadRoles = await tx.leadParticipant.count({ where: { personId } });
  const dealRoles = await tx.dealParticipant.count({ where: { personId } });
  if (leads + leadRoles + dealRoles === 0) await tx.person.delete({ where: { id: personId } });
}
