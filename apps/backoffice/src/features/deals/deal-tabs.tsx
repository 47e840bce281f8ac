import type { ComponentType } from 'react';
import { ClaimsSettingsTab } from './tabs/ClaimsSettingsTab';
import { ClaimsTab } from './tabs/ClaimsTab';
import { DealModelTab } from './tabs/DealModelTab';
import { PaymentsTab } from './tabs/PaymentsTab';
import { ClaimsStatementsTab } from './tabs/ClaimsStatementsTab';
import { ParticipantsTab } from './tabs/ParticipantsTab';
import { PurposesTab } from './tabs/PurposesTab';
import { RealtiesTab } from './tabs/RealtiesTab';
import { ObligationsTab } from './tabs/ObligationsTab';
import { DebtsTab } from './tabs/DebtsTab';
import { EnforceableClaimsTab } from './tabs/EnforceableClaimsTab';
import { LabelsTab } from './tabs/LabelsTab';
import { NotesTab } from './tabs/NotesTab';
import { IdmEvaluationsTab } from './tabs/IdmEvaluationsTab';
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
  { id: 'model', label: 'Model a splátkový kalendář', Component: DealModelTab },
  { id: 'claims', label: 'Pohledávky', Component: ClaimsTab },
  { id: 'payments', label: 'Platby', Component: PaymentsTab },
  { id: 'claims-statements', label: 'Vyčíslení', Component: ClaimsStatementsTab },
  { id: 'participants', label: 'Účastníci', Component: ParticipantsTab },
  { id: 'purposes', label: 'Účely a čerpání', Component: PurposesTab },
  { id: 'realties', label: 'Nemovitosti a zajištění', Component: RealtiesTab },
  { id: 'obligations', label: 'Povinnosti', Component: ObligationsTab },
  { id: 'debts', label: 'Dluhy', Component: DebtsTab },
  { id: 'enforceable-claims', label: 'Vykonatelné pohledávky', Component: EnforceableClaimsTab },
  { id: 'claims-settings', label: 'Nastavení pohledávek', Component: ClaimsSettingsTab },
  { id: 'labels', label: 'Štítky', Component: LabelsTab },
  { id: 'notes', label: 'Poznámky', Component: NotesTab },
  { id: 'idm', label: 'Hodnocení IDM', Component: IdmEvaluationsTab },
  { id: 'history', label: 'Historie', Component: HistoryTab },
];
