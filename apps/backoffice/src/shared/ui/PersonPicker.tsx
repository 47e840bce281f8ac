import { personDisplayName } from '@lending/contracts';
import { formatDate, SelectField, TextField } from '@lending/ui';
import { useDeferredValue, useState } from 'react';
import { useApi } from '../api';

interface PersonPickerProps {
  id: string;
  /** The chosen person's field ("Osoba", "Věřitel"). */
  label: string;
  /** The chosen person's id, '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: string | readonly string[];
  hint?: string;
  required?: boolean;
  /** The choice when none is made ("Všichni", "Věřitel obchodu"); without it, "Vyberte osobu". */
  emptyLabel?: string;
}

/**
 * A person chosen by searching (name, birth number, IČO, e-mail), never by typing an id: a
 * search field and the matches to pick from. A person chosen before (an id in the URL, a saved
 * creditor) is named from their record.
 */
export function PersonPicker({ id, label, value, onChange, error, hint, required, emptyLabel }: PersonPickerProps) {
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const found = useApi(search.length >= 2 ? '/api/v1/persons/' : null, { query: { search, page_size: 20 } });
  const current = useApi(value && /^\d+$/.test(value) ? '/api/v1/persons/{id}/' : null, { params: { id: value } });
  const results = found.data?.results ?? [];
  const options = [
    ...(value && current.data && !results.some((p) => String(p.id) === value) ? [{ value, label: personDisplayName(current.data) || `Osoba č. ${value}` }] : []),
    ...results.map((p) => ({
      value: String(p.id),
      label: `${p.name}${p.birth_date ? `, nar. ${formatDate(p.birth_date)}` : p.company_id ? `, IČO ${p.company_id}` : ''}`,
    })),
  ];
  const placeholder = emptyLabel ?? (search.length < 2 && !value ? 'Nejprve osobu vyhledejte' : found.data && results.length === 0 ? 'Nikdo nenalezen' : 'Vyberte osobu');
  return (
    <div className="person-picker">
      <TextField id={`${id}-search`} type="search" label={`${label}: hledat`} hint={hint ?? 'Jméno, rodné číslo, IČO nebo e-mail; alespoň 2 znaky'} value={typed} onChange={setTyped} />
      <SelectField id={id} label={label} value={value} onChange={onChange} error={error} required={required} options={options} placeholder={placeholder} />
    </div>
  );
}
