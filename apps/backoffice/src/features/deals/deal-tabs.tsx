import type { ComponentType } from 'react';
import { HistoryTab } from './tabs/HistoryTab';
import { OverviewTab } from './tabs/OverviewTab';

/** What every tab of the deal page gets; each fetches what it needs itself. */
export interface DealTabProps {
  dealId: number;
  /** False for VIEWER (and while the deal is shown read-only): no write buttons. */
  canWrite: boolean;
}

export interface DealTab {
  /** The tab in the URL: /deals/12?tab=history. */
  id: string;
  /** The tab's Czech name (also its accessible name). */
  label: string;
  Component: ComponentType<DealTabProps>;
}

/** The deal page's tabs in their order; the first opens by default. One line per tab. */
export const DEAL_TABS: readonly DealTab[] = [
  { id: 'overview', label: 'Přehled', Component: OverviewTab },
  { id: 'history', label: 'Historie', Component: HistoryTab },
];
