import type { DealProblemCode } from '@lending/contracts';

/**
 * Where staff fix each problem `validate` lists: the tab's id and name. Ids of tabs other
 * helpers build (model, participants…) are the ones deal-tabs.tsx is expected to give them;
 * the dialog links only to tabs that are present and names the others.
 */
export const PROBLEM_TABS: Partial<Record<DealProblemCode, { tab: string; label: string }>> = {
  NO_DEBTOR: { tab: 'participants', label: 'Účastníci' },
  NO_DEAL_MODEL: { tab: 'model', label: 'Model a splátkový kalendář' },
  NO_DRAFT_MODEL: { tab: 'model', label: 'Model a splátkový kalendář' },
  INVALID_DEAL_MODEL: { tab: 'model', label: 'Model a splátkový kalendář' },
  MISSING_PURPOSE: { tab: 'purposes', label: 'Účely a čerpání' },
  PURPOSE_MISMATCH: { tab: 'purposes', label: 'Účely a čerpání' },
  MISSING_COLLATERAL: { tab: 'realties', label: 'Nemovitosti' },
  UNDELIVERED_OBLIGATION: { tab: 'obligations', label: 'Povinnosti' },
  OUTSTANDING_CLAIMS: { tab: 'claims', label: 'Pohledávky' },
};
