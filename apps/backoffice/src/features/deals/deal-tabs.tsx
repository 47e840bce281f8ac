import type { ComponentType } from 'react';
import type { Permission } from '@lending/contracts';
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
import { NoticesTab } from './tabs/NoticesTab';
import { IdmEvaluationsTab } from './tabs/IdmEvaluationsTab';
import { HistoryTab } from './tabs/HistoryTab';
import { OverviewTab } from './tabs/OverviewTab';

/** What every tab of the deal page gets; each fetches what it needs itself. */
export interface DealTabProps {
  dealId: number;
  /** Whether the signed-in role holds the tab's permission: without it, no write buttons. */
  canWrite: boolean;
}

export interface DealTab {
  /** The tab in the URL: /deals/12?tab=history. */
  id: string;
  /** The tab's Czech name (also its accessible name). */
  label: string;
  Component: ComponentType<DealTabProps>;
  /** What its writes need (contracts/permissions.ts): the tab offers them only to roles that hold it. */
  permission: Permission;
}

/** The deal page's tabs in their order; the first opens by default. One line per tab. */
export const DEAL_TABS: readonly DealTab[] = [
  { id: 'overview', label: 'Přehled', Component: OverviewTab, permission: 'deals.originate' },
  { id: 'model', label: 'Model a splátkový kalendář', Component: DealModelTab, permission: 'deals.originate' },
  { id: 'claims', label: 'Pohledávky', Component: ClaimsTab, permission: 'claims.write' },
  { id: 'payments', label: 'Platby', Component: PaymentsTab, permission: 'payments.book' },
  { id: 'claims-statements', label: 'Vyčíslení', Component: ClaimsStatementsTab, permission: 'collections.write' },
  { id: 'participants', label: 'Účastníci', Component: ParticipantsTab, permission: 'deals.originate' },
  { id: 'purposes', label: 'Účely a čerpání', Component: PurposesTab, permission: 'deals.originate' },
  { id: 'realties', label: 'Nemovitosti a zajištění', Component: RealtiesTab, permission: 'deals.originate' },
  { id: 'obligations', label: 'Povinnosti', Component: ObligationsTab, permission: 'deals.originate' },
  { id: 'debts', label: 'Dluhy', Component: DebtsTab, permission: 'deals.originate' },
  { id: 'notices', label: 'Upomínky', Component: NoticesTab, permission: 'collections.write' },
  { id: 'enforceable-claims', label: 'Vykonatelné pohledávky', Component: EnforceableClaimsTab, permission: 'collections.write' },
  { id: 'claims-settings', label: 'Nastavení pohledávek', Component: ClaimsSettingsTab, permission: 'claims.write' },
  { id: 'labels', label: 'Štítky', Component: LabelsTab, permission: 'notes.write' },
  { id: 'notes', label: 'Poznámky', Component: NotesTab, permission: 'notes.write' },
  { id: 'idm', label: 'Hodnocení IDM', Component: IdmEvaluationsTab, permission: 'leads.write' },
  { id: 'history', label: 'Historie', Component: HistoryTab, permission: 'notes.write' },
];
