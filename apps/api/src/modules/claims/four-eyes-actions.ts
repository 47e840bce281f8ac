import { czechDay, claimCreateRequest, claimPatch, ClaimsGroupKind, claimsGroupPatch, ClaimType, DealClosedReason, dealStateRequest, formatCzk, subtractMoney, sumMoney, type ApprovalAction } from '@lending/contracts';
import { z } from 'zod';
import type { AnyFourEyesAction, FourEyesAction, Tx } from '../approvals/four-eyes.ts';
import { applyRestructuring } from './activation/apply-restructuring.ts';
import { cancelClaim } from './claims/cancel-claim.ts';
import { createClaim } from './claims/create-claim.ts';
import { updateClaim, type UpdateClaimInput } from './claims/update-claim.ts';
import { deleteClaimsGroup } from './groups/delete-claims-group.ts';
import { updateClaimsGroup, type UpdateClaimsGroupInput } from './groups/update-claims-group.ts';
import { day } from './deal-records.ts';
import { changeDealState } from './state/change-deal-state.ts';

// The four-eyes actions of deals and their claims (ROLES.md §2, docs/decisions/0045): what each
// request is about, and the use case that executes it. The approvals module decides; these know
// the rules.

const dealRef = (dealId: number) => `obchod #${dealId}`;
const SERVICED = ['ACTIVE', 'FILED_FOR_INSOLVENCY'];

async function dealOf(tx: Tx, id: number) {
  return tx.deal.findUnique({ where: { id }, select: { id: true, state: true, value: true } });
}

const stateInput = z.object({ dealId: z.number().int(), transition: dealStateRequest });
type StateInput = z.infer<typeof stateInput>;
const stateResult = (r: { id: number; state: string }) => ({ deal_id: r.id, state: r.state });

/** Activation (generates the claims): four-eyes when the target is ACTIVE. */
export const dealActivation: FourEyesAction<StateInput, Awaited<ReturnType<typeof changeDealState>>> = {
  action: 'DEAL_ACTIVATE',
  input: stateInput,
  async describe(tx, { dealId, transition }) {
    const deal = transition.state === 'ACTIVE' ? await dealOf(tx, dealId) : null;
    if (!deal) return null;
    return { dealId, amount: deal.value.toFixed(2), summary: `Aktivace obchodu #${dealId} (${formatCzk(deal.value.toFixed(2))}); vzniknou pohledávky podle modelu` };
  },
  execute: (deps, actor, input) => changeDealState(deps, actor, input),
  resultOf: stateResult,
};

/** Closing a deal (any closed reason, a write-off among them): four-eyes when the target is CLOSED. */
export const dealClosing: FourEyesAction<StateInput, Awaited<ReturnType<typeof changeDealState>>> = {
  action: 'DEAL_CLOSE',
  input: stateInput,
  async describe(tx, { dealId, transition }) {
    const deal = transition.state === 'CLOSED' ? await dealOf(tx, dealId) : null;
    if (!deal) return null;
    const reason = transition.closed_reason ? DealClosedReason.labels[transition.closed_reason] : 'bez důvodu';
    return { dealId, amount: null, summary: `Ukončení obchodu #${dealId}: ${reason}${transition.note ? ` (${transition.note})` : ''}` };
  },
  execute: (deps, actor, input) => changeDealState(deps, actor, input),
  resultOf: stateResult,
};

/** Which four-eyes action a move of a deal's state is, if any. */
export const dealStateAction = (input: StateInput) => (input.transition.state === 'ACTIVE' ? dealActivation : input.transition.state === 'CLOSED' ? dealClosing : null);

const createInput = z.object({ dealId: z.number().int(), claim: claimCreateRequest });
type CreateInput = z.infer<typeof createInput>;

/** A claim entered by hand on a serviced deal. */
export const claimCreation: FourEyesAction<CreateInput, Awaited<ReturnType<typeof createClaim>>> = {
  action: 'CLAIM_CREATE',
  input: createInput,
  async describe(tx, { dealId, claim }) {
    const deal = await dealOf(tx, dealId);
    if (!deal || !SERVICED.includes(deal.state)) return null;
    return { dealId, amount: claim.amount, summary: `Nová pohledávka: ${ClaimType.labels[claim.type]}, ${formatCzk(claim.amount)}, splatná ${czechDay(claim.due_date)} — ${dealRef(dealId)}` };
  },
  execute: (deps, actor, input) => createClaim(deps, actor, input),
  resultOf: (claim) => ({ claim_id: claim.id }),
};

const updateInput = z.object({ dealId: z.number().int(), id: z.number().int(), partial: z.boolean(), changes: claimPatch });

async function claimOf(tx: Tx, dealId: number, id: number) {
  const claim = await tx.claim.findFirst({ where: { id, dealId }, include: { deal: { select: { state: true } } } });
  return claim && SERVICED.includes(claim.deal.state) ? claim : null;
}

/** A change of a claim's amount, due date, description or creditor on a serviced deal: the larger of its amounts counts for the threshold. */
export const claimChange: FourEyesAction<UpdateClaimInput, Awaited<ReturnType<typeof updateClaim>>> = {
  action: 'CLAIM_UPDATE',
  input: updateInput as unknown as z.ZodType<UpdateClaimInput>,
  async describe(tx, { dealId, id, changes }) {
    const claim = await claimOf(tx, dealId, id);
    if (!claim) return null;
    const before = claim.amount.toFixed(2);
    const after = changes.amount ?? before;
    const parts = [
      ...(after !== before ? [`částka ${formatCzk(before)} → ${formatCzk(after)}`] : []),
      ...(changes.due_date !== undefined && changes.due_date !== day(claim.dueDate) ? [`splatnost ${czechDay(day(claim.dueDate))} → ${czechDay(changes.due_date)}`] : []),
      ...(changes.description !== undefined ? ['popis'] : []),
      ...(changes.creditor !== undefined ? ['věřitel'] : []),
    ];
    const larger = claim.amount.gt(after) ? before : after;
    return { dealId, amount: larger, summary: `Změna pohledávky č. ${id} (${ClaimType.labels[claim.type as keyof typeof ClaimType.labels]}): ${parts.join(', ') || 'beze změny'} — ${dealRef(dealId)}` };
  },
  execute: (deps, actor, input) => updateClaim(deps, actor, input),
  resultOf: (claim) => ({ claim_id: claim.id }),
};

const cancelInput = z.object({ dealId: z.number().int(), id: z.number().int() });
type CancelInput = z.infer<typeof cancelInput>;

/** Cancelling a claim of a serviced deal (claims are never deleted). */
export const claimCancellation: FourEyesAction<CancelInput, void> = {
  action: 'CLAIM_CANCEL',
  input: cancelInput,
  async describe(tx, { dealId, id }) {
    const claim = await claimOf(tx, dealId, id);
    if (!claim) return null;
    const amount = claim.amount.toFixed(2);
    return { dealId, amount, summary: `Zrušení pohledávky č. ${id} (${ClaimType.labels[claim.type as keyof typeof ClaimType.labels]}, ${formatCzk(amount)}, splatná ${czechDay(day(claim.dueDate))}) — ${dealRef(dealId)}` };
  },
  execute: (deps, actor, input) => cancelClaim(deps, actor, input),
  resultOf: () => ({}),
};

/** A claims group (an installment) of a serviced deal with its live claims, or null. */
async function groupOf(tx: Tx, dealId: number, kind: string, id: number) {
  const group = await tx.claimsGroup.findFirst({
    where: { id, dealId, kind: kind as ClaimsGroupKind },
    include: { deal: { select: { state: true } }, claims: { where: { cancelledAt: null }, select: { type: true, amount: true } } },
  });
  return group && SERVICED.includes(group.deal.state) ? group : null;
}
const groupName = (kind: string, number: number, due: Date) => `${ClaimsGroupKind.labels[kind as ClaimsGroupKind] ?? kind} č. ${number} splatná ${czechDay(day(due))}`;

const groupUpdateInput = z.object({ dealId: z.number().int(), kind: ClaimsGroupKind.schema, id: z.number().int(), partial: z.boolean(), changes: claimsGroupPatch });

/** A change of an installment (due date, note, amounts by claim type) of a serviced deal. */
export const claimsGroupChange: FourEyesAction<UpdateClaimsGroupInput, Awaited<ReturnType<typeof updateClaimsGroup>>> = {
  action: 'CLAIMS_GROUP_UPDATE',
  input: groupUpdateInput as unknown as z.ZodType<UpdateClaimsGroupInput>,
  async describe(tx, { dealId, kind, id, changes }) {
    const group = await groupOf(tx, dealId, kind, id);
    if (!group) return null;
    const before = sumMoney(group.claims.map((c) => c.amount.toFixed(2)));
    const amounts = changes.amounts ?? {};
    const after = sumMoney([...group.claims.filter((c) => !(c.type in amounts)).map((c) => c.amount.toFixed(2)), ...Object.values(amounts)]);
    const parts = [
      ...(after !== before ? [`částka ${formatCzk(before)} → ${formatCzk(after)}`] : []),
      ...(changes.due_date !== undefined && changes.due_date !== day(group.dueDate) ? [`splatnost → ${czechDay(changes.due_date)}`] : []),
      ...(changes.note !== undefined ? ['poznámka'] : []),
    ];
    // Exact: compared in haléře, never as floats.
    const larger = subtractMoney(after, before).startsWith('-') ? before : after;
    return { dealId, amount: larger, summary: `Změna splátky: ${groupName(kind, group.number, group.dueDate)}: ${parts.join(', ') || 'beze změny'} — ${dealRef(dealId)}` };
  },
  execute: (deps, actor, input) => updateClaimsGroup(deps, actor, input),
  resultOf: (group) => ({ claims_group_id: group.id }),
};

const groupCancelInput = z.object({ dealId: z.number().int(), kind: ClaimsGroupKind.schema, id: z.number().int() });
type GroupCancelInput = z.infer<typeof groupCancelInput>;

/** Cancelling an installment of a serviced deal, with its claims (kept as history). */
export const claimsGroupCancellation: FourEyesAction<GroupCancelInput, void> = {
  action: 'CLAIMS_GROUP_CANCEL',
  input: groupCancelInput,
  async describe(tx, { dealId, kind, id }) {
    const group = await groupOf(tx, dealId, kind, id);
    if (!group) return null;
    const total = sumMoney(group.claims.map((c) => c.amount.toFixed(2)));
    return { dealId, amount: total, summary: `Zrušení splátky: ${groupName(kind, group.number, group.dueDate)}, ${formatCzk(total)} — ${dealRef(dealId)}` };
  },
  execute: (deps, actor, input) => deleteClaimsGroup(deps, actor, input),
  resultOf: () => ({}),
};

const restructuringInput = z.object({ dealId: z.number().int(), id: z.number().int() });
type RestructuringInput = z.infer<typeof restructuringInput>;

/** A restructuring: a new version of the deal's model replaces the unpaid schedule from its valid_from. */
export const restructuring: FourEyesAction<RestructuringInput, Awaited<ReturnType<typeof applyRestructuring>>> = {
  action: 'DEAL_MODEL_ACTIVATE',
  input: restructuringInput,
  async describe(tx, { dealId, id }) {
    const model = await tx.dealModel.findFirst({ where: { id, dealId }, select: { principal: true, validFrom: true } });
    if (!model) return null;
    const from = model.validFrom ? ` od ${czechDay(day(model.validFrom))}` : '';
    return { dealId, amount: model.principal.toFixed(2), summary: `Restrukturalizace obchodu #${dealId}: verze modelu č. ${id}${from}, jistina ${formatCzk(model.principal.toFixed(2))}` };
  },
  execute: (deps, actor, input) => applyRestructuring(deps, actor, input),
  resultOf: (r) => ({ deal_model_id: r.deal_model.id, superseded_model_id: r.superseded_model_id }),
};

export const claimsFourEyesActions: { [A in ApprovalAction]?: AnyFourEyesAction } = {
  DEAL_ACTIVATE: dealActivation,
  DEAL_CLOSE: dealClosing,
  CLAIM_CREATE: claimCreation,
  CLAIM_UPDATE: claimChange,
  CLAIM_CANCEL: claimCancellation,
  CLAIMS_GROUP_UPDATE: claimsGroupChange,
  CLAIMS_GROUP_CANCEL: claimsGroupCancellation,
  DEAL_MODEL_ACTIVATE: restructuring,
};
