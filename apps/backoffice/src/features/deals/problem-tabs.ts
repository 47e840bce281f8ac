import type { DealProblemCode } from '@lending/contracts';

/** Where staff fix each problem `validate` lists: the id of a tab of deal-tabs.tsx. */
export const PROBLEM_TABS: Partial<Record<DealProblemCode, string>> = {
  NO_DEBTOR: 'participants',
  NO_DEAL_MODEL: 'model',
  NO_DRAFT_MODEL: 'model',
  INVALID_DEAL_MODEL: 'model',
  MISSING_PURPOSE: 'purposes',
  PURPOSE_MISMATCH: 'purposes',
  MISSING_COLLATERAL: 'realties',
  UNDELIVERED_OBLIGATION: 'obligations',
  OUTSTANDING_CLAIMS: 'claims',
};
