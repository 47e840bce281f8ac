import { ContactType, personContactRequest, type PersonContact, type PersonContactRequest } from '@lending/contracts';
import { api } from '../../shared/api';
import { CheckboxField, type Column, EmailAddress, EMPTY_VALUE, enumOptions, ErrorSummary, formatBoolean, formatPhone, SelectField, TextField } from '@lending/ui';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { EditableList, FormActions, type EditorProps } from '../../shared/ui/EditableList';
import { personPaths } from './api';

const columns: Column<PersonContact>[] = [
  { key: 'value', header: 'Kontakt', rowHeader: true, render: (contact) => (contact.type === 'PHONE' ? formatPhone(contact.value, contact.value) : contact.type === 'EMAIL' ? <EmailAddress value={contact.value} /> : contact.value) },
  { key: 'type', header: 'Druh', render: (contact) => ContactType.labels[contact.type] },
  { key: 'primary', header: 'Hlavní', render: (contact) => formatBoolean(contact.is_primary) },
  { key: 'note', header: 'Poznámka', render: (contact) => contact.note ?? EMPTY_VALUE },
];

export function ContactsSection({
  personId,
  contacts,
  canWrite,
  onChanged,
}: {
  personId: number;
  contacts: readonly PersonContact[];
  canWrite: boolean;
  onChanged: () => void;
}) {
  return (
    <EditableList
      title="Kontakty"
      rows={contacts}
      error={null}
      onRetry={onChanged}
      columns={columns}
      rowKey={(contact) => contact.id}
      rowLabel={(contact) => `kontakt ${contact.value}`}
      emptyText="Osoba nemá žádný další kontakt."
      addLabel="Přidat kontakt"
      editLabel="Upravit kontakt"
      canWrite={canWrite}
      renderEditor={(props) => <ContactForm personId={personId} {...props} onSaved={onChanged} />}
    />
  );
}

function ContactForm({ personId, row, onDone, onCancel, onSaved }: EditorProps<PersonContact> & { personId: number; onSaved: () => void }) {
  const form = useForm(
    () => ({ type: row?.type ?? 'PHONE', value: row?.value ?? '', is_primary: row?.is_primary ?? false, note: row?.note ?? '' }),
    { type: 'Druh kontaktu', value: 'Kontakt', note: 'Poznámka' },
  );
  const onSubmit = form.handleSubmit(
    (values) => validate(personContactRequest, values),
    async (body: PersonContactRequest) => {
      if (row) await api.put(`${personPaths.contacts(personId)}${row.id}/`, body);
      else await api.post(personPaths.contacts(personId), body);
      showToast(row ? 'Kontakt byl upraven.' : 'Kontakt byl přidán.');
      onSaved();
      onDone();
    },
  );
  const isEmail = form.values.type === 'EMAIL';
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <SelectField {...form.field('type')} label="Druh kontaktu" options={enumOptions(ContactType)} />
      <TextField
        {...form.field('value')}
        label={isEmail ? 'E-mail' : 'Telefon'}
        type={isEmail ? 'email' : 'tel'}
        hint={isEmail ? undefined : 'České nebo slovenské číslo, např. 603 123 456'}
        required
      />
      <CheckboxField
        id={form.idOf('is_primary')}
        label="Hlavní kontakt tohoto druhu"
        checked={form.values.is_primary}
        onChange={(checked) => form.set('is_primary', checked)}
      />
      <TextField {...form.field('note')} label="Poznámka" />
      <FormActions submitting={form.submitting} submitLabel="Uložit kontakt" onCancel={onCancel} />
    </form>
  );
}
