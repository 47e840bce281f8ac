import { RealtyType, realtyEstimationRequest, realtyGroupRequest, type DealRealtyView, type RealtyGroup, type RealtyGroupEvaluation } from '@lending/contracts';
import { errorMessage } from '@lending/api-client';
import { useId, useState } from 'react';
import {
  CheckboxField,
  CheckboxGroup,
  type Column,
  ConfirmDialog,
  DataTable,
  Dialog,
  EMPTY_VALUE,
  ErrorSummary,
  formatBoolean,
  formatCzk,
  formatDate,
  formatDateTime,
  formatNumber,
  StatusBadge,
  TextAreaField,
  TextField,
  YesNoAnyField,
} from '@lending/ui';
import { api } from '../../../shared/api';
import { textOrNull, validate } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { FormActions } from '../../../shared/ui/EditableList';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { useUrlState } from '../../../shared/ui/useUrlState';
import { useForm } from '../../../shared/useForm';
import { useRealties, useRealtyGroupHistory, useRealtyGroups, useRevalidateDeal } from '../parts-api';
import { SubResourceForm, type FormField } from './SubResourceForm';
import './deal-parts.css';

const realtyName = (r: { type: DealRealtyView['type']; whole_address: string | null }) => `${RealtyType.labels[r.type]}${r.whole_address ? `, ${r.whole_address}` : ''}`;

const estimationFields: FormField[] = [
  { key: 'value', label: 'Odhadní cena', kind: 'money', required: true },
  { key: 'estimated_at', label: 'Datum odhadu', kind: 'date', required: true },
  { key: 'estimator', label: 'Odhadce', kind: 'text' },
  { key: 'note', label: 'Poznámka', kind: 'textarea' },
];

const PRINCIPAL_SOURCES: Record<RealtyGroupEvaluation['principal_source'], string> = {
  CLAIMS: 'nesplacená jistina z pohledávek',
  DEAL_MODEL: 'jistina modelu obchodu (před aktivací)',
};

type Dialogs =
  | { kind: 'group'; row: RealtyGroup | null }
  | { kind: 'estimation'; row: RealtyGroup }
  | { kind: 'evaluation'; row: RealtyGroup; result: RealtyGroupEvaluation }
  | { kind: 'history'; row: RealtyGroup };

/** "Nemovitosti a zajištění": the deal's collateral, its realty groups, their estimations and loan-to-value. */
export function RealtiesTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const filterId = useId();
  const filter = useUrlState(['mortgage']);
  const realties = useRealties(dealId);
  const groups = useRealtyGroups(dealId, filter.values.mortgage);
  const revalidate = useRevalidateDeal(dealId);
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [evaluating, setEvaluating] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<RealtyGroup | null>(null);
  const changed = async () => {
    await Promise.all([groups.mutate(), realties.mutate(), revalidate()]);
  };

  async function evaluate(group: RealtyGroup) {
    setEvaluating(group.id);
    try {
      const result = await api.post('/api/v1/deals/{dealId}/realty-groups/{id}/evaluate_notification/', undefined, { params: { dealId, id: group.id } });
      setDialog({ kind: 'evaluation', row: group, result });
    } catch (error) {
      showToast(`LTV se nepodařilo vyhodnotit. ${errorMessage(error)}`, 'error');
    } finally {
      setEvaluating(null);
    }
  }

  const groupName = (g: RealtyGroup) => g.name ?? `Skupina ${g.id}`;
  const groupNames = (ids: readonly number[]) =>
    ids.map((id) => groups.rows?.find((g) => g.id === id)?.name ?? `Skupina ${id}`).join(', ') || EMPTY_VALUE;

  const realtyColumns: Column<DealRealtyView>[] = [
    { key: 'type', header: 'Druh', rowHeader: true, render: (r) => RealtyType.labels[r.type] },
    { key: 'address', header: 'Adresa', render: (r) => r.whole_address ?? EMPTY_VALUE },
    { key: 'cadastre', header: 'Katastrální území', render: (r) => r.cadastral_area_name ?? EMPTY_VALUE },
    { key: 'lv', header: 'LV', render: (r) => r.lv_number ?? EMPTY_VALUE },
    { key: 'parcel', header: 'Parcela / jednotka', render: (r) => [r.parcel_number, r.unit_number].filter(Boolean).join(' / ') || EMPTY_VALUE },
    { key: 'groups', header: 'Skupiny', render: (r) => groupNames(r.realty_group_ids) },
    { key: 'from_lead', header: 'Ze žádosti', render: (r) => formatBoolean(r.from_lead) },
  ];

  const groupColumns: Column<RealtyGroup>[] = [
    { key: 'name', header: 'Název', rowHeader: true, render: groupName },
    { key: 'mortgage', header: 'Zástava', render: (g) => formatBoolean(g.mortgage) },
    { key: 'realties', header: 'Nemovitosti', render: (g) => g.realties.map(realtyName).join('; ') || EMPTY_VALUE },
    {
      key: 'estimation',
      header: 'Poslední odhad',
      render: (g) => (g.latest_estimation ? `${formatCzk(g.latest_estimation.value)} (${formatDate(g.latest_estimation.estimated_at)})` : 'Bez odhadu'),
    },
    {
      key: 'actions',
      header: 'Akce',
      render: (g) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => setDialog({ kind: 'history', row: g })}>
            Historie<span className="visually-hidden"> skupiny {groupName(g)}</span>
          </button>
          {canWrite && (
            <>
              <button type="button" className="button button--secondary button--small" onClick={() => setDialog({ kind: 'group', row: g })}>
                Upravit<span className="visually-hidden"> skupinu {groupName(g)}</span>
              </button>
              <button type="button" className="button button--secondary button--small" onClick={() => setDialog({ kind: 'estimation', row: g })}>
                Přidat odhad<span className="visually-hidden"> skupiny {groupName(g)}</span>
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={evaluating === g.id}
                aria-busy={evaluating === g.id || undefined}
                onClick={() => void evaluate(g)}
              >
                Vyhodnotit LTV<span className="visually-hidden"> skupiny {groupName(g)}</span>
              </button>
              <button type="button" className="button button--danger-ghost button--small" onClick={() => setDeleting(g)}>
                Smazat<span className="visually-hidden"> skupinu {groupName(g)}</span>
              </button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <Section title="Nemovitosti">
        <DataTable
          caption="Nemovitosti obchodu"
          captionHidden
          columns={realtyColumns}
          rows={realties.rows}
          error={realties.error}
          onRetry={() => void realties.mutate()}
          rowKey={(r) => r.id}
          texts={{ empty: 'Obchod nemá žádné zajištění nemovitostí.' }}
        />
      </Section>
      <Section
        title="Skupiny nemovitostí"
        actions={
          canWrite ? (
            <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'group', row: null })}>
              Přidat skupinu
            </button>
          ) : undefined
        }
      >
        <div className="filter-inline">
          <YesNoAnyField id={filterId} label="Zástava" value={filter.values.mortgage} onChange={(value) => filter.update({ mortgage: value })} />
        </div>
        <DataTable
          caption="Skupiny nemovitostí"
          captionHidden
          columns={groupColumns}
          rows={groups.rows}
          error={groups.error}
          onRetry={() => void groups.mutate()}
          rowKey={(g) => g.id}
          texts={{ empty: filter.values.mortgage ? 'Žádná skupina neodpovídá filtru.' : 'Obchod nemá žádné skupiny nemovitostí.' }}
        />
      </Section>

      <Dialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.kind === 'group'
            ? dialog.row
              ? 'Upravit skupinu nemovitostí'
              : 'Přidat skupinu nemovitostí'
            : dialog?.kind === 'estimation'
              ? `Přidat odhad: ${groupName(dialog.row)}`
              : dialog?.kind === 'history'
                ? `Odhady a vyhodnocení LTV: ${groupName(dialog.row)}`
                : dialog
                  ? `Vyhodnocení LTV: ${groupName(dialog.row)}`
                  : ''
        }
      >
        {dialog?.kind === 'group' && (
          <GroupForm
            dealId={dealId}
            group={dialog.row}
            realties={realties.rows ?? []}
            onCancel={() => setDialog(null)}
            onSaved={async () => {
              setDialog(null);
              await changed();
            }}
          />
        )}
        {dialog?.kind === 'estimation' && (
          <SubResourceForm
            fields={estimationFields}
            schema={realtyEstimationRequest}
            row={null}
            submitLabel="Uložit"
            onCancel={() => setDialog(null)}
            onSubmit={async (body) => {
              await api.post('/api/v1/deals/{dealId}/realty-groups/{id}/estimations/', body, { params: { dealId, id: dialog.row.id } });
              showToast('Odhad byl přidán.');
              setDialog(null);
              await changed();
            }}
          />
        )}
        {dialog?.kind === 'evaluation' && <EvaluationResult result={dialog.result} />}
        {dialog?.kind === 'history' && <GroupHistory dealId={dealId} group={dialog.row} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Smazat skupinu nemovitostí?"
        message={deleting ? `Opravdu chcete smazat skupinu ${groupName(deleting)} i s jejími odhady? Akci nelze vrátit.` : ''}
        confirmLabel="Smazat"
        onConfirm={async () => {
          if (!deleting) return;
          await api.delete('/api/v1/deals/{dealId}/realty-groups/{id}/', { params: { dealId, id: deleting.id } });
          showToast('Skupina byla smazána.');
          await changed();
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function GroupHistory({ dealId, group }: { dealId: number; group: RealtyGroup }) {
  const { estimations, evaluations } = useRealtyGroupHistory(dealId, group.id);
  return (
    <>
      <DataTable
        caption="Odhady hodnoty"
        rows={estimations.data?.results}
        error={estimations.error}
        onRetry={() => void estimations.mutate()}
        rowKey={(e) => e.id}
        texts={{ empty: 'Skupina zatím nemá žádný odhad.' }}
        columns={[
          { key: 'estimated_at', header: 'Datum odhadu', rowHeader: true, render: (e) => formatDate(e.estimated_at) },
          { key: 'value', header: 'Odhadní cena', numeric: true, render: (e) => formatCzk(e.value) },
          { key: 'estimator', header: 'Odhadce', render: (e) => e.estimator ?? EMPTY_VALUE },
          { key: 'note', header: 'Poznámka', render: (e) => e.note ?? EMPTY_VALUE },
        ]}
      />
      <DataTable
        caption="Vyhodnocení LTV"
        rows={evaluations.data?.results}
        error={evaluations.error}
        onRetry={() => void evaluations.mutate()}
        rowKey={(e) => e.id}
        texts={{ empty: 'LTV skupiny zatím nikdo nevyhodnotil.' }}
        columns={[
          { key: 'evaluated_at', header: 'Vyhodnoceno', rowHeader: true, render: (e) => formatDateTime(e.evaluated_at) },
          { key: 'ltv', header: 'LTV', numeric: true, render: (e) => `${formatNumber(e.ltv)} %` },
          { key: 'principal', header: 'Nesplacená jistina', numeric: true, render: (e) => formatCzk(e.outstanding_principal) },
          { key: 'estimate', header: 'Použitý odhad', numeric: true, render: (e) => formatCzk(e.estimate) },
          { key: 'notify', header: 'Vyrozumět dlužníka', render: (e) => (e.must_notify ? <StatusBadge label="Ano" tone="danger" /> : 'Ne') },
        ]}
      />
    </>
  );
}

function EvaluationResult({ result }: { result: RealtyGroupEvaluation }) {
  return (
    <>
      <div className={result.must_notify ? 'notice notice--warning' : 'notice'} role="status">
        {result.must_notify ? (
          <StatusBadge label="Dlužníka je nutné vyrozumět" tone="danger" />
        ) : (
          <StatusBadge label="Vyrozumění dlužníka není potřeba" tone="success" />
        )}
        {result.reason && <p>{result.reason}</p>}
      </div>
      <DescriptionList
        items={[
          { label: 'LTV', value: `${formatNumber(result.ltv)} %` },
          { label: 'Nesplacená jistina', value: `${formatCzk(result.outstanding_principal)} (${PRINCIPAL_SOURCES[result.principal_source]})` },
          { label: 'Použitý odhad', value: formatCzk(result.estimate) },
          { label: 'Předchozí odhad', value: result.previous_estimate ? formatCzk(result.previous_estimate) : EMPTY_VALUE },
          { label: 'Vyhodnoceno', value: formatDateTime(result.evaluated_at) },
        ]}
      />
    </>
  );
}

function GroupForm({
  dealId,
  group,
  realties,
  onCancel,
  onSaved,
}: {
  dealId: number;
  group: RealtyGroup | null;
  realties: readonly DealRealtyView[];
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const form = useForm({ name: group?.name ?? '', mortgage: group?.mortgage ?? false, note: group?.note ?? '' }, { name: 'Název', note: 'Poznámka', realties: 'Nemovitosti' });
  const [chosen, setChosen] = useState<string[]>(group?.realties.map((r) => String(r.id)) ?? []);
  const onSubmit = form.handleSubmit(
    (values) =>
      validate(realtyGroupRequest, {
        name: values.name,
        mortgage: values.mortgage,
        note: textOrNull(values.note as string),
        realties: chosen.map(Number),
      }),
    async (body) => {
      if (group) await api.put('/api/v1/deals/{dealId}/realty-groups/{id}/', body, { params: { dealId, id: group.id } });
      else await api.post('/api/v1/deals/{dealId}/realty-groups/', body, { params: { dealId } });
      showToast(group ? 'Skupina byla upravena.' : 'Skupina byla přidána.');
      await onSaved();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <TextField {...form.field('name')} label="Název" required />
      <CheckboxField id={form.idOf('mortgage')} label="Nemovitosti jsou zastaveny (zástavní právo)" checked={form.values.mortgage as boolean} onChange={(checked) => form.set('mortgage', checked)} />
      {realties.length > 0 ? (
        <CheckboxGroup id={form.idOf('realties')} legend="Nemovitosti" options={realties.map((r) => ({ value: String(r.id), label: realtyName(r) }))} value={chosen} onChange={setChosen} />
      ) : (
        <p>Obchod nemá žádné nemovitosti, které by šlo do skupiny zařadit.</p>
      )}
      <TextAreaField {...form.field('note')} label="Poznámka" />
      <FormActions submitting={form.submitting} submitLabel="Uložit" onCancel={onCancel} />
    </form>
  );
}
