// Contracts of claims statements (vyčíslení pohledávky; issue 14, backoffice.md §7
// "claims-statements", docs/decisions/0036): a dated statement of everything a deal owes,
// ordered as one allocation profile would pay it, and its export as a PDF or XLSX file.
import { z } from './zod-config.ts';
import { AllocationProfile, ClaimsStatementState, ClaimType } from './enums.ts';
import { isoDayInput } from './dates.ts';
import { money } from './money.ts';
import { orderingQuery, pageQuery } from './query.ts';

export const claimsStatementMessages = {
  notFound: 'Vyčíslení nebylo nalezeno.',
  savedNotDeletable: 'Uložené vyčíslení je vydaný doklad, nelze ho smazat.',
  savedNotEditable: 'Uložené vyčíslení je vydaný doklad, nelze ho měnit. Vytvořte nové vyčíslení.',
  inProgress: 'Vyčíslení se právě počítá; zkuste to za chvíli znovu.',
  notValidSave: 'Platby obchodu se od výpočtu změnily; vyčíslení nejdřív přepočítejte.',
  alreadySaved: 'Vyčíslení už je uložené.',
  notComputed: 'Vyčíslení ještě není spočítané.',
  format: 'Zvolte formát pdf nebo xlsx.',
} as const;

export const claimsStatementRequest = z.object({
  /** The day the statement is as of (YYYY-MM-DD). */
  as_of: isoDayInput,
  /** Left out or null: the deal's profile (its active model's, else the deal's, else the § 1932 baseline). */
  allocation_profile: AllocationProfile.schema.nullable().optional(),
});
export type ClaimsStatementRequest = z.infer<typeof claimsStatementRequest>;

/** PATCH: only the fields sent change; the statement is then computed again. */
export const claimsStatementPatchRequest = claimsStatementRequest.partial();
export type ClaimsStatementPatchRequest = z.infer<typeof claimsStatementPatchRequest>;

export const CLAIMS_STATEMENT_ORDERING_FIELDS = ['id', 'as_of', 'state', 'created_at'] as const;
export type ClaimsStatementOrderingField = (typeof CLAIMS_STATEMENT_ORDERING_FIELDS)[number];

/** GET /deals/{dealId}/claims-statements/: filter by state, newest first unless asked otherwise. */
export const claimsStatementListQuery = pageQuery.extend({
  state: ClaimsStatementState.schema.optional(),
  ordering: orderingQuery(CLAIMS_STATEMENT_ORDERING_FIELDS, '-id'),
});
export type ClaimsStatementListQuery = z.output<typeof claimsStatementListQuery>;

export const ClaimsStatementFormat = z.enum(['pdf', 'xlsx'], { error: claimsStatementMessages.format });

/** GET {id}/export/: the file; allocation_profile orders the lines as that profile would pay them. */
export const claimsStatementExportQuery = z.object({
  allocation_profile: AllocationProfile.schema.optional(),
  format: ClaimsStatementFormat.default('pdf'),
});
export type ClaimsStatementExportQuery = z.output<typeof claimsStatementExportQuery>;

/** One claim of the statement as of its date. */
export const claimsStatementLine = z.object({
  /** The claim; null for penalty interest accrued by the date but not booked as a claim yet. */
  claim_id: z.number().int().nullable(),
  /** PENALTY_INTEREST: the overdue claim it accrues on. */
  source_claim_id: z.number().int().nullable(),
  type: ClaimType.schema,
  type_label: z.string(),
  due_date: z.string().describe('YYYY-MM-DD'),
  description: z.string().nullable(),
  /** What the claim is as of the date (penalty interest: accrued through the date). */
  amount: money,
  /** Paid by allocations of payments dated on or before the date. */
  paid: money,
  remaining: money,
  /** "<profile>:<rule>" of the rule that would pay it; null when no rule of the profile takes it. */
  rule: z.string().nullable(),
});
export type ClaimsStatementLine = z.infer<typeof claimsStatementLine>;

export const claimsStatementTotal = z.object({ type: ClaimType.schema, type_label: z.string(), remaining: money });

/** The computed figures (null until computed). */
export const claimsStatementContent = z.object({
  contract_number: z.string().nullable(),
  variable_symbol: z.string().nullable(),
  /** The profile the lines are ordered by. */
  allocation_profile: AllocationProfile.schema,
  /** Claims due on or before the date still owed on it, in the order the profile pays them. */
  due: z.array(claimsStatementLine),
  /** Principal not yet due on the date: what early repayment or termination makes due. */
  not_yet_due_principal: z.array(claimsStatementLine),
  /** Remaining of the due claims by type, in the order of the due lines. */
  totals_by_type: z.array(claimsStatementTotal),
  total_due: money,
  total_not_yet_due_principal: money,
  grand_total: money,
  /** What counting payments dated on or before the date brought beyond their allocations. */
  credit: money,
});
export type ClaimsStatementContent = z.infer<typeof claimsStatementContent>;

export const claimsStatement = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  state: ClaimsStatementState.schema,
  state_label: z.string(),
  as_of: z.string().describe('YYYY-MM-DD'),
  allocation_profile: AllocationProfile.schema,
  allocation_profile_label: z.string(),
  content: claimsStatementContent.nullable(),
  computed_at: z.string().nullable(),
  /** When a change of the deal's payments made the figures stale (a saved statement keeps SAVED). */
  invalidated_at: z.string().nullable(),
  saved_at: z.string().nullable(),
  saved_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClaimsStatement = z.infer<typeof claimsStatement>;
