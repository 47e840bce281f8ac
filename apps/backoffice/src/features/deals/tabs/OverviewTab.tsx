import { AllocationProfile, BreachType, DealModelState, DealClosedReason, DealType, InstallmentType, NoticeDisablingSetting, type DealDetail } from '@lending/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EMPTY_VALUE, EmptyState, ErrorState, formatBoolean, formatDate, formatMoney, formatOptionalDateTime, formatDateTime, Loading } from '@lending/ui';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { useDeal, useRevalidateDeal } from '../api';
import { DealStateBadge } from '../deal-badges';
import type { DealTabProps } from '../deal-tabs';
import { EditDealDialog } from '../EditDealDialog';

/** "Přehled": the deal's own fields, flags, notice settings and dates, edited through one dialog. */
export function OverviewTab({ dealId, canWrite }: DealTabProps) {
  const { data: deal, error, mutate } = useDeal(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const [editing, setEditing] = useState(false);

  if (error && !deal) return <ErrorState error={error} onRetry={() => void mutate()} title="Obchod se nepodařilo načíst." />;
  if (!deal) return <Loading label="Načítám obchod…" />;

  return (
    <>
      <div className="detail-grid">
        <Section
          title="Údaje obchodu"
          actions={
            canWrite && (
              <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                Upravit údaje
              </button>
            )
          }
        >
          <DescriptionList
            items={[
              { label: 'Typ obchodu', value: DealType.labels[deal.type] },
              { label: 'Stav', value: <DealStateBadge state={deal.state} /> },
              ...(deal.closed_reason ? [{ label: 'Důvod uzavření', value: DealClosedReason.labels[deal.closed_reason] }] : []),
              { label: 'Hodnota obchodu', value: formatMoney(deal.value) },
              { label: 'Číslo smlouvy', value: deal.contract_number ?? EMPTY_VALUE },
              { label: 'Variabilní symbol', value: deal.variable_symbol ?? EMPTY_VALUE },
              { label: 'Externí ID', value: deal.external_id ?? EMPTY_VALUE },
              { label: 'Dlužník', value: deal.borrower ? <Link to={`/persons/${deal.borrower.id}`}>{deal.borrower.name}</Link> : EMPTY_VALUE },
              { label: 'Žádost', value: deal.lead_id ? <Link to={`/leads/${deal.lead_id}`}>Žádost #{deal.lead_id}</Link> : EMPTY_VALUE },
              { label: 'Alokační profil', value: deal.allocation_profile ? AllocationProfile.labels[deal.allocation_profile] : 'Výchozí' },
              { label: 'Neplacení od', value: `${deal.non_paying_after_days} dní po splatnosti` },
              { label: 'Poznámka', value: deal.note ?? EMPTY_VALUE },
            ]}
          />
        </Section>
        <div className="stack">
          <Section title="Příznaky a nastavení">
            <DescriptionList
              items={[
                { label: 'ABP', value: formatBoolean(deal.abp) },
                { label: 'Insolvence', value: formatBoolean(deal.insolvency) },
                { label: 'V likvidaci', value: formatBoolean(deal.liquidated) },
                { label: 'Vypnuté výzvy', value: deal.settings.length ? deal.settings.map((s) => NoticeDisablingSetting.labels[s]).join(', ') : 'Žádné' },
              ]}
            />
          </Section>
          <Section title="Data">
            <DescriptionList
              items={[
                { label: 'Založeno', value: formatDateTime(deal.created_at) },
                { label: 'Změněno', value: formatDateTime(deal.updated_at) },
                { label: 'Podepsáno', value: formatOptionalDateTime(deal.signed_at) },
                { label: 'Aktivováno', value: formatOptionalDateTime(deal.activated_at) },
                { label: 'Uzavřeno', value: formatOptionalDateTime(deal.closed_at) },
              ]}
            />
          </Section>
        </div>
      </div>
      <ModelSummary deal={deal} />
      <BreachesSection deal={deal} />

      {canWrite && (
        <EditDealDialog
          deal={deal}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void revalidate();
          }}
        />
      )}
    </>
  );
}

/** The terms in force at a glance; the schedule and versions are on the model's own tab. */
function ModelSummary({ deal }: { deal: DealDetail }) {
  const model = deal.deal_model;
  return (
    <Section title="Podmínky podle modelu">
      {!model ? (
        <EmptyState>Obchod zatím nemá model obchodu.</EmptyState>
      ) : (
        <DescriptionList
          items={[
            { label: 'Verze modelu', value: `${model.version} – ${DealModelState.labels[model.state]}` },
            { label: 'Jistina', value: formatMoney(model.principal) },
            { label: 'Úroková sazba', value: `${model.annual_interest_rate.replace(/\.?0+$/, '').replace('.', ',')} % p. a.` },
            { label: 'Doba splácení', value: `${model.term_months} měsíců` },
            { label: 'Typ splácení', value: InstallmentType.labels[model.installment_type] },
            { label: 'Splátka', value: formatMoney(model.installment_value) },
            { label: 'RPSN', value: model.rpsn ? `${model.rpsn.replace('.', ',')} %` : EMPTY_VALUE },
            { label: 'Čerpání', value: formatDate(model.disbursement_date) },
            { label: 'První splátka', value: formatDate(model.first_due_date) },
          ]}
        />
      )}
    </Section>
  );
}

function BreachesSection({ deal }: { deal: DealDetail }) {
  const breaches = deal.breaches ?? [];
  return (
    <Section title="Porušení smlouvy">
      {breaches.length === 0 ? (
        <EmptyState>U obchodu není evidováno žádné porušení smlouvy.</EmptyState>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Porušení smlouvy</caption>
          <thead>
            <tr>
              <th scope="col">Porušení</th>
              <th scope="col">Od</th>
              <th scope="col">Do</th>
            </tr>
          </thead>
          <tbody>
            {breaches.map((breach) => (
              <tr key={breach.id}>
                <th scope="row">{BreachType.labels[breach.type]}</th>
                <td>{formatDate(breach.started_on)}</td>
                <td>{breach.ended_on ? formatDate(breach.ended_on) : 'Trvá'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
