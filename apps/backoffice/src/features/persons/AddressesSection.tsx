import { AddressType, personAddressRequest, type PersonAddress, type PersonAddressRequest } from '@lending/contracts';
import { api } from '../../shared/api';
import { type Column, EMPTY_VALUE, enumOptions, ErrorSummary, formatDateTime, SelectField, TextField } from '@lending/ui';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { EditableList, FormActions, type EditorProps } from '../../shared/ui/EditableList';
import { personPaths } from './api';

const columns: Column<PersonAddress>[] = [
  { key: 'type', header: 'Druh', rowHeader: true, render: (address) => AddressType.labels[address.type] },
  { key: 'address', header: 'Adresa', render: (address) => address.whole_address },
  { key: 'district', header: 'Okres', render: (address) => address.district ?? EMPTY_VALUE },
  { key: 'updated', header: 'Změněno', render: (address) => formatDateTime(address.updated_at) },
];

export function AddressesSection({
  personId,
  addresses,
  canWrite,
  onChanged,
}: {
  personId: number;
  addresses: readonly PersonAddress[];
  canWrite: boolean;
  onChanged: () => void;
}) {
  return (
    <EditableList
      title="Adresy"
      rows={addresses}
      error={null}
      onRetry={onChanged}
      columns={columns}
      rowKey={(address) => address.id}
      rowLabel={(address) => `adresu ${address.whole_address}`}
      emptyText="Osoba nemá žádnou adresu."
      addLabel="Přidat adresu"
      editLabel="Upravit adresu"
      canWrite={canWrite}
      renderEditor={(props) => <AddressForm personId={personId} {...props} onSaved={onChanged} />}
    />
  );
}

function AddressForm({ personId, row, onDone, onCancel, onSaved }: EditorProps<PersonAddress> & { personId: number; onSaved: () => void }) {
  const form = useForm(
    () => ({
      type: row?.type ?? 'PERMANENT',
      street: row?.street ?? '',
      house_number: row?.house_number ?? '',
      city: row?.city ?? '',
      zip: row?.zip ?? '',
      district: row?.district ?? '',
      region: row?.region ?? '',
      country: row?.country ?? 'CZ',
    }),
    {
      type: 'Druh adresy',
      street: 'Ulice',
      house_number: 'Číslo domu',
      city: 'Obec',
      zip: 'PSČ',
      district: 'Okres',
      region: 'Kraj',
      country: 'Země',
    },
  );
  const onSubmit = form.handleSubmit(
    (values) => validate(personAddressRequest, values),
    async (body: PersonAddressRequest) => {
      if (row) await api.put(`${personPaths.addresses(personId)}${row.id}/`, body);
      else await api.post(personPaths.addresses(personId), body);
      showToast(row ? 'Adresa byla upravena.' : 'Adresa byla přidána.');
      onSaved();
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <SelectField {...form.field('type')} label="Druh adresy" options={enumOptions(AddressType)} />
      <div className="form-grid">
        <TextField {...form.field('street')} label="Ulice" autoComplete="address-line1" />
        <TextField {...form.field('house_number')} label="Číslo domu" hint="Např. 846/1" />
        <TextField {...form.field('city')} label="Obec" required autoComplete="address-level2" />
        <TextField {...form.field('zip')} label="PSČ" required inputMode="numeric" autoComplete="postal-code" />
        <TextField {...form.field('district')} label="Okres" />
        <TextField {...form.field('region')} label="Kraj" />
        <TextField {...form.field('country')} label="Země" hint="Dvoupísmenný kód, např. CZ" />
      </div>
      <FormActions submitting={form.submitting} submitLabel="Uložit adresu" onCancel={onCancel} />
    </form>
  );
}
