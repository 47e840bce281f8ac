import { useEffect, useId, useRef, useState } from 'react';
import type { AddressSuggestion, ChosenAddress } from '@lending/contracts';
import { api } from '../api';
import { FieldFrame } from '@lending/ui';

export const SUGGEST_DEBOUNCE_MS = 250;
export const SUGGEST_LIMIT = 8;

/** What the field holds: the text typed, and the suggestion chosen (only that counts as an address). */
export interface AddressValue {
  text: string;
  chosen: ChosenAddress | null;
}

export const emptyAddress: AddressValue = { text: '', chosen: null };

export function addressFromData(raw: unknown): AddressValue {
  if (raw && typeof raw === 'object' && 'whole_address' in raw) {
    const address = raw as ChosenAddress;
    return { text: address.whole_address, chosen: address };
  }
  return emptyAddress;
}

/** What the form sends: the chosen suggestion's parts, or the bare text (which the schema refuses). */
export function addressPayload(value: AddressValue): ChosenAddress | string {
  return value.chosen ?? value.text;
}

export function suggestionToAddress(suggestion: AddressSuggestion): ChosenAddress {
  const v = suggestion.values;
  return {
    whole_address: v.WHOLE_ADDRESS,
    street: v.STREET ?? null,
    number: v.NUMBER ?? null,
    city: v.CITY ?? '',
    zip: v.ZIP ?? '',
    district: v.DISTRICT ?? null,
    region: v.REGION ?? null,
  };
}

interface Props {
  id: string;
  label: string;
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  error?: string | undefined;
  hint?: string;
}

/** Address whisperer: an ARIA 1.2 combobox over POST /api/v1/address/suggest. */
export function AddressWhisperer({ id, label, value, onChange, error, hint = 'Začněte psát a vyberte adresu ze seznamu.' }: Props) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const query = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});

  useEffect(() => () => {
    clearTimeout(query.current.timer);
    query.current.controller?.abort();
  }, []);

  const search = (text: string) => {
    clearTimeout(query.current.timer);
    query.current.controller?.abort();
    if (text.trim().length < 2) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    query.current.timer = setTimeout(() => {
      const controller = new AbortController();
      query.current.controller = controller;
      api
        .suggestAddresses({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: text }, country: 'CZ', limit: SUGGEST_LIMIT }, controller.signal)
        .then((answer) => {
          const found = answer.resultCode === 'OK' ? answer.suggestions : [];
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0);
          setStatus(
            answer.resultCode === 'OK'
              ? found.length
                ? `Nalezeno návrhů: ${found.length}. Vyberte šipkami a potvrďte klávesou Enter.`
                : 'Žádná adresa neodpovídá.'
              : (answer.errorMessage ?? 'Našeptávač adres je nedostupný.'),
          );
        })
        .catch(() => {
          if (!controller.signal.aborted) setOpen(false);
        });
    }, SUGGEST_DEBOUNCE_MS);
  };

  const choose = (suggestion: AddressSuggestion) => {
    const address = suggestionToAddress(suggestion);
    onChange({ text: address.whole_address, chosen: address });
    setOpen(false);
    setSuggestions([]);
    setActive(-1);
    setStatus(`Vybrána adresa ${address.whole_address}`);
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <div className="combobox">
          <input
            {...aria}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            value={value.text}
            onChange={(event) => {
              onChange({ text: event.target.value, chosen: null });
              search(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                if (!open && suggestions.length) setOpen(true);
                setActive((current) => (suggestions.length ? (current + 1) % suggestions.length : -1));
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((current) => (suggestions.length ? (current <= 0 ? suggestions.length - 1 : current - 1) : -1));
              } else if (event.key === 'Enter') {
                if (open && active >= 0 && suggestions[active]) {
                  event.preventDefault();
                  choose(suggestions[active]);
                }
              } else if (event.key === 'Escape') {
                if (open) {
                  // Closes the list only, not a dialog around it.
                  event.preventDefault();
                  event.stopPropagation();
                  setOpen(false);
                  setActive(-1);
                }
              }
            }}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
          />
          <ul id={listId} role="listbox" aria-label="Návrhy adres" className="combobox__list" hidden={!open}>
            {open &&
              suggestions.map((suggestion, index) => (
                <li
                  key={`${suggestion.values.WHOLE_ADDRESS}-${index}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(suggestion)}
                >
                  {suggestion.values.WHOLE_ADDRESS}
                </li>
              ))}
          </ul>
          <span className="visually-hidden" role="status" aria-live="polite">
            {status}
          </span>
        </div>
      )}
    </FieldFrame>
  );
}
