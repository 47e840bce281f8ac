import { realtyEstimationPatchRequest, realtyEstimationRequest, type RealtyEstimation, type RealtyGroup } from '@lending/contracts';
import { ApiError } from '@lending/api-client';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type Column, DataTable, Dialog, EMPTY_VALUE, ErrorState, ErrorSummary, formatBoolean, formatDate, formatDateTime, formatMoney, Loading, MoneyField, TextAreaField, TextField } from '@lending/ui';
import { amountFromInput, amountToInput, textOrNull, validate } from '../../shared/form';
import { parseId } from '../../shared/ids';
import { showToast } from '../../shared/toast';
import { FormActions } from '../../shared/ui/EditableList';
import { DescriptionList, PageHeader, Section } from '../../shared/ui/Layout';
import { useForm } from '../../shared/useForm';
import { addEstimation, patchEstimation, useGroup, useGroupEstimations, useHolds, useRevalidateRealties } from './api';
import { groupName, ltvText, realtyAddress, realtyTypeLabel } from './realty-format';
import './realties.css';

/** A realty group's screen (`/realty-groups/:id`): its deal, realties, LTV and estimation history. */
export function RealtyGroupDetailPage() {
  const id = parseId(useParams().id);
  const { data: group, error, mutate } = useGroup(id);
  if (id === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <>
        <PageHeader title="Skupina nemovitostí nebyla nalezena" />
        <p>
          <Link to="/realty-groups">Zpět na skupiny nemovitostí</Link>
        </p>
      </>
    );
  }
  if (error && !group) {
    return (
      <>
        <PageHeader title={`Skupina ${id}`} />
        <ErrorState error={error} onRetry={() => void mutate()} title="Skupinu nemovitostí se nepodařilo načíst." />
      </>
    );
  }
  if (!group) return <Loading label="Načítám skupinu nemovitostí…" />;
  return <GroupView group={group} />;
}

function GroupView({ group }: { group: RealtyGroup }) {
  const holds = useHolds();
  const canEstimate = holds('deals.originate');
  const estimations = useGroupEstimations(group.id);
  const revalidate = useRevalidateRealties();
  const [editing, setEditing] = useState<{ row: RealtyEstimation | null } | null>(null);
  const name = groupName(group);

  const columns: Column<RealtyEstimation>[] = [
    { key: 'estimated_at', header: 'Datum odhadu', rowHeader: true, render: (e) => formatDate(e.estimated_at) },
    { key: 'value', header: 'Odhadní cena', numeric: true, render: (e) => formatMoney(e.value) },
    { key: 'estimator', header: 'Odhadce', render: (e) => e.estimator ?? EMPTY_VALUE },
    { key: 'note', header: 'Poznámka', render: (e) => e.note ?? EMPTY_VALUE },
    { key: 'created_at', header: 'Zadáno', render: (e) => formatDateTime(e.created_at) },
    ...(canEstimate
      ? [
          {
            key: 'actions',
            header: 'Akce',
            render: (e: RealtyEstimation) => (
              <button type="button" className="button button--secondary button--small" onClick={() => setEditing({ row: e })}>
                Upravit<span className="visually-hidden"> odhad z {formatDate(e.estimated_at)}</span>
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <p className="breadcrumbs">
        <Link to="/realty-groups">Skupiny nemovitostí</Link>
      </p>
      <PageHeader
        title={name}
        documentTitle={`Skupina nemovitostí ${name}`}
        subtitle={
          <>
            <Link to={`/deals/${group.deal_id}`}>Obchod #{group.deal_id}</Link> · LTV {ltvText(group.ltv)}
          </>
        }
      />
      <Section title="Údaje o skupině">
        <DescriptionList
          items={[
            { label: 'Název', value: name },
            { label: 'Obchod', value: <Link to={`/deals/${group.deal_id}`}>Obchod #{group.deal_id}</Link> },
            { label: 'Zástava', value: formatBoolean(group.mortgage) },
            { label: 'LTV', value: ltvText(group.ltv) },
            {
              label: 'Poslední odhad',
              value: group.latest_estimation ? `${formatMoney(group.latest_estimation.value)} (${formatDate(group.latest_estimation.estimated_at)})` : 'Bez odhadu',
            },
            { label: 'Poznámka', value: group.note ?? EMPTY_VALUE },
          ]}
        />
      </Section>
      <Section title="Nemovitosti ve skupině">
        <DataTable
          caption="Nemovitosti ve skupině"
          captionHidden
          rows={group.realties}
          rowKey={(r) => r.id}
          texts={{ empty: 'Skupina nemá žádné nemovitosti.' }}
          columns={[
            { key: 'address', header: 'Adresa', rowHeader: true, render: (r) => <Link to={`/realties/${r.id}`}>{realtyAddress(r)}</Link> },
            { key: 'type', header: 'Druh', render: (r) => realtyTypeLabel(r.type) },
            { key: 'territory', header: 'Katastrální území', render: (r) => r.cadastral_area_name ?? EMPTY_VALUE },
            { key: 'lv', header: 'LV', render: (r) => r.lv_number ?? EMPTY_VALUE },
          ]}
        />
      </Section>
      <Section
        title="Historie odhadů"
        actions={
          canEstimate && (
            <button type="button" className="button button--small" onClick={() => setEditing({ row: null })}>
              Přidat odhad
            </button>
          )
        }
      >
        <DataTable
          caption="Historie odhadů"
          captionHidden
          rows={estimations.data?.results}
          error={estimations.error}
          onRetry={() => void estimations.mutate()}
          rowKey={(e) => e.id}
          columns={columns}
          texts={{ loading: 'Načítám odhady…', empty: 'Skupina zatím nemá žádný odhad.', error: 'Odhady se nepodařilo načíst.' }}
        />
      </Section>
      {canEstimate && (
        <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.row ? 'Upravit odhad' : 'Přidat odhad'}>
          {editing && (
            <EstimationForm
              groupId={group.id}
              row={editing.row}
              onClose={() => setEditing(null)}
              onSaved={async () => {
                await Promise.all([estimations.mutate(), revalidate()]);
              }}
            />
          )}
        </Dialog>
      )}
    </>
  );
}

const LABELS = { value: 'Odhadní cena', estimated_at: 'Datum odhadu', estimator: 'Odhadce', note: 'Poznámka' };

function EstimationForm({ groupId, row, onClose, onSaved }: { groupId: number; row: RealtyEstimation | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const form = useForm(
    () => ({ value: amountToInput(row?.value), estimated_at: row?.estimated_at ?? '', estimator: row?.estimator ?? '', note: row?.note ?? '' }),
    LABELS,
  );
  const onSubmit = form.handleSubmit(
    (values) => {
      const body = { value: amountFromInput(values.value), estimated_at: values.estimated_at || undefined, estimator: textOrNull(values.estimator), note: textOrNull(values.note) };
      return row ? validate(realtyEstimationPatchRequest, body) : validate(realtyEstimationRequest, body);
    },
    async (body) => {
      if (row) await patchEstimation(groupId, row.id, body);
      else await addEstimation(groupId, body as Parameters<typeof addEstimation>[1]);
      await onSaved();
      showToast(row ? 'Odhad byl upraven.' : 'Odhad byl přidán.');
      onClose();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <MoneyField {...form.field('value')} label={LABELS.value} required />
        <TextField {...form.field('estimated_at')} type="date" label={LABELS.estimated_at} required />
        <TextField {...form.field('estimator')} label={LABELS.estimator} />
      </div>
      <TextAreaField {...form.field('note')} label={LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel={row ? 'Uložit odhad' : 'Přidat odhad'} onCancel={onClose} />
    </form>
  );
}
