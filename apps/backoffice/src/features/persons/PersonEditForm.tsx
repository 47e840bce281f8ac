import { personPatchRequest, type PersonDetail, type PersonPatchRequest, type RevealedIdentifiers } from '@lending/contracts';
import { api } from '../../shared/api';
import { CheckboxField, ErrorSummary, TextAreaField, TextField } from '@lending/ui';
import { validate } from '../../shared/form';
import { showToast } from '../../shared/toast';
import { useForm } from '../../shared/useForm';
import { FormActions } from '../../shared/ui/EditableList';
import { personPaths } from './api';

const textKeys = ['first_name', 'last_name', 'company_name', 'birth_number', 'company_id', 'identity_card', 'email', 'phone', 'citizenship', 'note'] as const;
const flagKeys = ['is_internal', 'has_execution', 'has_insolvency'] as const;
const identifierKeys: readonly string[] = ['birth_number', 'identity_card'];

/**
 * The detail's birth number and identity card are masked (docs/decisions/0046): the form starts
 * from the revealed ones, or — not revealed — leaves both out (neither shown nor sent).
 */
function initialValues(person: PersonDetail, identifiers: RevealedIdentifiers | null) {
  return {
    first_name: person.first_name ?? '',
    last_name: person.last_name ?? '',
    company_name: person.company_name ?? '',
    birth_number: identifiers?.birth_number ?? '',
    company_id: person.company_id ?? '',
    identity_card: identifiers?.identity_card ?? '',
    email: person.email ?? '',
    phone: person.phone ?? '',
    citizenship: person.citizenship ?? '',
    note: person.note ?? '',
    is_internal: person.is_internal,
    has_execution: person.has_execution,
    has_insolvency: person.has_insolvency,
  };
}

/**
 * PATCH of the fields that changed only: the audit log then records just what staff edited.
 * `identifiers`: the person's birth number and identity card as revealed for this edit, or null
 * to leave them out of the form and the body.
 */
export function PersonEditForm({
  person,
  identifiers,
  onCancel,
  onSaved,
}: {
  person: PersonDetail;
  identifiers: RevealedIdentifiers | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const initial = initialValues(person, identifiers);
  const form = useForm(() => initialValues(person, identifiers), {
    first_name: 'Jméno',
    last_name: 'Příjmení',
    company_name: 'Název firmy',
    birth_number: 'Rodné číslo',
    company_id: 'IČO',
    identity_card: 'Číslo občanského průkazu',
    email: 'E-mail',
    phone: 'Telefon',
    citizenship: 'Státní občanství',
    note: 'Poznámka',
  });
  const isCompany = person.identification_type === 'ICO';

  const onSubmit = form.handleSubmit(
    (values) => {
      const changed: Record<string, unknown> = {};
      for (const key of textKeys) {
        if (identifiers === null && identifierKeys.includes(key)) continue;
        if (values[key].trim() !== initial[key]) changed[key] = values[key];
      }
      for (const key of flagKeys) if (values[key] !== initial[key]) changed[key] = values[key];
      return validate(personPatchRequest, changed);
    },
    async (body: PersonPatchRequest) => {
      if (Object.keys(body).length > 0) await api.patch(personPaths.detail(person.id), body);
      showToast(Object.keys(body).length > 0 ? 'Údaje osoby byly uloženy.' : 'Nic se nezměnilo.', 'info');
      onSaved();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        {isCompany ? (
          <TextField {...form.field('company_name')} label="Název firmy" required />
        ) : (
          <>
            <TextField {...form.field('first_name')} label="Jméno" required />
            <TextField {...form.field('last_name')} label="Příjmení" required />
            {identifiers ? (
              <>
                <TextField {...form.field('birth_number')} label="Rodné číslo" required />
                <TextField {...form.field('identity_card')} label="Číslo občanského průkazu" />
              </>
            ) : (
              <p className="field__hint">Rodné číslo a číslo občanského průkazu tu měnit nelze: vaše role je nesmí zobrazit.</p>
            )}
          </>
        )}
        <TextField {...form.field('company_id')} label="IČO" inputMode="numeric" required={isCompany} />
        <TextField {...form.field('email')} label="E-mail" type="email" />
        <TextField {...form.field('phone')} label="Telefon" type="tel" />
        <TextField {...form.field('citizenship')} label="Státní občanství" hint="Dvoupísmenný kód, např. CZ" />
      </div>
      <TextAreaField {...form.field('note')} label="Poznámka" />
      <CheckboxField id={form.idOf('is_internal')} label="Interní osoba" checked={form.values.is_internal} onChange={(v) => form.set('is_internal', v)} />
      <CheckboxField id={form.idOf('has_execution')} label="Má exekuci" checked={form.values.has_execution} onChange={(v) => form.set('has_execution', v)} />
      <CheckboxField
        id={form.idOf('has_insolvency')}
        label="Má insolvenci"
        checked={form.values.has_insolvency}
        onChange={(v) => form.set('has_insolvency', v)}
      />
      <FormActions submitting={form.submitting} submitLabel="Uložit údaje" onCancel={onCancel} />
    </form>
  );
}
