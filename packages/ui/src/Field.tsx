import type { ReactNode } from 'react';

/** One message or several (the API answers a list per field). */
export type Messages = readonly string[] | string | undefined;

function list(messages: Messages): readonly string[] {
  if (!messages) return [];
  return typeof messages === 'string' ? [messages] : messages;
}

/** What a control needs to be tied to its label, hint and error. */
export interface ControlAria {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The ids a control is described by: its hint, then its error (either may be absent). */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: Messages }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, list(error).length ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function controlAria(id: string, { hint, error }: { hint?: ReactNode; error?: Messages }): ControlAria {
  return { id, className: 'input', 'aria-invalid': list(error).length ? true : undefined, 'aria-describedby': describedBy(id, { hint, error }) };
}

/** The error line(s) of a control, each read as "Chyba: …". */
export function FieldError({ id, error }: { id: string; error: Messages }) {
  const messages = list(error);
  if (!messages.length) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {messages.map((message, index) => (
        <span key={index} className="field__error-line">
          <span className="visually-hidden">Chyba: </span>
          {message}
        </span>
      ))}
    </p>
  );
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: Messages;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}

/**
 * Label, hint and error of one control, tied to it by id and aria-describedby, in the GOV.UK
 * order both apps follow: label, hint, error ("Chyba: …" for screen readers), then the control.
 */
export function FieldFrame({ id, label, error, hint, required, className, children }: FieldFrameProps) {
  const invalid = list(error).length > 0;
  return (
    <div className={['field', invalid ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <span className="field__required"> (povinné)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
      {children(controlAria(id, { hint, error }))}
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
  type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local' | 'number' | 'search' | 'password';
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

/** One checkbox with its label, and a hint or an error when it has one. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  hint,
  error,
  disabled,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: Messages;
  disabled?: boolean;
}) {
  const invalid = list(error).length > 0;
  return (
    <div className={invalid ? 'field field--checkbox field--error' : 'field field--checkbox'}>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
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
      <legend className="fieldset__legend">{legend}</legend>
      <div className="checkbox-group">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="checkbox">
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

/**
 * One choice of a few, as radio buttons in a fieldset. The first option's id is `${name}-input`,
 * so an error summary can link to the group.
 */
export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  inline,
}: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T) => void;
  error?: Messages;
  inline?: boolean;
}) {
  const invalid = list(error).length > 0;
  return (
    <fieldset className={invalid ? 'fieldset field--error' : 'fieldset'} aria-describedby={invalid ? `${name}-error` : undefined} id={name}>
      <legend className="fieldset__legend">{legend}</legend>
      <FieldError id={name} error={error} />
      <div className={inline ? 'radios radios--inline' : 'radios'}>
        {options.map((option, index) => {
          const optionId = index === 0 ? `${name}-input` : `${name}-${option.value}`;
          return (
            <div className="radio" key={option.value}>
              <input id={optionId} type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
