import { ApprovalAction, fourEyesSettingRequest, type FourEyesSetting, type FourEyesSettingRequest } from '@lending/contracts';
import { useState } from 'react';
import { CheckboxField, type Column, DataTable, Dialog, ErrorSummary, formatMoney, MoneyField, TextField } from '@lending/ui';
import { useMay } from '../../shared/current-user';
import { amountOrNull, amountToInput, intOrText, validate, type Validation } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { FormActions } from '../../shared/ui/EditableList';
import { Section } from '../../shared/ui/Layout';
import { useForm } from '../../shared/useForm';
import { saveFourEyesSetting, useFourEyesSettings, useRevalidateApprovals } from './api';

const yesNo = (value: boolean) => (value ? 'Ano' : 'Ne');

const columns: Column<FourEyesSetting>[] = [
  { key: 'action', header: 'Akce', rowHeader: true, render: (setting) => ApprovalAction.labels[setting.action] },
  { key: 'enabled', header: 'Zapnuto', render: (setting) => yesNo(setting.enabled) },
  // No threshold: every amount needs the second pair of eyes.
  { key: 'threshold', header: 'Práh (Kč)', numeric: true, render: (setting) => (setting.threshold === null ? 'každá částka' : formatMoney(setting.threshold)) },
  { key: 'expires', header: 'Platnost žádosti (dní)', numeric: true, render: (setting) => setting.expires_after_days },
];

/**
 * "Nastavení čtyř očí": which actions wait for a second user, from what amount, and how many
 * days a request waits before it expires. Everyone reads it; ADMIN changes it (PUT, audited;
 * pending requests keep the setting they were made under).
 */
export function FourEyesSettingsSection() {
  const settings = useFourEyesSettings();
  const administers = useMay('administration');
  const [editing, setEditing] = useState<FourEyesSetting | null>(null);
  const shown: Column<FourEyesSetting>[] = administers
    ? [
        ...columns,
        {
          key: 'edit',
          header: 'Úpravy',
          render: (setting) => (
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing(setting)}>
              Upravit<span className="visually-hidden"> nastavení: {ApprovalAction.labels[setting.action]}</span>
            </button>
          ),
        },
      ]
    : columns;

  return (
    <Section title="Nastavení čtyř očí">
      {!administers && <p className="cell-note">Nastavení mění administrátor.</p>}
      <DataTable
        caption="Nastavení čtyř očí"
        captionHidden
        columns={shown}
        rows={settings.data}
        rowKey={(setting) => setting.action}
        error={settings.error}
        onRetry={() => void settings.mutate()}
        texts={{ loading: 'Načítám nastavení…', error: 'Nastavení se nepodařilo načíst.', empty: 'Žádná akce nemá nastavení čtyř očí.' }}
      />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Nastavení: ${ApprovalAction.labels[editing.action]}` : 'Nastavení'}>
        {editing && <SettingForm setting={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Dialog>
    </Section>
  );
}

const LABELS = { enabled: 'Vyžadovat schválení', threshold: 'Práh (Kč)', expires_after_days: 'Platnost žádosti (dní)' };

function SettingForm({ setting, onDone, onCancel }: { setting: FourEyesSetting; onDone: () => void; onCancel: () => void }) {
  const revalidate = useRevalidateApprovals();
  const form = useForm(
    () => ({ enabled: setting.enabled, threshold: amountToInput(setting.threshold), expires_after_days: String(setting.expires_after_days) }),
    LABELS,
  );
  const onSubmit = form.handleSubmit(
    (values): Validation<FourEyesSettingRequest> => {
      const days = intOrText(values.expires_after_days as string);
      // A word typed for the days would read as zod's type error; say it in the form's words.
      if (typeof days === 'string') return { ok: false, errors: { expires_after_days: ['Zadejte celý počet dní (1–90).'] } };
      return validate(fourEyesSettingRequest, {
        enabled: values.enabled,
        threshold: amountOrNull(values.threshold as string),
        expires_after_days: days ?? null,
      });
    },
    async (body) => {
      await saveFourEyesSetting(setting.action, body);
      showToast(`Nastavení čtyř očí pro akci ${ApprovalAction.labels[setting.action]} bylo uloženo.`);
      await revalidate();
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <CheckboxField
        id={form.idOf('enabled')}
        label="Vyžadovat schválení druhým uživatelem"
        checked={form.values.enabled as boolean}
        onChange={(checked) => form.set('enabled', checked)}
        error={form.errors.enabled}
      />
      <MoneyField {...form.field('threshold')} label={LABELS.threshold} hint="Žádosti na nižší částku se provedou hned; prázdné = každá částka" />
      <TextField {...form.field('expires_after_days')} label={LABELS.expires_after_days} inputMode="numeric" hint="Za kolik dní nevyřízená žádost vyprší (1–90)" required />
      <FormActions submitting={form.submitting} submitLabel="Uložit nastavení" onCancel={onCancel} />
    </form>
  );
}
