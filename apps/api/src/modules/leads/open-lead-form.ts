import { formTypeOfDealType, type ChosenAddress } from '@lending/contracts';
import type { ApplicationForm, Lead } from '../../generated/prisma/client.ts';
import { newFormToken } from '../form-access/form-token.ts';
import type { Tx } from './find-lead.ts';

/**
 * A portal form for a lead that has none (a partner's lead, or one founded in the back-office),
 * so the applicant can confirm an offer and finish the application in the portal. The loan and
 * what the lender knows of the person are prefilled; the state is BASIC_DEAL_INFO, so the
 * applicant still confirms the personal data and gives the portal's consent there.
 */
export async function openLeadForm(tx: Tx, lead: Lead): Promise<ApplicationForm> {
  const person = lead.personId
    ? await tx.person.findUnique({ where: { id: lead.personId }, include: { addresses: { where: { type: 'PERMANENT' }, orderBy: { id: 'desc' }, take: 1 } } })
    : null;
  const address = person?.addresses[0];
  const permanent: ChosenAddress | undefined =
    address && address.city && address.zip
      ? { whole_address: address.wholeAddress, street: address.street, number: address.houseNumber, city: address.city, zip: address.zip, district: address.district, region: address.region }
      : undefined;
  const known = {
    value: lead.value?.toNumber(),
    installment_value: lead.installmentValue?.toNumber(),
    purpose: lead.purpose,
    first_name: person?.firstName,
    last_name: person?.lastName,
    email: person?.email,
    phone: person?.phone,
    birth_number: person?.birthNumber,
    identity_card: person?.identityCard,
    permanent_address: permanent,
    self_employed_id: person?.companyId,
  };
  return tx.applicationForm.create({
    data: {
      token: newFormToken(),
      type: formTypeOfDealType(lead.dealType),
      dealType: 'UNI_LOAN_LEAD_FORM',
      state: 'BASIC_DEAL_INFO',
      leadId: lead.id,
      data: Object.fromEntries(Object.entries(known).filter(([, v]) => v !== null && v !== undefined && v !== '')),
    },
  });
}
