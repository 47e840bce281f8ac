import { formMessages, moneyOf } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { withLockedForm, type Tx } from '../form-access/lock-form.ts';
import { formView } from './form-view.ts';

/** Amounts as canonical decimal strings (moneyInput), compared with the offer's exactly. */
export type OfferChoice = { kind: 'REGULAR'; value: string; installment_value: string } | { kind: 'IRREGULAR'; groups: { order: number; count: number; amount: string }[] };

const fakeOffer = () => invalid({ fake_offer: [formMessages.offerNotValid] });

async function findIssuedOffer(tx: Tx, leadId: number, choice: OfferChoice) {
  const offers = await tx.offer.findMany({
    where: { leadId, kind: choice.kind, appliedAt: null },
    include: { claimGroups: { orderBy: { order: 'asc' } } },
    orderBy: { id: 'desc' },
  });
  return offers.find((offer) => {
    if (choice.kind === 'REGULAR') {
      return moneyOf(offer.value) === choice.value && moneyOf(offer.installmentValue) === choice.installment_value;
    }
    const groups = [...choice.groups].sort((a, b) => a.order - b.order);
    return (
      offer.claimGroups.length === groups.length &&
      offer.claimGroups.every((g, i) => g.order === groups[i]!.order && g.count === groups[i]!.count && moneyOf(g.amount) === groups[i]!.amount)
    );
  });
}

/**
 * The applicant confirms an offer from the e-mail link. It must be one issued for this form's
 * lead (else 400 with `fake_offer`); applying it marks the form offer-based and moves the lead
 * to OFFER_ACCEPTED. A form whose applicant already accepted an offer takes no other: 409 with
 * `code: 'offer_applied'`, so the portal says it is accepted rather than invalid. The lead and
 * the form keep the amounts the applicant asked for; the accepted offer is the Offer row
 * (`applied_at`), shown beside them (docs/decisions/0016).
 */
export async function applyOffer(deps: Pick<Deps, 'prisma' | 'now'>, actor: PublicActor, input: { token: string; choice: OfferChoice }) {
  const { choice } = input;
  const formId = await withLockedForm(deps, input.token, async (tx, form) => {
    if (!form.leadId) throw fakeOffer();
    if (form.offerApplied) throw conflict(formMessages.offerAlreadyApplied, { code: 'offer_applied' });
    const offer = await findIssuedOffer(tx, form.leadId, choice);
    if (!offer) throw fakeOffer();
    const now = deps.now();
    await tx.offer.update({ where: { id: offer.id }, data: { appliedAt: now } });
    await tx.lead.update({
      where: { id: form.leadId },
      data: { offerApplied: true, state: 'OFFER_ACCEPTED' },
    });
    const data = (form.data ?? {}) as Record<string, unknown>;
    await tx.applicationForm.update({
      where: { id: form.id },
      data: { offerApplied: true, data: { ...data, applied_offer_id: offer.id } },
    });
    await recordAudit(tx, actor, { action: 'form.offer.apply', entity: 'Offer', entityId: offer.id, changes: { kind: offer.kind } });
    return form.id;
  });
  return formView(deps, formId);
}
