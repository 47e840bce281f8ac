import { DEAL_STATE_TRANSITIONS, dealStatePermission, DealType, type DealDetail, type Permission } from '@lending/contracts';
import { ApiError } from '@lending/api-client';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EMPTY_VALUE, ErrorState, formatMoney, Loading, TabList } from '@lending/ui';
import { parseId } from '../../shared/ids';
import { PageHeader } from '../../shared/ui/Layout';
import { usePermissions } from '../../shared/current-user';
import { useDeal, useRevalidateDeal } from './api';
import { ChangeStateDialog } from './ChangeStateDialog';
import { BreachBadges, DealStateBadge, DpdBadge } from './deal-badges';
import { DEAL_TABS } from './deal-tabs';

export function DealDetailPage() {
  const id = parseId(useParams().id);
  const { data: deal, error, mutate } = useDeal(id);

  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Obchod nebyl nalezen" />
        <p>
          <Link to="/deals">Zpět na seznam obchodů</Link>
        </p>
      </>
    );
  }
  if (error && !deal) {
    return (
      <>
        <PageHeader title={`Obchod #${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Obchod se nepodařilo načíst." />
      </>
    );
  }
  if (!deal) return <Loading label="Načítám obchod…" />;
  return <DealDetailView deal={deal} />;
}

function DealDetailView({ deal }: { deal: DealDetail }) {
  const may = usePermissions();
  const revalidate = useRevalidateDeal(deal.id);
  const [changingState, setChangingState] = useState(false);
  // The moves this role may make: each target state asks its own permission (activation, closing…).
  const canChangeState = may('deals.state') && DEAL_STATE_TRANSITIONS[deal.state].some((target) => may(dealStatePermission(target)));

  return (
    <>
      <p className="breadcrumbs">
        <Link to="/deals">Obchody</Link>
      </p>
      <PageHeader
        title={`Obchod #${deal.id}`}
        documentTitle={`Obchod #${deal.id}${deal.borrower ? ` – ${deal.borrower.name}` : ''}`}
        subtitle={
          <>
            <DealStateBadge state={deal.state} />{' '}
            {deal.borrower ? <Link to={`/persons/${deal.borrower.id}`}>{deal.borrower.name}</Link> : 'Bez dlužníka'}
            {' · '}
            {DealType.labels[deal.type]}
          </>
        }
        actions={
          canChangeState && (
            <button type="button" className="button" onClick={() => setChangingState(true)}>
              Změnit stav
            </button>
          )
        }
      />
      <DealFigures deal={deal} />
      <DealTabs dealId={deal.id} may={may} />

      {canChangeState && (
        <ChangeStateDialog
          deal={deal}
          open={changingState}
          onClose={() => setChangingState(false)}
          onChanged={() => {
            setChangingState(false);
            void revalidate();
          }}
        />
      )}
    </>
  );
}

/** The answers at a glance (SERVICING.md §8): contract, how much is owed and overdue, DPD, breaches. */
function DealFigures({ deal }: { deal: DealDetail }) {
  const figures = [
    { label: 'Číslo smlouvy', value: deal.contract_number ?? EMPTY_VALUE },
    { label: 'Variabilní symbol', value: deal.variable_symbol ?? EMPTY_VALUE },
    { label: 'Hodnota obchodu', value: formatMoney(deal.value) },
    { label: 'Dluží celkem', value: formatMoney(deal.outstanding) },
    // Every claim due and unpaid (penalty interest and fees too); the schedule's figure counts installments only.
    { label: 'Po splatnosti celkem (vč. úroku z prodlení a poplatků)', value: formatMoney(deal.overdue) },
    // Overpayment only when there is some: it waits for the next due date or a refund.
    ...(deal.credit !== '0.00' ? [{ label: 'Přeplatek', value: formatMoney(deal.credit) }] : []),
    { label: 'Dní po splatnosti', value: <DpdBadge days={deal.days_past_due} bucket={deal.dpd_bucket} /> },
    { label: 'Porušení smlouvy', value: deal.breach_types.length ? <BreachBadges types={deal.breach_types} /> : 'Žádné' },
  ];
  return (
    <dl className="card deal-figures" aria-label="Souhrn obchodu">
      {figures.map((figure) => (
        <div key={figure.label} className="deal-figures__item">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The tab bar (WAI-ARIA tabs: arrows, Home, End) with the tab in the URL (`?tab=`). */
function DealTabs({ dealId, may }: { dealId: number; may: (permission: Permission) => boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const current = DEAL_TABS.find((tab) => tab.id === requested) ?? DEAL_TABS[0]!;
  const select = (id: string) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === DEAL_TABS[0]!.id) next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: false },
    );
  };

  const Component = current.Component;
  return (
    <div className="deal-tabs">
      <TabList label="Části obchodu" tabs={DEAL_TABS} selected={current.id} onSelect={select} idPrefix="deal-tab" panelId="deal-tab-panel" />
      <div role="tabpanel" id="deal-tab-panel" aria-labelledby={`deal-tab-${current.id}`} className="tabs__panel">
        <Component key={current.id} dealId={dealId} canWrite={may(current.permission)} />
      </div>
    </div>
  );
}
