import { forwardRef, useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldErrors } from '../validation';

export const ERROR_SUMMARY_TITLE = 'Opravte prosím chyby ve formuláři';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, hint, the control and its error: the error line keeps its height so nothing jumps. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      <p id={`${id}-error`} className="field__error">
        {error && (
          <>
            <span className="visually-hidden">Chyba: </span>
            {error}
          </>
        )}
      </p>
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  suffix?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, value, onValueChange, error, hint, suffix, className, ...input },
  ref,
) {
  const control = (
    <input
      ref={ref}
      id={id}
      className={`input ${className ?? ''}`}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      {...input}
    />
  );
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {suffix ? (
        <div className="input-with-suffix">
          {control}
          <span className="input-with-suffix__suffix" aria-hidden="true">
            {suffix}
          </span>
        </div>
      ) : (
        control
      )}
    </FieldShell>
  );
});

interface RadioGroupProps<T extends string> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string | undefined;
  inline?: boolean;
}

export function RadioGroup<T extends string>({ name, legend, options, value, onChange, error, inline }: RadioGroupProps<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={error ? 'fieldset field--error' : 'fieldset'} aria-describedby={error ? errorId : undefined} id={name}>
      <legend className="fieldset__legend">{legend}</legend>
      <div className={inline ? 'radios radios--inline' : 'radios'}>
        {options.map((option, index) => (
          <div className="radio" key={option.value}>
            <input
              id={index === 0 ? `${name}-input` : `${name}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={index === 0 ? `${name}-input` : `${name}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
      <p id={errorId} className="field__error">
        {error && (
          <>
            <span className="visually-hidden">Chyba: </span>
            {error}
          </>
        )}
      </p>
    </fieldset>
  );
}

interface ErrorSummaryProps {
  errors: FieldErrors;
  /** Field name → id of the element to focus and its label, in the order of the form. */
  fields: readonly (readonly [name: string, id: string, label: string])[];
  /** Changes on every submit, so focus moves to the summary each time. */
  attempt: number;
}

/**
 * GOV.UK-style summary at the top of the form, linking each message to its field. Each entry
 * names its field ("Jméno: Pole je povinné"): the inline messages are the spec's short ones, and
 * six times "Pole je povinné" in a list says nothing.
 */
export function ErrorSummary({ errors, fields, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = fields.filter(([name]) => errors[name]);
  const extra = Object.keys(errors).filter((name) => !fields.some(([field]) => field === name));
  const hasErrors = entries.length > 0 || extra.length > 0;

  useEffect(() => {
    if (attempt > 0 && hasErrors) ref.current?.focus();
    // Only after a submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (!hasErrors) return null;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} role="alert" aria-labelledby={`error-summary-title-${attempt}`}>
      <h2 id={`error-summary-title-${attempt}`} className="error-summary__title">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul className="error-summary__list">
        {entries.map(([name, id, label]) => (
          <li key={name}>
            <a
              href={`#${id}`}
              onClick={(event) => {
                event.preventDefault();
                const target = document.getElementById(id);
                target?.focus();
                target?.scrollIntoView({ block: 'center' });
              }}
            >
              {`${label}: ${errors[name]}`}
            </a>
          </li>
        ))}
        {extra.map((name) => (
          <li key={name}>{errors[name]}</li>
        ))}
      </ul>
    </div>
  );
}

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

export function Checkbox({ id, label, checked, onChange, error }: CheckboxProps) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={`${id}-error`} className="field__error">
        {error && (
          <>
            <span className="visually-hidden">Chyba: </span>
            {error}
          </>
        )}
      </p>
    </div>
  );
}
