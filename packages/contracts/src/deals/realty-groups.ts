// Contracts of the deals work (issue 13): a deal's realty groups, their estimations and the
// loan-to-value evaluation (backoffice.md §7 "realty-groups"; docs/decisions/0028-realty-groups-and-ltv.md).
import { z } from '../zod-config.ts';
import { RealtyType } from '../enums.ts';
import { isoDayInput } from '../dates.ts';
import { money, moneyInput } from '../money.ts';
import { recordId } from '../ids.ts';
import { booleanQuery, orderingQuery, pageQuery } from '../query.ts';

export const realtyGroupMessages = {
  realtiesList: 'Zadejte seznam čísel nemovitostí.',
  realtiesDuplicate: 'Každou nemovitost uveďte jen jednou.',
  realtiesTooMany: 'Skupina může mít nejvýše 50 nemovitostí.',
  booleanQuery: 'Zadejte true nebo false.',
  nameRequired: 'Zadejte název skupiny.',
} as const;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());

/** Ids of the realties in the group: the whole set (what is left out is removed). */
const realtyIds = z
  .array(recordId, { error: realtyGroupMessages.realtiesList })
  .max(50, realtyGroupMessages.realtiesTooMany)
  .refine((ids) => new Set(ids).size === ids.length, realtyGroupMessages.realtiesDuplicate);

/** POST /deals/{dealId}/realty-groups/ and PUT …/{id}/ */
export const realtyGroupRequest = z.object({
  name: z.string({ error: realtyGroupMessages.nameRequired }).trim().min(1, realtyGroupMessages.nameRequired).max(200),
  mortgage: z.boolean().default(false),
  note: optionalText(2000),
  realties: realtyIds.default([]),
});
export type RealtyGroupRequest = z.infer<typeof realtyGroupRequest>;

/** POST /realty-group/: a group created at the top level names its deal. */
export const topRealtyGroupRequest = realtyGroupRequest.extend({ deal_id: recordId });
export type TopRealtyGroupRequest = z.infer<typeof topRealtyGroupRequest>;

/** PATCH: only the fields sent change; `realties`, when sent, is the new set. */
export const realtyGroupPatchRequest = z.object({
  name: realtyGroupRequest.shape.name.optional(),
  mortgage: z.boolean().optional(),
  note: realtyGroupRequest.shape.note,
  realties: realtyIds.optional(),
});
export type RealtyGroupPatchRequest = z.infer<typeof realtyGroupPatchRequest>;

export const REALTY_GROUP_ORDERING_FIELDS = ['id', 'name', 'mortgage', 'created_at'] as const;
export type RealtyGroupOrderingField = (typeof REALTY_GROUP_ORDERING_FIELDS)[number];

/** Query of GET /deals/{dealId}/realty-groups/: `mortgage` (true/false), `ordering` (default `id`), pages. */
export const realtyGroupListQuery = pageQuery.extend({
  mortgage: booleanQuery.optional(),
  ordering: orderingQuery(REALTY_GROUP_ORDERING_FIELDS, 'id'),
});
export type RealtyGroupListQuery = z.output<typeof realtyGroupListQuery>;

export const realtyEstimationRequest = z.object({
  value: moneyInput({ min: 'positive' }),
  estimated_at: isoDayInput,
  estimator: optionalText(200),
  note: optionalText(2000),
});
export type RealtyEstimationRequest = z.infer<typeof realtyEstimationRequest>;

export const realtyEstimation = z.object({
  id: z.number().int(),
  realty_group_id: z.number().int(),
  value: money,
  estimated_at: z.string().describe('YYYY-MM-DD'),
  estimator: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type RealtyEstimation = z.infer<typeof realtyEstimation>;

export const realtyGroupRealty = z.object({
  id: z.number().int(),
  type: RealtyType.schema,
  whole_address: z.string().nullable(),
  lv_number: z.string().nullable(),
  cadastral_area_name: z.string().nullable(),
});

export const realtyGroup = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  name: z.string().nullable(),
  mortgage: z.boolean(),
  note: z.string().nullable(),
  realties: z.array(realtyGroupRealty),
  /** The estimation the loan-to-value is computed from (latest estimated_at, then latest entered). */
  latest_estimation: realtyEstimation.nullable(),
  /** The loan-to-value of the latest evaluation, per cent ("81.25"); null before one. */
  ltv: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RealtyGroup = z.infer<typeof realtyGroup>;

/** Where the outstanding principal came from: unpaid principal claims, or the deal model before activation. */
export const PRINCIPAL_SOURCES = ['CLAIMS', 'DEAL_MODEL'] as const;

export const realtyGroupEvaluation = z.object({
  id: z.number().int(),
  realty_group_id: z.number().int(),
  evaluated_at: z.string(),
  estimation_id: z.number().int().nullable(),
  estimate: money,
  previous_estimate: money.nullable(),
  outstanding_principal: money,
  principal_source: z.enum(PRINCIPAL_SOURCES),
  /** Loan-to-value in per cent, rounded half-up to two places; the notice decision reads this value. */
  ltv: z.string().describe('per cent, e.g. "81.25"'),
  must_notify: z.boolean(),
  /** Why the debtor must be notified, in Czech; empty when not. */
  reason: z.string(),
  evaluated_by_id: z.number().int().nullable(),
});
export type RealtyGroupEvaluation = z.infer<typeof realtyGroupEvaluation>;
