import type { CadastralLocationView } from '@lending/contracts';
import { SelectField, TextField } from '@lending/ui';
import { useDeferredValue, useState } from 'react';
import { useApi } from '../api';

// A cadastral territory (katastrální území) chosen by searching the codebook (GET
// /title-deeds/cadastral-locations/, its pages sized by `page-size` with a hyphen), never by
// typing a code: the realties' and the title deeds' filters and the title-deed order use it.

const LOCATIONS_PATH = '/api/v1/title-deeds/cadastral-locations/';
const PAGE_SIZE = 10;

/** "Brno-město (610003)", with the municipality when it differs and a note for the sandbox's codebook. */
export function cadastralLocationLabel(location: CadastralLocationView): string {
  const municipality = location.municipality && location.municipality !== location.name ? `, obec ${location.municipality}` : '';
  return `${location.name} (${location.code})${municipality}${location.sandbox ? ' – zkušební' : ''}`;
}

/** The territory of a code (the codebook searched by it), for naming a choice made before (a URL, a record). */
export function useCadastralLocation(code: string | null | undefined) {
  const valid = !!code && /^\d{6}$/.test(code);
  const { data } = useApi(valid ? LOCATIONS_PATH : null, { query: { search: code ?? '', 'page-size': PAGE_SIZE } });
  return data?.results.find((location) => location.code === code) ?? null;
}

interface CadastralLocationPickerProps {
  id: string;
  /** "Katastrální území" */
  label: string;
  /** The chosen territory's code (6 digits), '' for none. */
  value: string;
  onChange: (code: string) => void;
  error?: string | readonly string[];
  required?: boolean;
  /** The choice when none is made ("Všechna"); without it, "Vyberte území". */
  emptyLabel?: string;
}

/** A search field and the matching territories to pick from (the PersonPicker's pattern). */
export function CadastralLocationPicker({ id, label, value, onChange, error, required, emptyLabel }: CadastralLocationPickerProps) {
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const found = useApi(search.length >= 2 ? LOCATIONS_PATH : null, { query: { search, 'page-size': PAGE_SIZE } }, { keepPreviousData: true });
  const current = useCadastralLocation(value);
  const results = found.data?.results ?? [];
  const options = [
    ...(value && !results.some((location) => location.code === value) ? [{ value, label: current ? cadastralLocationLabel(current) : `Kód ${value}` }] : []),
    ...results.map((location) => ({ value: location.code, label: cadastralLocationLabel(location) })),
  ];
  const placeholder =
    emptyLabel ?? (search.length < 2 && !value ? 'Nejprve území vyhledejte' : found.data && results.length === 0 ? 'Nic nenalezeno' : 'Vyberte území');
  return (
    // Both controls sit in the surrounding grid (a filter bar, a form) as fields of their own.
    <div className="cadastral-picker" style={{ display: 'contents' }}>
      <TextField id={`${id}-search`} type="search" label={`${label}: hledat`} hint="Název území nebo obce, nebo kód; alespoň 2 znaky" value={typed} onChange={setTyped} />
      <SelectField id={id} label={label} value={value} onChange={onChange} error={error} required={required} options={options} placeholder={placeholder} />
    </div>
  );
}
