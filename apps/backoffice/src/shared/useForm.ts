import { useId, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '@lending/api-client';
import type { SummaryItem } from '@lending/ui';
import type { FieldErrors, Validation } from './form';

/**
 * State of one form: values, Czech field errors (from the contract schema before sending and
 * from the API's 400 after), a failure message for anything else, and the submit flow.
 * Field ids are `${formId}-${key}`, so the error summary can link to each control.
 */
export function useForm<V extends Record<string, string | boolean>>(initial: V | (() => V), labels: Partial<Record<string, string>> = {}) {
  const formId = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const idOf = (key: string) => `${formId}-${key.replace(/\./g, '-')}`;

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  /** Props of a text/select control bound to `key`. */
  function field<K extends keyof V & string>(key: K) {
    return {
      id: idOf(key),
      value: values[key] as string,
      onChange: (value: string) => set(key, value as V[K]),
      error: errors[key],
    };
  }

  function handleSubmit<T>(parse: (values: V) => Validation<T>, action: (data: T) => Promise<void>) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      if (submitting) return;
      const parsed = parse(values);
      setFailure(null);
      if (!parsed.ok) {
        setErrors(parsed.errors);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await action(parsed.data);
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFailure(errorMessage(error));
      } finally {
        setSubmitting(false);
      }
    };
  }

  const summary: SummaryItem[] = [
    ...(failure ? [{ message: failure, refusal: true }] : []),
    ...Object.entries(errors).flatMap(([key, messages]) =>
      messages.map((message) => {
        const label = labels[key] ?? labels[key.split('.')[0] ?? ''];
        const known = key !== 'non_field_errors' && key !== 'detail';
        return { fieldId: known ? idOf(key) : undefined, message: label ? `${label}: ${message}` : message };
      }),
    ),
  ];

  return { formId, values, setValues, set, field, errors, setErrors, failure, submitting, handleSubmit, summary, idOf };
}
