import type { ReactNode } from 'react';

type Messages = readonly string[] | string | undefined;

function list(messages: Messages): readonly string[] {
  if (!messages) return [];
  return typeof messages === 'string' ? [messages] : messages;
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: Messages;
  hint?: string;
  required?: boolean;
  className?: string;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/**
 * Label, hint and error of one control, tied to it by id and aria-describedby (the
 * GOV.UK pattern the portal uses too): the error sits above the control, prefixed
 * "Chyba:" for screen readers.
 */
export function FieldFrame({ id, label, error, hint, required, className, children }: FieldFrameProps) {
  const messages = list(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = messages.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', messages.length ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <span className="field__required"> (povinné)</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="field__error">
          {messages.map((message, index) => (
            <span key={index} className="field__error-line">
              <span className="visually-hidden">Chyba: </span>
              {message}
            </span>
          ))}
        </p>
      )}
      {children({ id, 'aria-invalid': messages.length ? true : undefined, 'aria-describedby': describedBy })}
    </div>
  );
}

interface ControlProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: Messages;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  name?: string;
}

export function TextField({
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  step,
  min,
  ...props
}: ControlProps & {
  type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local' | 'number' | 'search';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'search';
  autoComplete?: string;
  placeholder?: string;
  step?: string;
  min?: string;
}) {
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <input
          {...aria}
          name={props.name}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          step={step}
          min={min}
          value={props.value}
          required={props.required}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A Czech amount in crowns: a text input that accepts "12 500,50" as well as "12500.50". */
export function MoneyField(props: ControlProps) {
  return <TextField {...props} inputMode="decimal" hint={props.hint ?? 'Částka v Kč'} />;
}

export function TextAreaField({ rows = 3, ...props }: ControlProps & { rows?: number }) {
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <textarea
          {...aria}
          name={props.name}
          rows={rows}
          value={props.value}
          required={props.required}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** Options of an enumeration of the contracts, in its order, with the Czech labels. */
export function enumOptions<V extends string>(definition: { values: readonly V[]; labels: Record<V, string> }): Option[] {
  return definition.values.map((value) => ({ value, label: definition.labels[value] }));
}

export function SelectField({ options, placeholder, ...props }: ControlProps & { options: readonly Option[]; placeholder?: string }) {
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <select
          {...aria}
          name={props.name}
          value={props.value}
          required={props.required}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** Ano / Ne / Vše for a boolean filter: '' means "do not filter". */
export const yesNoAnyOptions: readonly Option[] = [
  { value: 'true', label: 'Ano' },
  { value: 'false', label: 'Ne' },
];

export function YesNoAnyField(props: ControlProps) {
  return <SelectField {...props} options={yesNoAnyOptions} placeholder="Vše" />;
}

export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Several values of one enumeration as a group of checkboxes (a fieldset with a legend). */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  className,
}: {
  id: string;
  legend: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  className?: string;
}) {
  return (
    <fieldset className={['fieldset', className ?? ''].filter(Boolean).join(' ')}>
      <legend className="field__label">{legend}</legend>
      <div className="checkbox-group">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="field--checkbox">
              <input
                id={optionId}
                type="checkbox"
                checked={value.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? options.filter((o) => o.value === option.value || value.includes(o.value)).map((o) => o.value)
                      : value.filter((v) => v !== option.value),
                  )
                }
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
