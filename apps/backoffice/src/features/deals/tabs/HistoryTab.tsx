import { AllocationProfile, ApprovalAction, BreachType, DealClosedReason, DealState, DealType, NoticeDisablingSetting, PersonRole, type DealHistoryEvent } from '@lending/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type Column, DataTable, formatDate, formatDateTime, formatMoney, Pagination } from '@lending/ui';
import { useCurrentUser } from '../../../shared/current-user';
import { useDealHistory } from '../api';
import type { DealTabProps } from '../deal-tabs';

const PAGE_SIZE = 20;

const ACTIONS: Record<string, string> = {
  'lead.convert': 'Založení ze žádosti',
  'deal.create': 'Založení obchodu',
  'deal.update': 'Úprava údajů',
  'deal.state': 'Změna stavu',
  'deal.export': 'Export seznamu obchodů',
  'deal_model.create': 'Nová verze modelu',
  'deal_model.update': 'Úprava návrhu modelu',
  'deal_model.delete': 'Smazání návrhu modelu',
  'deal_model.activate': 'Restrukturalizace',
  'claim.create': 'Nová pohledávka',
  'claim.update': 'Úprava pohledávky',
  'claim.cancel': 'Zrušení pohledávky',
  'claims.export': 'Export pohledávek',
  'claims_group.update': 'Úprava skupiny pohledávek',
  'claims_group.cancel': 'Zrušení skupiny pohledávek',
  'claims_group_lease.recompute': 'Přepočet nájemného',
  'deal.participant.create': 'Nový účastník',
  'deal.participant.update': 'Změna role účastníka',
  'deal.participant.delete': 'Odebrání účastníka',
  'deal.obligation.create': 'Nová povinnost',
  'deal.obligation.update': 'Úprava povinnosti',
  'deal.obligation.delete': 'Smazání povinnosti',
  'deal.debt.create': 'Nový dluh',
  'deal.debt.update': 'Úprava dluhu',
  'deal.debt.delete': 'Smazání dluhu',
  'deal.enforceable_claim.create': 'Nová vykonatelná pohledávka',
  'deal.enforceable_claim.update': 'Úprava vykonatelné pohledávky',
  'deal.enforceable_claim.delete': 'Smazání vykonatelné pohledávky',
  'deal.claims_setting.create': 'Nové nastavení pohledávek',
  'deal.claims_setting.update': 'Úprava nastavení pohledávek',
  'deal.claims_setting.delete': 'Smazání nastavení pohledávek',
  'deal.label.create': 'Nový štítek',
  'deal.label.update': 'Úprava štítku',
  'deal.label.delete': 'Smazání štítku',
  'deal.note.create': 'Nová poznámka',
  'deal.purpose.create': 'Nový účel',
  'deal.purpose.update': 'Úprava účelu',
  'deal.purpose.delete': 'Smazání účelu',
  'deal.purpose.drawing.create': 'Nové čerpání',
  'deal.purpose.drawing.update': 'Úprava čerpání',
  'deal.purpose.drawing.delete': 'Smazání čerpání',
  'deal.purpose.payment_order.create': 'Platební příkaz',
  'deal.realty_group.create': 'Nová skupina nemovitostí',
  'deal.realty_group.update': 'Úprava skupiny nemovitostí',
  'deal.realty_group.delete': 'Smazání skupiny nemovitostí',
  'deal.realty_group.estimation.create': 'Nový odhad nemovitostí',
  'deal.realty_group.evaluate': 'Vyhodnocení LTV',
  'deal.realty_group.estimation.update': 'Oprava odhadu nemovitostí',
  // The collateral watch (ADR 0051): what it found on the title deed, and staff dealing with it.
  'deal.collateral_alert': 'Změna na listu vlastnictví zajištění',
  'deal.collateral_alert.resolve': 'Upozornění na zajištění vyřízeno',
  'realty.purchase.create': 'Nová koupená nemovitost',
  'realty.purchase.update': 'Úprava koupené nemovitosti',
  'realty.purchase.state': 'Změna stavu koupené nemovitosti',
  'realty.purchase.delete': 'Smazání koupené nemovitosti',
  'deal.claims_statement.create': 'Nové vyčíslení',
  'deal.claims_statement.update': 'Úprava vyčíslení',
  'deal.claims_statement.save': 'Uložení vyčíslení',
  'deal.claims_statement.delete': 'Smazání vyčíslení',
  'deal.payments_download': 'Export plateb obchodu',
  // Four-eyes (ADR 0045): requests and their decisions.
  'approval.request': 'Žádost o schválení',
  'approval.approve': 'Schváleno druhým uživatelem a provedeno',
  'approval.reject': 'Žádost o schválení zamítnuta',
  'approval.withdraw': 'Žádost o schválení stažena',
  'approval.fail': 'Schváleno, ale nešlo provést',
  'approval.expire': 'Žádost o schválení vypršela',
  // Events without an audit entry: booked by a statement or a job, begun and ended by the close of business.
  'payment.booked': 'Platba připsána k obchodu',
  'breach.start': 'Začátek porušení smlouvy',
  'breach.end': 'Konec porušení smlouvy',
};

const FIELDS: Record<string, string> = {
  type: 'Typ obchodu',
  value: 'Hodnota',
  state: 'Stav',
  closed_reason: 'Důvod uzavření',
  contract_number: 'Číslo smlouvy',
  variable_symbol: 'Variabilní symbol',
  external_id: 'Externí ID',
  abp: 'ABP',
  insolvency: 'Insolvence',
  liquidated: 'V likvidaci',
  settings: 'Vypnuté výzvy',
  allocation_profile: 'Alokační profil',
  non_paying_after_days: 'Neplacení od (dní)',
  note: 'Poznámka',
  participants: 'Účastníci',
  activation: 'Aktivace',
};

const ENUM_LABELS: Record<string, Record<string, string>> = {
  state: DealState.labels,
  type: DealType.labels,
  closed_reason: DealClosedReason.labels,
  allocation_profile: AllocationProfile.labels,
  settings: NoticeDisablingSetting.labels,
};

/** One value of a change as staff read it: Czech labels, money, yes/no. */
function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'prázdné';
  if (typeof value === 'boolean') return value ? 'ano' : 'ne';
  if (Array.isArray(value)) return value.length ? value.map((v) => show(field, v)).join(', ') : 'žádné';
  if (typeof value === 'string') {
    const label = ENUM_LABELS[field]?.[value];
    if (label) return label;
    if (field === 'value') return formatMoney(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** `{field: {from, to}}` (updates, state changes) as "Stav: Nová žádost → Dokončení smlouvy"; other values as they are. */
function describeChanges(entry: DealHistoryEvent): string[] {
  const changes = entry.details;
  if (entry.action === 'payment.booked') {
    const p = changes as { direction?: string; amount?: string; date?: string; variable_symbol?: string | null; counter_account_name?: string | null };
    return [
      [`${p.direction === 'OUTGOING_PAYMENT' ? 'Odchozí platba' : 'Příchozí platba'} ${formatMoney(p.amount ?? '')} ze dne ${formatDate(p.date ?? null)}`, p.variable_symbol ? `VS ${p.variable_symbol}` : null, p.counter_account_name]
        .filter(Boolean)
        .join(', '),
    ];
  }
  if (entry.action === 'breach.start' || entry.action === 'breach.end') {
    const b = changes as { type?: string; started_on?: string; ended_on?: string };
    const label = BreachType.labels[b.type as BreachType] ?? b.type ?? '';
    return [entry.action === 'breach.start' ? `${label} od ${formatDate(b.started_on ?? null)}` : `${label} (${formatDate(b.started_on ?? null)} – ${formatDate(b.ended_on ?? null)})`];
  }
  if (entry.action.startsWith('approval.')) {
    // What was asked, in the request's own words, and why it ended as it did.
    const { summary, reason, failure, approval_action: action } = changes as { summary?: string; reason?: string; failure?: string; approval_action?: string };
    return [
      `${ApprovalAction.labels[action as ApprovalAction] ?? action ?? ''}: ${summary ?? ''}`,
      ...(reason ? [`Důvod: ${reason}`] : []),
      ...(failure ? [`Proč nešlo provést: ${failure}`] : []),
    ];
  }
  if (entry.action === 'deal.collateral_alert') {
    // What the watch found, as the alert says it, with the realty.
    const { description, realty_id: realty } = changes as { description?: string; realty_id?: number };
    return [`${description ?? ''}${realty ? ` (nemovitost č. ${realty})` : ''}`];
  }
  return Object.entries(changes as Record<string, unknown>).map(([field, change]) => {
    const label = FIELDS[field] ?? field;
    if (change && typeof change === 'object' && !Array.isArray(change) && 'from' in change && 'to' in change) {
      const { from, to } = change as { from: unknown; to: unknown };
      return `${label}: ${show(field, from)} → ${show(field, to)}`;
    }
    if (field === 'participants' && Array.isArray(change)) {
      const people = (change as { person?: number; role?: string }[]).map((p) => `osoba č. ${p.person ?? '?'} (${PersonRole.labels[p.role as PersonRole] ?? p.role})`);
      return `${label}: ${people.join(', ') || 'žádní'}`;
    }
    if (field === 'activation' && change && typeof change === 'object') {
      const a = change as { claims_groups?: number; claims?: number };
      return `${label}: vzniklo ${a.claims_groups ?? 0} skupin a ${a.claims ?? 0} pohledávek`;
    }
    return `${label}: ${show(field, change)}`;
  });
}

/** "Historie": every staff write on the deal and its parts (models, claims, participants, purposes, four-eyes requests…) with who made it, the payments booked and the breaches, newest first. */
export function HistoryTab({ dealId }: DealTabProps) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useDealHistory(dealId, page);
  const { data: me } = useCurrentUser();
  const who = (entry: DealHistoryEvent) => (!entry.actor ? 'Systém' : me && entry.actor.id === me.id ? `Vy (${entry.actor.name})` : entry.actor.name);

  const columns: Column<DealHistoryEvent>[] = [
    { key: 'when', header: 'Kdy', render: (entry) => formatDateTime(entry.at) },
    {
      key: 'action',
      header: 'Co',
      rowHeader: true,
      render: (entry) =>
        entry.action === 'lead.convert' ? (
          <>
            {ACTIONS[entry.action]} <Link to={`/leads/${entry.entity_id}`}>#{entry.entity_id}</Link>
          </>
        ) : (
          (ACTIONS[entry.action] ?? entry.action)
        ),
    },
    {
      key: 'who',
      header: 'Kdo',
      render: who,
    },
    {
      key: 'changes',
      header: 'Změny',
      render: (entry) => {
        const lines = describeChanges(entry);
        return lines.length ? (
          <ul className="plain-list">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          '—'
        );
      },
    },
  ];

  return (
    <div aria-busy={isLoading || undefined}>
      <DataTable
        caption="Historie změn obchodu"
        captionHidden
        columns={columns}
        rows={data?.results}
        rowKey={(entry) => entry.key}
        error={error}
        onRetry={() => void mutate()}
        texts={{ error: 'Historii obchodu se nepodařilo načíst.', loading: 'Načítám historii…', empty: 'Obchod zatím nemá žádné zaznamenané změny.' }}
      />
      {data && data.count > PAGE_SIZE && <Pagination label="Stránkování historie" page={page} pageSize={PAGE_SIZE} count={data.count} onPageChange={setPage} />}
    </div>
  );
}
