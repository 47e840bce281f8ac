import { AllocationProfile, DealClosedReason, dealPatchRequest, DealType, NoticeDisablingSetting, type DealDetail, type DealPatchRequest } from '@lending/contracts';
import { CheckboxField, Dialog, enumOptions, ErrorSummary, MoneyField, SelectField, TextAreaField, TextField } from '@lending/ui';
import { api } from '../../shared/api';
import { amountFromInput, amountToInput, intOrText, textOrNull, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { FormActions } from '../../shared/ui/EditableList';

/** States before activation: only then are type and value the deal's to change (later a new model version does it). */
const PRE_ACTIVE = new Set(['NEW_APPLICATION', 'CONTRACT_COMPLETION', 'CONTRACT_SIGN']);

const LABELS = {
  type: 'Typ obchodu',
  value: 'Hodnota obchodu',
  contract_number: 'Číslo smlouvy',
  variable_symbol: 'Variabilní symbol',
  external_id: 'Externí ID',
  allocation_profile: 'Alokační profil',
  non_paying_after_days: 'Neplacení od (dní po splatnosti)',
  closed_reason: 'Důvod uzavření',
  note: 'Poznámka',
  settings: 'Vypnuté výzvy',
};

export function EditDealDialog({ deal, open, onClose, onSaved }: { deal: DealDetail; open: boolean; onClose: () => void; onSaved: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Upravit údaje obchodu" wide>
      <EditDealForm deal={deal} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function EditDealForm({ deal, onCancel, onSaved }: { deal: DealDetail; onCancel: () => void; onSaved: () => void }) {
  const termsEditable = PRE_ACTIVE.has(deal.state);
  const form = useForm(
    () => ({
      type: deal.type as string,
      value: amountToInput(deal.value),
      contract_number: deal.contract_number ?? '',
      variable_symbol: deal.variable_symbol ?? '',
      external_id: deal.external_id ?? '',
      allocation_profile: deal.allocation_profile ?? '',
      non_paying_after_days: String(deal.non_paying_after_days),
      closed_reason: deal.closed_reason ?? '',
      note: deal.note ?? '',
      abp: deal.abp,
      insolvency: deal.insolvency,
      liquidated: deal.liquidated,
      ...Object.fromEntries(NoticeDisablingSetting.values.map((s) => [s, deal.settings.includes(s)])),
    }),
    LABELS,
  );
  const { values } = form;

  const onSubmit = form.handleSubmit(
    (v) =>
      validate(dealPatchRequest, {
        ...(termsEditable ? { type: v.type, value: amountFromInput(String(v.value)) } : {}),
        contract_number: textOrNull(String(v.contract_number)),
        // The symbol cannot be emptied (payments pair by it); left empty it stays as it is.
        ...(String(v.variable_symbol).trim() ? { variable_symbol: String(v.variable_symbol) } : {}),
        external_id: textOrNull(String(v.external_id)),
        allocation_profile: v.allocation_profile || null,
        non_paying_after_days: intOrText(String(v.non_paying_after_days)),
        ...(deal.state === 'CLOSED' && v.closed_reason ? { closed_reason: v.closed_reason } : {}),
        note: textOrNull(String(v.note)),
        abp: v.abp,
        insolvency: v.insolvency,
        liquidated: v.liquidated,
        settings: NoticeDisablingSetting.values.filter((s) => (v as Record<string, unknown>)[s] === true),
      }),
    async (body: DealPatchRequest) => {
      await api.patch('/api/v1/deals/{id}/', body, { params: { id: deal.id } });
      showToast('Údaje obchodu byly uloženy.');
      onSaved();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      {termsEditable ? (
        <div className="form-grid">
          <SelectField {...form.field('type')} label={LABELS.type} required options={enumOptions(DealType)} />
          <MoneyField {...form.field('value')} label={LABELS.value} required />
        </div>
      ) : (
        <p className="field__hint">Typ a hodnotu aktivního obchodu mění nová verze modelu obchodu.</p>
      )}
      <div className="form-grid">
        <TextField {...form.field('contract_number')} label={LABELS.contract_number} />
        <TextField {...form.field('variable_symbol')} label={LABELS.variable_symbol} inputMode="numeric" hint="Až 10 číslic" />
        <TextField {...form.field('external_id')} label={LABELS.external_id} />
        <SelectField {...form.field('allocation_profile')} label={LABELS.allocation_profile} options={enumOptions(AllocationProfile)} placeholder="Výchozí" />
        <TextField {...form.field('non_paying_after_days')} label={LABELS.non_paying_after_days} inputMode="numeric" />
        {deal.state === 'CLOSED' && <SelectField {...form.field('closed_reason')} label={LABELS.closed_reason} options={enumOptions(DealClosedReason)} />}
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Příznaky</legend>
        <CheckboxField id={form.idOf('abp')} label="ABP" checked={Boolean(values.abp)} onChange={(checked) => form.set('abp', checked)} error={form.errors.abp} />
        <CheckboxField id={form.idOf('insolvency')} label="Insolvence" checked={Boolean(values.insolvency)} onChange={(checked) => form.set('insolvency', checked)} error={form.errors.insolvency} />
        <CheckboxField id={form.idOf('liquidated')} label="V likvidaci" checked={Boolean(values.liquidated)} onChange={(checked) => form.set('liquidated', checked)} error={form.errors.liquidated} />
      </fieldset>
      <fieldset className="fieldset" id={form.idOf('settings')}>
        <legend className="fieldset__legend">{LABELS.settings}</legend>
        {NoticeDisablingSetting.values.map((setting) => (
          <CheckboxField
            key={setting}
            id={form.idOf(setting)}
            label={NoticeDisablingSetting.labels[setting]}
            checked={Boolean((values as Record<string, unknown>)[setting])}
            onChange={(checked) => form.setValues((current) => ({ ...current, [setting]: checked }))}
          />
        ))}
      </fieldset>
      <TextAreaField {...form.field('note')} label={LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel="Uložit" onCancel={onCancel} />
    </form>
  );
}
