import { dealParticipantPatch, dealParticipantRequest, PersonRole, type DealParticipantView } from '@lending/contracts';
import { Link } from 'react-router-dom';
import { type Column, enumOptions, ErrorSummary, formatDate, SelectField } from '@lending/ui';
import { api } from '../../../shared/api';
import { validate } from '../../../shared/form';
import { showToast } from '../../../shared/toast';
import { EditableList, FormActions, type EditorProps } from '../../../shared/ui/EditableList';
import { useForm } from '../../../shared/useForm';
import { PersonPicker } from '../../../shared/ui/PersonPicker';
import { useParticipants, useRevalidateDeal } from '../parts-api';

const roleOptions = enumOptions(PersonRole);

const columns: Column<DealParticipantView>[] = [
  { key: 'person', header: 'Osoba', rowHeader: true, render: (p) => <Link to={`/persons/${p.person.id}`}>{p.person.name}</Link> },
  { key: 'role', header: 'Role', render: (p) => PersonRole.labels[p.role] },
  { key: 'created_at', header: 'Přidán', render: (p) => formatDate(p.created_at) },
];

/** "Účastníci": the deal's persons and their roles (borrower, co-debtor, pledger…). */
export function ParticipantsTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { rows, error, mutate } = useParticipants(dealId);
  const revalidate = useRevalidateDeal(dealId);
  // The role change answers 204 without a body: what the list shows comes from a refetch.
  const refetch = async () => {
    await Promise.all([mutate(), revalidate()]);
  };
  return (
    <EditableList
      title="Účastníci"
      rows={rows}
      error={error}
      onRetry={() => void mutate()}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={(p) => `${p.person.name} (${PersonRole.labels[p.role]})`}
      emptyText="Obchod zatím nemá žádné účastníky."
      addLabel="Přidat účastníka"
      editLabel="Změnit roli účastníka"
      deleteLabel="Odebrat"
      canWrite={canWrite}
      renderEditor={(props) =>
        props.row ? (
          <RoleForm dealId={dealId} participant={props.row} {...props} onSaved={refetch} />
        ) : (
          <AddParticipantForm dealId={dealId} {...props} onSaved={refetch} />
        )
      }
      onDelete={async (p) => {
        await api.delete('/api/v1/deals/{dealId}/participants/{id}/', { params: { dealId, id: p.id } });
        showToast(`Účastník ${p.person.name} byl z obchodu odebrán.`);
        await refetch();
      }}
    />
  );
}

type FormProps = EditorProps<DealParticipantView> & { dealId: number; onSaved: () => Promise<void> };

function RoleForm({ dealId, participant, onDone, onCancel, onSaved }: FormProps & { participant: DealParticipantView }) {
  const form = useForm({ role: participant.role as string }, { role: 'Role' });
  const onSubmit = form.handleSubmit(
    (values) => validate(dealParticipantPatch, { role: values.role || undefined }),
    async (body) => {
      await api.patch('/api/v1/deals/{dealId}/participants/{id}/', body, { params: { dealId, id: participant.id } });
      showToast('Role účastníka byla změněna.');
      onDone();
      await onSaved();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <p>
        Osoba: <strong>{participant.person.name}</strong>
      </p>
      <SelectField {...form.field('role')} label="Role" required options={roleOptions} />
      <FormActions submitting={form.submitting} submitLabel="Uložit" onCancel={onCancel} />
    </form>
  );
}

function AddParticipantForm({ dealId, onDone, onCancel, onSaved }: FormProps) {
  const form = useForm({ person: '', role: '' }, { person: 'Osoba', role: 'Role' });
  const onSubmit = form.handleSubmit(
    (values) => validate(dealParticipantRequest, { person: values.person ? Number(values.person) : undefined, role: values.role || undefined }),
    async (body) => {
      await api.post('/api/v1/deals/{dealId}/participants/', body, { params: { dealId } });
      showToast('Účastník byl přidán.');
      onDone();
      await onSaved();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <PersonPicker {...form.field('person')} label="Osoba" required />
      <SelectField {...form.field('role')} label="Role" required options={roleOptions} placeholder="Vyberte roli" />
      <FormActions submitting={form.submitting} submitLabel="Přidat" onCancel={onCancel} />
    </form>
  );
}
