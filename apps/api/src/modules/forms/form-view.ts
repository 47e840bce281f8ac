import { loanBounds, moneyOf, type FormResponse } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ApplicationForm } from '../../generated/prisma/client.ts';

export type FormData = Record<string, unknown>;

const MASKED_FIELDS = ['birth_number', 'identity_card'] as const;

/** Personal numbers as dots, as the portal shows them; the length is kept, nothing else. */
export function maskValue(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/[^/\s]/g, '•') : value;
}

export function maskData(data: FormData): FormData {
  const out: FormData = { ...data };
  for (const key of MASKED_FIELDS) if (key in out) out[key] = maskValue(out[key]);
  return out;
}

export function formConfig(form: Pick<ApplicationForm, 'type'>) {
  return {
    steps: ['BASIC_DEAL_INFO', 'PERSON_INFO', 'COLLATERAL_INFO', 'DOCUMENTS'],
    loan_bounds: loanBounds[form.type],
    phone_countries: ['CZ', 'SK'],
    max_upload_bytes: 10 * 1024 * 1024,
  };
}

/** The form as the portal reads it: state, data (masked unless raw), drafts, co-debtors. */
export async function formView(deps: Pick<Deps, 'prisma'>, formId: number, options: { raw?: boolean } = {}): Promise<FormResponse & { raw_data?: FormData }> {
  const form = await deps.prisma.applicationForm.findUniqueOrThrow({
    where: { id: formId },
    include: {
      lead: {
        include: {
          offers: { include: { claimGroups: { orderBy: { order: 'asc' } } }, orderBy: { id: 'asc' } },
          participants: { where: { role: 'DEBTOR' }, include: { person: { include: { addresses: { where: { type: 'PERMANENT' } } } } }, orderBy: { id: 'asc' } },
        },
      },
    },
  });
  const data = (form.data ?? {}) as FormData;
  const offers = form.lead?.offers ?? [];
  const draftOf = (o: (typeof offers)[number]) => ({
    id: o.id,
    kind: o.kind,
    value: moneyOf(o.value),
    installment_value: moneyOf(o.installmentValue),
    claim_groups: o.claimGroups.map((g) => ({ order: g.order, count: g.count, amount: moneyOf(g.amount)! })),
  });
  const applied = offers.filter((o) => o.appliedAt !== null).at(-1);
  return {
    token: form.token,
    type: form.type,
    state: form.state,
    data: maskData(data),
    ...(options.raw ? { raw_data: data } : {}),
    config: formConfig(form),
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
    utm_source: form.utmSource,
    utm_campaign: form.utmCampaign,
    utm_medium: form.utmMedium,
    is_offer_applied: form.offerApplied,
    offer_drafts: offers.filter((o) => o.appliedAt === null).map(draftOf),
    applied_offer: applied ? { ...draftOf(applied), applied_at: applied.appliedAt!.toISOString() } : null,
    reference: form.leadId,
    co_debtors: (form.lead?.participants ?? []).map(({ person }) => {
      const address = person.addresses[0];
      return {
        id: person.id,
        first_name: person.firstName ?? '',
        last_name: person.lastName ?? '',
        phone: person.phone ?? '',
        email: person.email ?? '',
        permanent_address: address
          ? { whole_address: address.wholeAddress, street: address.street, number: address.houseNumber, city: address.city ?? '', zip: address.zip ?? '', district: address.district, region: address.region }
          : null,
        company_id: person.companyId,
      };
    }),
  };
}
