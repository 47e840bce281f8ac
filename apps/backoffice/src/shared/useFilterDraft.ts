import { useId, useState } from 'react';

/**
 * A filter bar's form state: the values typed but not yet applied (`draft`, from the URL's
 * `initial`), the errors found on applying them, and `bind(key)` — the id, label, value, change
 * handler and error a field of the bar takes.
 */
export function useFilterDraft<K extends string>(keys: readonly K[], initial: Readonly<Record<K, string>>, labels: Readonly<Record<K, string>>) {
  const id = useId();
  const [draft, setDraft] = useState<Record<K, string>>(() => Object.fromEntries(keys.map((key) => [key, initial[key]])) as Record<K, string>);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const bind = (key: K) => ({
    id: `${id}-${key}`,
    label: labels[key],
    value: draft[key],
    onChange: (value: string) => setDraft((current) => ({ ...current, [key]: value })),
    error: errors[key],
  });
  return { id, draft, setDraft, errors, setErrors, bind };
}
