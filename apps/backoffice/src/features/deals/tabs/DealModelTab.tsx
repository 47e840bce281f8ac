import {
  AllocationProfile,
  dealModelRequest,
  DealModelState,
  InstallmentStatus,
  InstallmentType,
  scheduleKindOfDealType,
  type DealModelRequest,
  type DealModelView,
  type ModelInstallmentsView,
  type ModelInstallmentView,
} from '@lending/contracts';
import { useState } from 'react';
import { ConfirmDialog, DataTable, Dialog, enumOptions, ErrorState, ErrorSummary, formatCzk, formatDate, formatMoney, Loading, MoneyField, pluralize, SelectField, StatusBadge, TextField, type BadgeTone, type Column, TableScroll } from '@lending/ui';
import { api } from '../../../shared/api';
import { amountFromInput, amountToInput, intOrText, textOrNull, validate } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { afterFourEyes } from '../../../shared/four-eyes';
import { useForm } from '../../../shared/useForm';
import { FormActions } from '../../../shared/ui/EditableList';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { currentModel, useDealFacts, useDealModels, useModelInstallments, useRevalidateDeal } from '../model-api';
import { formatRate, rateFromInput, rateToInput } from './model-format';

type ScheduleKind = DealModelView['schedule_kind'];

const KIND_LABELS: Record<ScheduleKind, string> = {
  REGULAR: 'Úvěr (splátky)',
  LEASE: 'Nájem',
  LEASEBACK: 'Prodej se zpětným nájmem',
};

/** What `principal` means for each kind of schedule (contracts: deal-models.ts). */
const PRINCIPAL_LABELS: Record<ScheduleKind, string> = {
  REGULAR: 'Jistina',
  LEASE: 'Hodnota předmětu nájmu',
  LEASEBACK: 'Kupní cena nemovitosti',
};

const STATE_TONES: Record<DealModelState, BadgeTone> = { DRAFT: 'info', ACTIVE: 'success', SUPERSEDED: 'neutral' };

export function DealModelTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useDealModels(dealId);
  const { data: deal } = useDealFacts(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ model: DealModelView | null } | null>(null);
  const [deleting, setDeleting] = useState<DealModelView | null>(null);
  const [activating, setActivating] = useState<DealModelView | null>(null);

  const shown = rows?.find((model) => model.id === selectedId) ?? currentModel(rows);
  const kind: ScheduleKind = shown?.schedule_kind ?? (deal ? scheduleKindOfDealType(deal.type) : 'REGULAR');
  // A new version of an active deal is a restructuring from a date (docs/decisions/0025).
  const restructuring = deal ? deal.state === 'ACTIVE' : Boolean(rows?.some((model) => model.state === 'ACTIVE'));
  const closed = deal ? !['NEW_APPLICATION', 'CONTRACT_COMPLETION', 'CONTRACT_SIGN', 'ACTIVE'].includes(deal.state) : false;

  const columns: Column<DealModelView>[] = [
    { key: 'version', header: 'Verze', rowHeader: true, render: (model) => `${model.version}${model.name ? ` – ${model.name}` : ''}` },
    { key: 'state', header: 'Stav', render: (model) => <StatusBadge label={DealModelState.labels[model.state]} tone={STATE_TONES[model.state]} /> },
    { key: 'valid_from', header: 'Platí od', render: (model) => formatDate(model.valid_from) },
    { key: 'principal', header: PRINCIPAL_LABELS[kind], numeric: true, render: (model) => formatCzk(model.principal) },
    { key: 'rate', header: 'Úrok p. a.', numeric: true, render: (model) => (model.schedule_kind === 'REGULAR' ? formatRate(model.annual_interest_rate) : '—') },
    { key: 'term', header: 'Měsíců', numeric: true, render: (model) => model.term_months },
    { key: 'installment', header: 'Splátka', numeric: true, render: (model) => formatMoney(model.installment_value) },
    { key: 'rpsn', header: 'RPSN', numeric: true, render: (model) => formatRate(model.rpsn) },
    {
      key: 'actions',
      header: 'Akce',
      render: (model) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-pressed={shown?.id === model.id}
            onClick={() => setSelectedId(model.id)}
          >
            Zobrazit kalendář<span className="visually-hidden"> verze {model.version}</span>
          </button>
          {canWrite && model.state === 'DRAFT' && (
            <>
              <button type="button" className="button button--secondary button--small" onClick={() => setEditing({ model })}>
                Upravit<span className="visually-hidden"> verzi {model.version}</span>
              </button>
              {model.valid_from && restructuring && (
                <button type="button" className="button button--small" onClick={() => setActivating(model)}>
                  Provést restrukturalizaci<span className="visually-hidden"> podle verze {model.version}</span>
                </button>
              )}
              <button type="button" className="button button--danger-ghost button--small" onClick={() => setDeleting(model)}>
                Smazat<span className="visually-hidden"> verzi {model.version}</span>
              </button>
            </>
          )}
        </div>
      ),
    },
  ];

  const saved = async (model: DealModelView) => {
    setSelectedId(model.id);
    setEditing(null);
    await revalidate();
  };

  return (
    <>
      <Section
        title="Verze modelu"
        actions={
          canWrite && !closed ? (
            <button type="button" className="button button--small" onClick={() => setEditing({ model: null })}>
              {restructuring ? 'Nová verze (restrukturalizace)' : 'Nová verze modelu'}
            </button>
          ) : undefined
        }
      >
        <DataTable
          caption="Verze modelu obchodu"
          captionHidden
          columns={canWrite || (rows?.length ?? 0) > 1 ? columns : columns.filter((column) => column.key !== 'actions')}
          rows={rows}
          rowKey={(model) => model.id}
          error={error}
          onRetry={() => void mutate()}
          texts={{ loading: 'Načítám model obchodu…', error: 'Model obchodu se nepodařilo načíst.', empty: 'Obchod zatím nemá model. Založte první verzi s podmínkami smlouvy.' }}
        />
      </Section>

      {shown && <ModelDetail model={shown} />}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.model ? `Upravit návrh verze ${editing.model.version}` : 'Nová verze modelu'} wide>
        {editing && (
          <ModelForm dealId={dealId} model={editing.model} kind={editing.model?.schedule_kind ?? kind} restructuring={restructuring} onSaved={saved} onCancel={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Smazat návrh modelu?"
        message={deleting ? `Opravdu chcete smazat návrh verze ${deleting.version}? Akci nelze vrátit.` : ''}
        confirmLabel="Smazat návrh"
        onConfirm={async () => {
          if (!deleting) return;
          await api.delete('/api/v1/deals/{dealId}/deal-model/{id}/', { params: { dealId, id: deleting.id } });
          showToast(`Návrh verze ${deleting.version} byl smazán.`);
          setSelectedId(null);
          await revalidate();
        }}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={activating !== null}
        danger={false}
        title="Provést restrukturalizaci?"
        message={
          activating
            ? `Verze ${activating.version} začne platit od ${formatDate(activating.valid_from)}. Neuhrazené splátky splatné od tohoto dne se zruší a vzniknou nové podle této verze; uhrazené pohledávky zůstanou beze změny.`
            : ''
        }
        confirmLabel="Provést restrukturalizaci"
        onConfirm={async () => {
          if (!activating) return;
          const answer = await api.post('/api/v1/deals/{dealId}/deal-model/{id}/activate/', undefined, { params: { dealId, id: activating.id } });
          afterFourEyes(answer, (result) => showToast(`Restrukturalizace provedena: zrušeno ${result.cancelled_claims} a vytvořeno ${result.created_claims} pohledávek.`));
          await revalidate();
        }}
        onClose={() => setActivating(null)}
      />
    </>
  );
}

function ModelDetail({ model }: { model: DealModelView }) {
  const kind = model.schedule_kind;
  const lease = model.parameters;
  const items = [
    { label: 'Druh', value: KIND_LABELS[kind] },
    { label: PRINCIPAL_LABELS[kind], value: formatCzk(model.principal) },
    ...(kind === 'REGULAR'
      ? [
          { label: 'Roční úroková sazba', value: formatRate(model.annual_interest_rate) },
          { label: 'Typ splácení', value: InstallmentType.labels[model.installment_type] },
        ]
      : []),
    { label: 'Doba', value: `${model.term_months} měsíců` },
    { label: kind === 'REGULAR' ? 'Datum výplaty' : 'Začátek nájmu', value: formatDate(model.disbursement_date) },
    { label: kind === 'REGULAR' ? 'První splátka' : 'První nájemné', value: formatDate(model.first_due_date) },
    { label: 'Den splatnosti', value: `${model.due_day}. den v měsíci` },
    { label: kind === 'REGULAR' ? 'Výše splátky' : 'Měsíčně k úhradě', value: formatMoney(model.installment_value) },
    { label: 'Poplatek za poskytnutí', value: formatCzk(model.upfront_fee) },
    { label: 'Měsíční poplatek', value: formatCzk(model.monthly_fee) },
    ...(lease
      ? [
          { label: 'Měsíční nájemné', value: formatCzk(lease.monthly_rent) },
          { label: 'Záloha na služby', value: formatCzk(lease.services_advance) },
          { label: 'Kauce', value: formatCzk(lease.deposit) },
          ...(kind === 'LEASEBACK'
            ? [
                { label: 'Cena zpětného odkupu', value: formatMoney(lease.buyback_price) },
                { label: 'Lhůta zpětného odkupu', value: formatDate(lease.buyback_deadline) },
              ]
            : []),
        ]
      : []),
    { label: 'Alokační profil', value: AllocationProfile.labels[model.allocation_profile] },
    { label: 'RPSN', value: model.rpsn ? formatRate(model.rpsn) : 'Nepočítá se (nájem není úvěr)' },
    ...(model.valid_from ? [{ label: 'Platí od', value: formatDate(model.valid_from) }] : []),
  ];
  return (
    <>
      <Section title={`Podmínky verze ${model.version} (${DealModelState.labels[model.state].toLowerCase()})`}>
        <DescriptionList items={items} />
      </Section>
      <Section title="Splátkový kalendář">
        {model.state === 'DRAFT' ? (
          <>
            <p className="section__totals">Návrh: kalendář se stane platným aktivací obchodu nebo provedením restrukturalizace.</p>
            <ScheduleTable model={model} />
          </>
        ) : (
          <PaymentState model={model} />
        )}
      </Section>
    </>
  );
}

type TotalKey = keyof DealModelView['totals'];
interface ScheduleColumn {
  key: 'installment' | 'principal' | 'interest' | 'fees' | 'balance' | 'rent' | 'services_advance' | 'deposit' | 'purchase_price';
  header: string;
  /** The API's exact sum of the column; a balance has none. */
  total: TotalKey | null;
}

/** The money columns of each kind; a lease's optional parts show only when the schedule has them. */
function scheduleColumns(model: DealModelView): ScheduleColumn[] {
  if (model.schedule_kind === 'REGULAR') {
    return [
      { key: 'installment', header: 'Splátka', total: 'installments' },
      { key: 'principal', header: 'Jistina', total: 'principal' },
      { key: 'interest', header: 'Úrok', total: 'interest' },
      { key: 'fees', header: 'Poplatky', total: 'fees' },
      { key: 'balance', header: 'Zůstatek jistiny', total: null },
    ];
  }
  const optional: ScheduleColumn[] = [
    { key: 'services_advance', header: 'Záloha na služby', total: 'services_advance' },
    { key: 'deposit', header: 'Kauce', total: 'deposit' },
    { key: 'fees', header: 'Poplatky', total: 'fees' },
    { key: 'purchase_price', header: 'Kupní cena', total: 'purchase_price' },
  ];
  return [
    { key: 'installment', header: 'K úhradě', total: 'installments' },
    { key: 'rent', header: 'Nájemné', total: 'rent' },
    ...optional.filter((column) => column.total && model.totals[column.total] !== '0.00'),
  ];
}

const STATUS_TONES: Record<InstallmentStatus, BadgeTone> = { PAID: 'success', OVERDUE: 'danger', PARTIALLY_PAID: 'warning', DUE: 'info', FUTURE: 'neutral' };

/** "Po splatnosti (12 dní)": how late an overdue installment is, in the badge itself. */
function installmentStatusLabel(installment: ModelInstallmentView): string {
  const label = InstallmentStatus.labels[installment.status];
  return installment.status === 'OVERDUE' ? `${label} (${pluralize(installment.days_past_due, 'den', 'dny', 'dní')})` : label;
}

/** A generated schedule with what the deal's claims say of each installment: paid, left, status, and the totals. */
function PaymentState({ model }: { model: DealModelView }) {
  const { data, error, mutate } = useModelInstallments(model);
  return (
    <>
      {data ? (
        <DescriptionList
          items={[
            { label: 'Splátky celkem', value: formatCzk(data.totals.owed) },
            { label: 'Zaplaceno', value: formatCzk(data.totals.paid) },
            { label: 'Zbývá uhradit', value: formatCzk(data.totals.outstanding) },
            { label: 'Po splatnosti ze splátek (jistina a úrok)', value: formatCzk(data.totals.overdue) },
          ]}
        />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} title="Úhrady splátek se nepodařilo načíst." />
      ) : (
        <Loading label="Načítám úhrady splátek…" />
      )}
      <ScheduleTable model={model} installments={data} />
    </>
  );
}

function ScheduleTable({ model, installments }: { model: DealModelView; installments?: ModelInstallmentsView }) {
  if (model.schedule.length === 0) return <p>Kalendář nemá žádné splátky.</p>;
  const columns = scheduleColumns(model);
  const lease = model.schedule_kind !== 'REGULAR';
  const byNumber = new Map(installments?.installments.map((installment) => [installment.number, installment]));
  return (
    <TableScroll label={`Splátkový kalendář verze ${model.version}`}>
      <table className="table">
        <caption className="visually-hidden">Splátkový kalendář verze {model.version}</caption>
        <thead>
          <tr>
            <th scope="col" className="table__numeric">
              Č.
            </th>
            <th scope="col">Splatnost</th>
            {lease && <th scope="col">Období</th>}
            {columns.map((column) => (
              <th key={column.key} scope="col" className="table__numeric">
                {column.header}
              </th>
            ))}
            {installments && (
              <>
                <th scope="col" className="table__numeric">
                  Zaplaceno
                </th>
                <th scope="col" className="table__numeric">
                  Zbývá
                </th>
                <th scope="col">Stav</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {model.schedule.map((row) => {
            const installment = byNumber.get(row.number);
            return (
              <tr key={row.number}>
                <td className="table__numeric">{row.number}</td>
                <th scope="row">{formatDate(row.due_date)}</th>
                {lease && (
                  <td>
                    {formatDate(row.period_from)} – {formatDate(row.period_to)}
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.key} className="table__numeric">
                    {formatMoney(row[column.key])}
                  </td>
                ))}
                {installments && (
                  <>
                    <td className="table__numeric">{formatMoney(installment?.paid_amount)}</td>
                    <td className="table__numeric">{formatMoney(installment?.remaining)}</td>
                    {/* A row without a live claims group: cancelled by a restructuring. */}
                    <td>{installment ? <StatusBadge label={installmentStatusLabel(installment)} tone={STATUS_TONES[installment.status]} /> : 'Zrušeno'}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={lease ? 3 : 2}>
              Celkem
            </th>
            {columns.map((column) => (
              <td key={column.key} className="table__numeric">
                {column.total && <strong>{formatCzk(model.totals[column.total])}</strong>}
              </td>
            ))}
            {installments && (
              <>
                <td className="table__numeric">
                  <strong>{formatCzk(installments.totals.paid)}</strong>
                </td>
                <td className="table__numeric">
                  <strong>{formatCzk(installments.totals.outstanding)}</strong>
                </td>
                <td />
              </>
            )}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

const FORM_LABELS = {
  name: 'Název verze',
  valid_from: 'Platí od',
  principal: 'Jistina',
  annual_interest_rate: 'Roční úroková sazba',
  term_months: 'Doba v měsících',
  disbursement_date: 'Datum výplaty',
  first_due_date: 'První splátka',
  due_day: 'Den splatnosti',
  installment_type: 'Typ splácení',
  upfront_fee: 'Poplatek za poskytnutí',
  monthly_fee: 'Měsíční poplatek',
  allocation_profile: 'Alokační profil',
  'parameters.monthly_rent': 'Měsíční nájemné',
  'parameters.services_advance': 'Záloha na služby',
  'parameters.deposit': 'Kauce',
  'parameters.buyback_price': 'Cena zpětného odkupu',
  'parameters.buyback_deadline': 'Lhůta zpětného odkupu',
};

function ModelForm({
  dealId,
  model,
  kind,
  restructuring,
  onSaved,
  onCancel,
}: {
  dealId: number;
  /** null: a new version. */
  model: DealModelView | null;
  kind: ScheduleKind;
  restructuring: boolean;
  onSaved: (model: DealModelView) => Promise<void>;
  onCancel: () => void;
}) {
  const lease = kind !== 'REGULAR';
  const labels = {
    ...FORM_LABELS,
    principal: PRINCIPAL_LABELS[kind],
    disbursement_date: lease ? 'Začátek nájmu' : FORM_LABELS.disbursement_date,
    first_due_date: lease ? 'První nájemné' : FORM_LABELS.first_due_date,
  };
  const form = useForm(
    () => ({
      name: model?.name ?? '',
      valid_from: model?.valid_from ?? '',
      principal: amountToInput(model?.principal),
      annual_interest_rate: rateToInput(model?.annual_interest_rate),
      term_months: model ? String(model.term_months) : '',
      disbursement_date: model?.disbursement_date ?? '',
      first_due_date: model?.first_due_date ?? '',
      // Left empty while it is the first due date's day, so a new first due date carries it along.
      due_day: model && model.due_day !== Number(model.first_due_date.slice(8, 10)) ? String(model.due_day) : '',
      installment_type: model?.installment_type ?? 'ANNUITY',
      upfront_fee: amountToInput(model?.upfront_fee ?? '0.00'),
      monthly_fee: amountToInput(model?.monthly_fee ?? '0.00'),
      allocation_profile: model?.allocation_profile ?? '',
      monthly_rent: amountToInput(model?.parameters?.monthly_rent),
      services_advance: amountToInput(model?.parameters?.services_advance ?? '0.00'),
      deposit: amountToInput(model?.parameters?.deposit ?? '0.00'),
      buyback_price: amountToInput(model?.parameters?.buyback_price),
      buyback_deadline: model?.parameters?.buyback_deadline ?? '',
    }),
    labels,
  );
  const text = (key: keyof typeof form.values) => form.values[key] as string;

  const onSubmit = form.handleSubmit(
    () =>
      validate(dealModelRequest, {
        name: textOrNull(text('name')),
        valid_from: restructuring ? text('valid_from') || undefined : undefined,
        principal: amountFromInput(text('principal')),
        annual_interest_rate: lease ? undefined : rateFromInput(text('annual_interest_rate')),
        term_months: intOrText(text('term_months')),
        disbursement_date: text('disbursement_date') || undefined,
        first_due_date: text('first_due_date') || undefined,
        due_day: intOrText(text('due_day')),
        installment_type: lease ? undefined : text('installment_type') || undefined,
        upfront_fee: amountFromInput(text('upfront_fee')),
        monthly_fee: amountFromInput(text('monthly_fee')),
        allocation_profile: text('allocation_profile') || undefined,
        parameters: lease
          ? {
              monthly_rent: amountFromInput(text('monthly_rent')),
              services_advance: amountFromInput(text('services_advance')),
              deposit: amountFromInput(text('deposit')),
              ...(kind === 'LEASEBACK' ? { buyback_price: amountFromInput(text('buyback_price')), buyback_deadline: text('buyback_deadline') || undefined } : {}),
            }
          : undefined,
      }),
    async (body: DealModelRequest) => {
      const answer = model
        ? await api.put('/api/v1/deals/{dealId}/deal-model/{id}/', body, { params: { dealId, id: model.id } })
        : await api.post('/api/v1/deals/{dealId}/deal-model/', body, { params: { dealId } });
      showToast(model ? `Návrh verze ${answer.version} byl uložen, kalendář je přepočten.` : `Verze ${answer.version} byla založena jako návrh, kalendář je spočten.`);
      await onSaved(answer);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <p className="field__hint">Po uložení se zobrazí splátkový kalendář a RPSN, které spočítá systém.</p>
      <div className="form-grid">
        <TextField {...form.field('name')} label={labels.name} hint="Nepovinné, např. „Podle smlouvy“" />
        {restructuring && (
          <TextField {...form.field('valid_from')} label={labels.valid_from} type="date" required hint="Restrukturalizace: od kterého dne verze platí" />
        )}
        <MoneyField {...form.field('principal')} label={labels.principal} required />
        {!lease && <TextField {...form.field('annual_interest_rate')} label={labels.annual_interest_rate} hint="% ročně, např. 12,5" inputMode="decimal" required />}
        <TextField {...form.field('term_months')} label={labels.term_months} inputMode="numeric" required />
        {!lease && <SelectField {...form.field('installment_type')} label={labels.installment_type} options={enumOptions(InstallmentType)} required />}
        <TextField {...form.field('disbursement_date')} label={labels.disbursement_date} type="date" required />
        <TextField {...form.field('first_due_date')} label={labels.first_due_date} type="date" required />
        <TextField {...form.field('due_day')} label={labels.due_day} inputMode="numeric" hint="1–31; prázdné: den první splátky" />
        <MoneyField {...form.field('upfront_fee')} label={labels.upfront_fee} />
        <MoneyField {...form.field('monthly_fee')} label={labels.monthly_fee} />
        <SelectField {...form.field('allocation_profile')} label={labels.allocation_profile} options={enumOptions(AllocationProfile)} placeholder="Podle typu obchodu" />
        {lease && (
          <>
            <MoneyField {...form.field('monthly_rent')} id={form.idOf('parameters.monthly_rent')} error={form.errors['parameters.monthly_rent']} label={labels['parameters.monthly_rent']} required />
            <MoneyField {...form.field('services_advance')} id={form.idOf('parameters.services_advance')} error={form.errors['parameters.services_advance']} label={labels['parameters.services_advance']} />
            <MoneyField {...form.field('deposit')} id={form.idOf('parameters.deposit')} error={form.errors['parameters.deposit']} label={labels['parameters.deposit']} />
          </>
        )}
        {kind === 'LEASEBACK' && (
          <>
            <MoneyField {...form.field('buyback_price')} id={form.idOf('parameters.buyback_price')} error={form.errors['parameters.buyback_price']} label={labels['parameters.buyback_price']} required />
            <TextField
              {...form.field('buyback_deadline')}
              id={form.idOf('parameters.buyback_deadline')}
              error={form.errors['parameters.buyback_deadline']}
              label={labels['parameters.buyback_deadline']}
              type="date"
              required
            />
          </>
        )}
      </div>
      <FormActions submitting={form.submitting} submitLabel={model ? 'Uložit a přepočítat' : 'Založit a spočítat kalendář'} onCancel={onCancel} />
    </form>
  );
}
