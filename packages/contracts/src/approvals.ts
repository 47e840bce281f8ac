import { z } from './zod-config.ts';
import { defineEnum, type EnumValue } from './enum.ts';
import { money, moneyInput } from './money.ts';
import { booleanQuery, idQuery, orderingQuery, pageQuery } from './query.ts';
import type { Permission } from './permissions.ts';

// Four-eyes (maker–checker, ROLES.md §2, docs/decisions/0045): an action marked four-eyes does
// not execute when asked; it becomes an approval request that another user holding the
// action's checker permission approves (then it executes, validated again) or rejects.

export const ApprovalAction = defineEnum(
  ['DEAL_ACTIVATE', 'DEAL_CLOSE', 'CLAIM_CREATE', 'CLAIM_UPDATE', 'CLAIM_CANCEL', 'CLAIMS_GROUP_UPDATE', 'CLAIMS_GROUP_CANCEL', 'DEAL_MODEL_ACTIVATE', 'PAYMENT_ORDER', 'MANUAL_PAYMENT', 'NOTICE_ACCELERATION'],
  {
    DEAL_ACTIVATE: 'Aktivace obchodu',
    DEAL_CLOSE: 'Ukončení obchodu',
    CLAIM_CREATE: 'Nová pohledávka',
    CLAIM_UPDATE: 'Změna pohledávky',
    CLAIM_CANCEL: 'Zrušení pohledávky',
    CLAIMS_GROUP_UPDATE: 'Změna splátky (skupiny pohledávek)',
    CLAIMS_GROUP_CANCEL: 'Zrušení splátky (skupiny pohledávek)',
    DEAL_MODEL_ACTIVATE: 'Restrukturalizace (nová verze modelu)',
    PAYMENT_ORDER: 'Platební příkaz čerpání',
    MANUAL_PAYMENT: 'Ruční zadání platby',
    NOTICE_ACCELERATION: 'Odeslání oznámení o zesplatnění',
  },
);
export type ApprovalAction = EnumValue<typeof ApprovalAction>;

/** Who may approve (or reject) each action: a permission the maker's colleagues hold. */
export const APPROVAL_CHECKER_PERMISSION: { readonly [A in ApprovalAction]: Permission } = {
  DEAL_ACTIVATE: 'deals.activate',
  DEAL_CLOSE: 'approvals.servicing',
  CLAIM_CREATE: 'approvals.servicing',
  CLAIM_UPDATE: 'approvals.servicing',
  CLAIM_CANCEL: 'approvals.servicing',
  CLAIMS_GROUP_UPDATE: 'approvals.servicing',
  CLAIMS_GROUP_CANCEL: 'approvals.servicing',
  DEAL_MODEL_ACTIVATE: 'approvals.servicing',
  PAYMENT_ORDER: 'payouts.order',
  MANUAL_PAYMENT: 'payments.book',
  NOTICE_ACCELERATION: 'deals.collect',
};

export const ApprovalState = defineEnum(['PENDING', 'EXECUTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED', 'FAILED'], {
  PENDING: 'Čeká na schválení',
  EXECUTED: 'Schváleno a provedeno',
  REJECTED: 'Zamítnuto',
  WITHDRAWN: 'Staženo',
  EXPIRED: 'Vypršelo',
  FAILED: 'Schváleno, ale nešlo provést',
});
export type ApprovalState = EnumValue<typeof ApprovalState>;

export const approvalMessages = {
  ownRequest: 'Vlastní žádost nemůže schválit ani zamítnout ten, kdo ji podal.',
  onlyMakerWithdraws: 'Žádost může stáhnout jen ten, kdo ji podal.',
  notPending: (state: ApprovalState) => `Žádost už není ke schválení (stav: ${ApprovalState.labels[state]}).`,
  expired: 'Žádost vypršela; podejte ji prosím znovu.',
  reasonRequired: 'Uveďte důvod zamítnutí.',
  failed: (reason: string) => `Akci nelze provést: ${reason}`,
  duplicate: (id: number) => `Stejná žádost už čeká na schválení (č. ${id}).`,
  submitted: (id: number) => `Žádost č. ${id} čeká na schválení jiným uživatelem; zatím se nic nezměnilo.`,
} as const;

const staffRef = z.object({ id: z.number().int(), name: z.string() });

/** An approval request (GET /approvals/{id}/, and the 202 answer of a four-eyes action). */
export const approvalRequestView = z.object({
  /** Tells a 202 answer apart from the action's own result. */
  object: z.literal('approval_request'),
  id: z.number().int(),
  action: ApprovalAction.schema,
  state: ApprovalState.schema,
  /** In Czech, e.g. "Nová pohledávka: Poplatek, 12 345,00 Kč, splatná 1. 12. 2026 — obchod #415". */
  summary: z.string(),
  deal: z.number().int().nullable(),
  amount: money.nullable(),
  /** The action's validated input, as it will be executed. */
  input: z.unknown(),
  maker: staffRef,
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  decided_by: staffRef.nullable(),
  decided_at: z.iso.datetime().nullable(),
  /** Why it was rejected (the checker's words). */
  reason: z.string().nullable(),
  /** Why approving it could not execute it (the data had changed), in Czech. */
  failure: z.string().nullable(),
  /** What the execution made, e.g. `{ "payment_order_id": 12 }` or `{ "claim_id": 4711 }`. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalRequestView = z.infer<typeof approvalRequestView>;

/** Whether an answer is an approval request (202) rather than the action's own result. */
export const isApprovalRequest = (value: unknown): value is ApprovalRequestView =>
  typeof value === 'object' && value !== null && (value as { object?: unknown }).object === 'approval_request';

/** GET /approvals/: filters by state, action, maker, deal and age; `actionable` = what the caller may decide. */
export const approvalListQuery = pageQuery.extend({
  state: ApprovalState.schema.optional(),
  action: ApprovalAction.schema.optional(),
  maker: idQuery.optional(),
  deal: idQuery.optional(),
  /** Only requests at least this many days old. */
  older_than_days: z.coerce.number<string>().int().min(0).max(3650).optional(),
  /** Only pending requests the caller may approve (not their own, holding the checker permission). */
  actionable: booleanQuery.optional(),
  ordering: orderingQuery(['created_at', 'expires_at', 'id'], '-created_at'),
});
export type ApprovalListQuery = z.output<typeof approvalListQuery>;

export const approvalRejectRequest = z.object({
  reason: z.string(approvalMessages.reasonRequired).trim().min(1, approvalMessages.reasonRequired).max(2000),
});
export type ApprovalRejectRequest = z.infer<typeof approvalRejectRequest>;

/** One row of the four-eyes settings: whether the action needs a second pair of eyes, from what amount, for how long. */
export const fourEyesSetting = z.object({
  action: ApprovalAction.schema,
  enabled: z.boolean(),
  /** Requests for less than this amount execute at once (null: every amount). */
  threshold: money.nullable(),
  expires_after_days: z.number().int(),
});
export type FourEyesSetting = z.infer<typeof fourEyesSetting>;

export const fourEyesSettingRequest = z.object({
  enabled: z.boolean(),
  threshold: moneyInput({ min: 'zero' }).nullable().default(null),
  expires_after_days: z.number().int().min(1).max(90).default(7),
});
export type FourEyesSettingRequest = z.output<typeof fourEyesSettingRequest>;
