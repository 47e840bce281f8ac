import { CallOutcome, callDataRequest, type CallDataRequest, type CallDataView } from '@lending/contracts';
import { api } from '../../shared/api';
import { type Column, enumOptions, ErrorSummary, formatDateTime, formatOptionalDateTime, SelectField, TextAreaField, TextField } from '@lending/ui';
import { isoToLocalInput, localInputToIso, textOrNull, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { EditableList, FormActions, type EditorProps } from '../../shared/ui/EditableList';
import { leadPaths, useCallData } from './api';

const columns: Column<CallDataView>[] = [
  { key: 'called_at', header: 'Čas hovoru', rowHeader: true, render: (call) => formatDateTime(call.called_at) },
  { key: 'outcome', header: 'Výsledek', render: (call) => (call.outcome ? CallOutcome.labels[call.outcome] : '—') },
  { key: 'note', header: 'Poznámka', render: (call) => call.note ?? '—' },
  { key: 'next', header: 'Příští hovor', render: (call) => formatOptionalDateTime(call.next_call_at) },
];

export function CallDataSection({ leadId, canWrite }: { leadId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useCallData(leadId);
  return (
    <EditableList
      title="Hovory"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowKey={(call) => call.id}
      rowLabel={(call) => `hovor z ${formatDateTime(call.called_at)}`}
      emptyText="Zatím nebyl zaznamenán žádný hovor."
      addLabel="Přidat hovor"
      editLabel="Upravit hovor"
      canWrite={canWrite}
      renderEditor={(props) => <CallDataForm leadId={leadId} {...props} onSaved={() => void mutate()} />}
      onDelete={async (call) => {
        await api.delete(`${leadPaths.callData(leadId)}${call.id}/`);
        showToast('Hovor byl smazán.');
        await mutate();
      }}
    />
  );
}

function CallDataForm({ leadId, row, onDone, onCancel, onSaved }: EditorProps<CallDataView> & { leadId: number; onSaved: () => void }) {
  const form = useForm(
    () => ({
      called_at: isoToLocalInput(row?.called_at ?? new Date().toISOString()),
      outcome: row?.outcome ?? '',
      note: row?.note ?? '',
      next_call_at: isoToLocalInput(row?.next_call_at),
    }),
    { called_at: 'Čas hovoru', outcome: 'Výsledek hovoru', note: 'Poznámka', next_call_at: 'Příští hovor' },
  );
  const onSubmit = form.handleSubmit(
    (values) =>
      validate(callDataRequest, {
        called_at: localInputToIso(values.called_at) ?? undefined,
        outcome: values.outcome || null,
        note: textOrNull(values.note),
        next_call_at: localInputToIso(values.next_call_at),
      }),
    async (body: CallDataRequest) => {
      if (row) await api.put(`${leadPaths.callData(leadId)}${row.id}/`, body);
      else await api.post(leadPaths.callData(leadId), body);
      showToast(row ? 'Hovor byl upraven.' : 'Hovor byl zaznamenán.');
      onSaved();
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <TextField {...form.field('called_at')} label="Čas hovoru" type="datetime-local" />
      <SelectField {...form.field('outcome')} label="Výsledek hovoru" options={enumOptions(CallOutcome)} placeholder="Neuvedeno" />
      <TextAreaField {...form.field('note')} label="Poznámka" rows={4} />
      <TextField {...form.field('next_call_at')} label="Příští hovor" type="datetime-local" hint="Nepovinné" />
      <FormActions submitting={form.submitting} submitLabel="Uložit hovor" onCancel={onCancel} />
    </form>
  );
}
