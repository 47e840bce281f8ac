import { DealType, PersonDealType, personDealRequest, PersonRole, type PersonDealRequest } from '@lending/contracts';
import { useNavigate } from 'react-router-dom';
import { Dialog, enumOptions, ErrorSummary, MoneyField, SelectField, TextAreaField } from '@lending/ui';
import { api } from '../../shared/api';
import { amountFromInput, textOrNull, validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { FormActions } from '../../shared/ui/EditableList';

const LABELS = { type: 'Typ obchodu', value: 'Výše úvěru', role: 'Role osoby', note: 'Poznámka' };

/** "Vytvořit obchod" of a person (POST /persons/{personId}/deals/): a new deal in NEW_APPLICATION, then opened. */
export function CreateDealDialog({ personId, open, onClose, onCreated }: { personId: number; open: boolean; onClose: () => void; onCreated: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Vytvořit obchod">
      <CreateDealForm personId={personId} onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateDealForm({ personId, onCancel, onCreated }: { personId: number; onCancel: () => void; onCreated: () => void }) {
  const navigate = useNavigate();
  const form = useForm({ type: 'CONSUMER_LOAN', value: '', role: 'BORROWER', note: '' }, LABELS);
  const onSubmit = form.handleSubmit(
    (values) => validate(personDealRequest, { type: values.type || undefined, value: amountFromInput(values.value), role: values.role, note: textOrNull(values.note) }),
    async (body: PersonDealRequest) => {
      const deal = await api.post('/api/v1/persons/{personId}/deals/', body, { params: { personId } });
      showToast(`Obchod #${deal.id} byl vytvořen.`);
      onCreated();
      navigate(`/deals/${deal.id}`);
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <SelectField {...form.field('type')} label={LABELS.type} required options={PersonDealType.options.map((type) => ({ value: type, label: DealType.labels[type] }))} />
      <MoneyField {...form.field('value')} label={LABELS.value} required />
      <SelectField {...form.field('role')} label={LABELS.role} required options={enumOptions(PersonRole)} />
      <TextAreaField {...form.field('note')} label={LABELS.note} />
      <FormActions submitting={form.submitting} submitLabel="Vytvořit obchod" busyLabel="Vytvářím…" onCancel={onCancel} />
    </form>
  );
}
