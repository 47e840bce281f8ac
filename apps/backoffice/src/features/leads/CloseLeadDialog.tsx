import { closeLeadRequest, type CloseLeadRequest } from '@lending/contracts';
import { api } from '../../shared/api';
import { Dialog, ErrorState, ErrorSummary, Loading, SelectField, TextAreaField } from '@lending/ui';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { leadPaths, useClosedReasons } from './api';

interface CloseLeadDialogProps {
  leadId: number;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
}

export function CloseLeadDialog({ leadId, open, onClose, onClosed }: CloseLeadDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Uzavřít žádost">
      <CloseLeadForm leadId={leadId} onCancel={onClose} onClosed={onClosed} />
    </Dialog>
  );
}

function CloseLeadForm({ leadId, onCancel, onClosed }: { leadId: number; onCancel: () => void; onClosed: () => void }) {
  const reasons = useClosedReasons(true);
  const form = useForm({ reason: '', note: '' }, { reason: 'Důvod uzavření', note: 'Poznámka' });
  const options = (reasons.data ?? [])
    .filter((reason) => reason.is_active)
    .sort((a, b) => a.order - b.order)
    .map((reason) => ({ value: String(reason.id), label: reason.name }));

  const onSubmit = form.handleSubmit(
    (values) =>
      validate(closeLeadRequest, {
        reason: values.reason ? Number(values.reason) : undefined,
        note: values.note,
      }),
    async (body: CloseLeadRequest) => {
      await api.post(leadPaths.close(leadId), body);
      showToast('Žádost byla uzavřena.');
      onClosed();
    },
  );

  if (reasons.error) return <ErrorState error={reasons.error} onRetry={() => void reasons.mutate()} title="Důvody uzavření se nepodařilo načíst." />;
  if (!reasons.data) return <Loading label="Načítám důvody uzavření…" />;

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <SelectField {...form.field('reason')} label="Důvod uzavření" required options={options} placeholder="Vyberte důvod" />
      <TextAreaField {...form.field('note')} label="Poznámka" hint="Nepovinné; uvidí ji jen zaměstnanci." />
      <div className="dialog__actions">
        <button type="submit" className="button button--danger" disabled={form.submitting}>
          {form.submitting ? 'Uzavírám…' : 'Potvrdit uzavření'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Zrušit
        </button>
      </div>
    </form>
  );
}
