import {
  distraintPatchRequest,
  DealState,
  DealType,
  DistraintState,
  LeadSource,
  LeadState,
  PersonRole,
  RealtyRightType,
  RealtyType,
  type Distraint,
  type DistraintPatchRequest,
  type LeadListItem,
  type PersonDealItem,
  type RealtyRight,
} from '@lending/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { type Column, DataTable, EMPTY_VALUE, EmptyState, enumOptions, ErrorState, ErrorSummary, formatCzk, formatDate, formatDateTime, formatMoney, Loading, Pagination, SelectField, StatusBadge, TextAreaField, toneOf } from '@lending/ui';
import { api } from '../../shared/api';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { EditableList, FormActions } from '../../shared/ui/EditableList';
import { Section } from '../../shared/ui/Layout';
import { CreateDealDialog } from './CreateDealDialog';
import { personPaths, useDistraints, usePersonDeals, usePersonLeads, useRealtyRights } from './api';

const SUB_PAGE_SIZE = 10;

const dealColumns: Column<PersonDealItem>[] = [
  { key: 'number', header: 'Smlouva', rowHeader: true, render: (deal) => <Link to={`/deals/${deal.id}`}>{deal.contract_number ?? `Obchod #${deal.id}`}</Link> },
  { key: 'type', header: 'Typ', render: (deal) => DealType.labels[deal.type] },
  { key: 'state', header: 'Stav', render: (deal) => <StatusBadge label={DealState.labels[deal.state]} tone={toneOf(deal.state)} /> },
  { key: 'value', header: 'Hodnota', numeric: true, render: (deal) => formatCzk(deal.value) },
  { key: 'roles', header: 'Role osoby', render: (deal) => deal.roles.map((role) => PersonRole.labels[role]).join(', ') },
  { key: 'created', header: 'Založeno', render: (deal) => formatDate(deal.created_at) },
];

export function RelatedDealsSection({ personId, canWrite }: { personId: number; canWrite: boolean }) {
  const stateId = useId();
  const [page, setPage] = useState(1);
  const [state, setState] = useState('');
  const [creating, setCreating] = useState(false);
  const { data, error, mutate } = usePersonDeals(personPaths.deals(personId, { page, page_size: SUB_PAGE_SIZE, state }));
  return (
    <Section
      title="Obchody"
      actions={
        canWrite && (
          <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
            Vytvořit obchod
          </button>
        )
      }
    >
      {canWrite && <CreateDealDialog personId={personId} open={creating} onClose={() => setCreating(false)} onCreated={() => void mutate()} />}
      <div className="field field--inline">
        <label htmlFor={stateId} className="field__label">
          Stav obchodu
        </label>
        <select
          id={stateId}
          value={state}
          onChange={(event) => {
            setState(event.target.value);
            setPage(1);
          }}
        >
          <option value="">Všechny</option>
          {enumOptions(DealState).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading />
      ) : data.results.length === 0 ? (
        <EmptyState>Osoba nemá žádné obchody{state ? ' v tomto stavu' : ''}.</EmptyState>
      ) : (
        <>
          <DataTable caption="Obchody osoby" captionHidden columns={dealColumns} rows={data.results} rowKey={(deal) => deal.id} />
          <Pagination label="Stránkování obchodů" page={page} pageSize={SUB_PAGE_SIZE} count={data.count} onPageChange={setPage} />
        </>
      )}
    </Section>
  );
}

const leadColumns: Column<LeadListItem>[] = [
  { key: 'id', header: 'Žádost', rowHeader: true, render: (lead) => <Link to={`/leads/${lead.id}`}>Žádost #{lead.id}</Link> },
  { key: 'state', header: 'Stav', render: (lead) => <StatusBadge label={LeadState.labels[lead.state]} tone={toneOf(lead.state)} /> },
  { key: 'source', header: 'Zdroj', render: (lead) => LeadSource.labels[lead.source] },
  { key: 'value', header: 'Částka', numeric: true, render: (lead) => formatMoney(lead.value) },
  { key: 'created', header: 'Vytvořeno', render: (lead) => formatDateTime(lead.created_at) },
];

export function RelatedLeadsSection({ personId }: { personId: number }) {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = usePersonLeads(personPaths.leads(personId, { page, page_size: SUB_PAGE_SIZE, ordering: '-created_at' }));
  return (
    <Section title="Žádosti">
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading />
      ) : data.results.length === 0 ? (
        <EmptyState>Osoba nemá žádné žádosti.</EmptyState>
      ) : (
        <>
          <DataTable caption="Žádosti osoby" captionHidden columns={leadColumns} rows={data.results} rowKey={(lead) => lead.id} />
          <Pagination label="Stránkování žádostí" page={page} pageSize={SUB_PAGE_SIZE} count={data.count} onPageChange={setPage} />
        </>
      )}
    </Section>
  );
}

const distraintTones: Record<string, 'danger' | 'warning' | 'neutral'> = { ACTIVE: 'danger', SUSPENDED: 'warning', FINISHED: 'neutral' };

const distraintColumns: Column<Distraint>[] = [
  { key: 'file_mark', header: 'Spisová značka', rowHeader: true, render: (d) => d.file_mark },
  { key: 'state', header: 'Stav', render: (d) => <StatusBadge label={DistraintState.labels[d.state]} tone={distraintTones[d.state]} /> },
  { key: 'executor', header: 'Exekutor', render: (d) => d.executor ?? EMPTY_VALUE },
  { key: 'creditor', header: 'Oprávněný', render: (d) => d.creditor ?? EMPTY_VALUE },
  { key: 'amount', header: 'Vymáhaná částka', numeric: true, render: (d) => formatMoney(d.amount) },
  { key: 'started', header: 'Zahájena', render: (d) => formatDate(d.started_at) },
  { key: 'ended', header: 'Ukončena', render: (d) => formatDate(d.ended_at) },
];

export function DistraintsSection({ personId, canWrite, onChanged }: { personId: number; canWrite: boolean; onChanged: () => void }) {
  const { rows, error, mutate } = useDistraints(personId);
  return (
    <EditableList
      title="Exekuce"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={distraintColumns}
      rowKey={(d) => d.id}
      rowLabel={(d) => `exekuci ${d.file_mark}`}
      emptyText="U osoby nejsou evidovány žádné exekuce."
      addLabel="Přidat exekuci"
      editLabel="Upravit exekuci"
      canWrite={canWrite}
      renderEditor={
        canWrite
          ? ({ row, onDone, onCancel }) =>
              row && (
                <DistraintForm
                  personId={personId}
                  distraint={row}
                  onCancel={onCancel}
                  onSaved={() => {
                    void mutate();
                    onChanged();
                    onDone();
                  }}
                />
              )
          : undefined
      }
      canAdd={false}
    >
      {rows && rows.length > 0 && (
        <p className="section__footer">
          <DownloadButton path={personPaths.distraintsDownload(personId)} method="POST" fallbackName={`exekuce-osoby-${personId}.csv`}>
            Stáhnout exekuce (CSV)
          </DownloadButton>
        </p>
      )}
    </EditableList>
  );
}

function DistraintForm({ personId, distraint, onCancel, onSaved }: { personId: number; distraint: Distraint; onCancel: () => void; onSaved: () => void }) {
  const form = useForm({ state: distraint.state as string, note: distraint.note ?? '' }, { state: 'Stav', note: 'Poznámka' });
  const onSubmit = form.handleSubmit(
    (values) => validate(distraintPatchRequest, values),
    async (body: DistraintPatchRequest) => {
      await api.patch(`${personPaths.distraints(personId)}${distraint.id}/`, body);
      showToast(`Exekuce ${distraint.file_mark} byla upravena.`);
      onSaved();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        Spisová značka: <strong>{distraint.file_mark}</strong>
      </p>
      <ErrorSummary items={form.summary} />
      <SelectField {...form.field('state')} label="Stav" options={enumOptions(DistraintState)} hint="Ukončená exekuce dostane dnešní datum ukončení, pokud ho nemá." />
      <TextAreaField {...form.field('note')} label="Poznámka" />
      <FormActions submitting={form.submitting} submitLabel="Uložit exekuci" onCancel={onCancel} />
    </form>
  );
}

const realtyColumns: Column<RealtyRight>[] = [
  { key: 'type', header: 'Právo', rowHeader: true, render: (r) => RealtyRightType.labels[r.type] },
  { key: 'share', header: 'Podíl', render: (r) => r.share ?? 'Celek' },
  {
    key: 'realty',
    header: 'Nemovitost',
    render: (r) => (r.realty ? `${RealtyType.labels[r.realty.type]}${r.realty.whole_address ? `, ${r.realty.whole_address}` : ''}` : (r.description ?? EMPTY_VALUE)),
  },
  { key: 'lv', header: 'LV', render: (r) => r.lv_number ?? EMPTY_VALUE },
  { key: 'area', header: 'Katastrální území', render: (r) => r.cadastral_area_name ?? EMPTY_VALUE },
];

export function RealtyRightsSection({ personId }: { personId: number }) {
  const { rows, error, mutate } = useRealtyRights(personId);
  return (
    <Section title="Práva k nemovitostem">
      {error && !rows ? (
        <ErrorState error={error} onRetry={() => void mutate()} />
      ) : !rows ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState>U osoby nejsou evidována žádná práva k nemovitostem.</EmptyState>
      ) : (
        <>
          <DataTable caption="Práva osoby k nemovitostem" captionHidden columns={realtyColumns} rows={rows} rowKey={(r) => r.id} />
          <p className="section__footer">
            <DownloadButton path={personPaths.realtyRightsDownload(personId)} method="POST" fallbackName={`nemovitosti-osoby-${personId}.csv`}>
              Stáhnout práva k nemovitostem (CSV)
            </DownloadButton>
          </p>
        </>
      )}
    </Section>
  );
}
