import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { findFormByToken } from '../form-access/form-token.ts';
import { formView, maskValue } from './form-view.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const wholeAddress = (v: unknown) => (v && typeof v === 'object' && 'whole_address' in v ? text((v as { whole_address: unknown }).whole_address) : null);

/** What the portal's summary panel lists (portal.md §2), personal numbers masked. */
export async function previewForm(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { token: string }) {
  const form = await findFormByToken(deps, input.token);
  const view = await formView(deps, form.id, { raw: true });
  const d = view.raw_data ?? {};
  const hasPerson = Boolean(d.first_name || d.last_name);
  return {
    token: view.token,
    type: view.type,
    state: view.state,
    loan: { value: (d.value as number | undefined) ?? null, installment_value: (d.installment_value as number | undefined) ?? null, purpose: text(d.purpose) || null },
    person: hasPerson
      ? {
          first_name: text(d.first_name),
          last_name: text(d.last_name),
          email: text(d.email),
          phone: text(d.phone),
          permanent_address: wholeAddress(d.permanent_address),
          birth_number: d.birth_number ? maskValue(d.birth_number) : null,
          identity_card: d.identity_card ? maskValue(d.identity_card) : null,
          self_employed_id: text(d.self_employed_id) || null,
        }
      : null,
    co_debtors: view.co_debtors.map((c) => ({ id: c.id, name: `${c.first_name} ${c.last_name}`.trim(), phone: c.phone, address: c.permanent_address?.whole_address ?? null })),
    collateral: d.have_realty === 'yes' ? { address: wholeAddress(d.realty_address), type: text(d.realty_type) || null } : null,
    is_offer_applied: view.is_offer_applied,
  };
}
