import { claimsSettingRequest, ClaimType, type ClaimsSettingRequest, type ClaimsSettingView } from '@lending/contracts';
import { useId } from 'react';
import { CheckboxField, enumOptions, ErrorSummary, formatMoney, MoneyField, SelectField, StatusBadge, TextAreaField, TextField, type Column } from '@lending/ui';
import { api } from '../../../shared/api';
import { amountOrNull, amountToInput, intOrText, textOrNull, validate } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { useForm } from '../../../shared/useForm';
import { EditableList, FormActions, type EditorProps } from '../../../shared/ui/EditableList';
import { useClaimsSettings, useRevalidateDeal } from '../model-api';
import { formatRate, rateFromInput, rateToInput } from './model-format';
import { useTabUrlState } from './tab-url-state';

const FILTER_KEYS = ['type'] as const;

/** Penalty interest without a rate of its own runs at the statutory rate (contracts: claimsSettingView). */
function rateText(setting: ClaimsSettingView): string {
  if (setting.rate) return `${formatRate(setting.rate)} ročně`;
  return setting.type === 'PENALTY_INTEREST' ? 'Zákonná (repo sazba ČNB + 8 p. b.)' : '—';
}

const columns: Column<ClaimsSettingView>[] = [
  { key: 'type', header: 'Typ pohledávky', rowHeader: true, render: (setting) => ClaimType.labels[setting.type] },
  { key: 'amount', header: 'Částka', numeric: true, render: (setting) => formatMoney(setting.amount) },
  { key: 'rate', header: 'Sazba', render: rateText },
  { key: 'due_day', header: 'Den splatnosti', numeric: true, render: (setting) => setting.due_day ?? '—' },
  { key: 'grace_days', header: 'Dní odkladu', numeric: true, render: (setting) => setting.grace_days },
  { key: 'enabled', header: 'Stav', render: (setting) => (setting.is_enabled ? <StatusBadge label="Zapnuto" tone="success" /> : <StatusBadge label="Vypnuto" tone="neutral" />) },
  { key: 'note', header: 'Poznámka', render: (setting) => setting.note ?? '—' },
];

export function ClaimsSettingsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const filterId = useId();
  const { values, update } = useTabUrlState('settings', FILTER_KEYS);
  const { rows, error, mutate } = useClaimsSettings(dealId, values.type);
  const revalidate = useRevalidateDeal(dealId);
  const saved = async () => {
    await revalidate();
  };

  return (
    <>
      <div className="card filter-bar" role="search" aria-label="Filtr nastavení pohledávek">
        <div className="filter-bar__fields">
          <SelectField
            id={`${filterId}-type`}
            label="Typ pohledávky"
            value={values.type}
            onChange={(type) => update({ type: type || null })}
            options={enumOptions(ClaimType)}
            placeholder="Všechny"
          />
        </div>
      </div>
      <EditableList
        title="Nastavení pohledávek"
        rows={rows}
        error={error}
        onRetry={() => void mutate()}
        columns={columns}
        rowKey={(setting) => setting.id}
        rowLabel={(setting) => `nastavení ${ClaimType.labels[setting.type].toLowerCase()}`}
        emptyText={values.type ? 'Pro tento typ pohledávky obchod nemá nastavení.' : 'Obchod nemá žádné nastavení pohledávek; platí výchozí pravidla.'}
        addLabel="Přidat nastavení"
        editLabel="Upravit nastavení"
        canWrite={canWrite}
        renderEditor={(props) => <SettingForm dealId={dealId} {...props} onSaved={saved} />}
        onDelete={async (setting) => {
          await api.delete('/api/v1/deals/{dealId}/claims-settings/{id}/', { params: { dealId, id: setting.id } });
          showToast('Nastavení bylo smazáno.');
          await saved();
        }}
      />
    </>
  );
}

const LABELS = {
  type: 'Typ pohledávky',
  amount: 'Částka',
  rate: 'Sazba',
  due_day: 'Den splatnosti',
  grace_days: 'Dní odkladu',
  is_enabled: 'Zapnuto',
  note: 'Poznámka',
};

function SettingForm({ dealId, row, onDone, onCancel, onSaved }: EditorProps<ClaimsSettingView> & { dealId: number; onSaved: () => Promise<void> }) {
  const form = useForm(
    () => ({
      type: row?.type ?? '',
      amount: amountToInput(row?.amount),
      rate: rateToInput(row?.rate),
      due_day: row?.due_day ? String(row.due_day) : '',
      grace_days: String(row?.grace_days ?? 0),
      is_enabled: row?.is_enabled ?? true,
      note: row?.note ?? '',
    }),
    LABELS,
  );
  const text = (key: 'type' | 'amount' | 'rate' | 'due_day' | 'grace_days' | 'note') => form.values[key] as string;
  const onSubmit = form.handleSubmit(
    () =>
      validate(claimsSettingRequest, {
        type: text('type') || undefined,
        amount: amountOrNull(text('amount')),
        rate: rateFromInput(text('rate')) ?? null,
        due_day: text('due_day').trim() === '' ? null : intOrText(text('due_day')),
        grace_days: intOrText(text('grace_days')) ?? 0,
        is_enabled: form.values.is_enabled as boolean,
        note: textOrNull(text('note')),
      }),
    async (body: ClaimsSettingRequest) => {
      if (row) await api.put('/api/v1/deals/{dealId}/claims-settings/{id}/', body, { params: { dealId, id: row.id } });
      else await api.post('/api/v1/deals/{dealId}/claims-settings/', body, { params: { dealId } });
      showToast(row ? 'Nastavení bylo upraveno.' : 'Nastavení bylo přidáno.');
      await onSaved();
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        <SelectField {...form.field('type')} label={LABELS.type} required options={enumOptions(ClaimType)} placeholder="Vyberte typ" />
        <MoneyField {...form.field('amount')} label={LABELS.amount} hint="Kč, např. poplatek; nepovinné" />
        <TextField {...form.field('rate')} label={LABELS.rate} inputMode="decimal" hint="% ročně; u úroku z prodlení prázdné = zákonná sazba" />
        <TextField {...form.field('due_day')} label={LABELS.due_day} inputMode="numeric" hint="1–31, nepovinné" />
        <TextField {...form.field('grace_days')} label={LABELS.grace_days} inputMode="numeric" hint="Dní po splatnosti, než začne běžet úrok z prodlení" />
      </div>
      <CheckboxField id={form.idOf('is_enabled')} label="Nastavení je zapnuté" checked={form.values.is_enabled as boolean} onChange={(checked) => form.set('is_enabled', checked)} />
      <TextAreaField {...form.field('note')} label={LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel="Uložit nastavení" onCancel={onCancel} />
    </form>
  );
}
