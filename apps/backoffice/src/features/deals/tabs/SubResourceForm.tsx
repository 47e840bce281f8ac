import { CheckboxField, ErrorSummary, type Option, SelectField, TextAreaField, TextField } from '@lending/ui';
import { amountFromInput, amountOrNull, amountToInput, isoToLocalInput, localInputToIso, textOrNull, validate, type Parser } from '../../../shared/form';
import { FormActions } from '../../../shared/ui/EditableList';
import { useForm } from '../../../shared/useForm';

// One dialog form for the simple sub-resources of a deal (obligations, debts, enforceable
// claims, labels, notes): each tab lists its fields explicitly, in Czech; this turns them into
// controls, the typed text into the API's body (amounts as decimal strings, '' as null) and
// the API's 400 messages back onto the fields.

export type FieldKind = 'text' | 'textarea' | 'money' | 'date' | 'datetime' | 'select' | 'checkbox';

export interface FormField {
  /** The API's field name; its 400 messages land on this control. */
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  /** select: the choices (Czech labels). */
  options?: readonly Option[];
  /** select: the value is a record id, sent as a number. */
  numeric?: boolean;
}

type Values = Record<string, string | boolean>;
type Row = Record<string, unknown>;

/** The form's starting values: a row being edited, or empty. */
export function initialValues(fields: readonly FormField[], row: Row | null): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = row?.[field.key];
    if (field.kind === 'checkbox') values[field.key] = value === true;
    else if (field.kind === 'money') values[field.key] = amountToInput(value as string | null | undefined);
    else if (field.kind === 'datetime') values[field.key] = isoToLocalInput(value as string | null | undefined);
    else values[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * The body the API takes: a required field left empty is left out (the schema says "Pole je
 * povinné"), an optional one goes as null (clears it on PUT).
 */
export function bodyOf(fields: readonly FormField[], values: Values): Row {
  const body: Row = {};
  for (const field of fields) {
    const value = values[field.key];
    if (typeof value === 'boolean') {
      body[field.key] = value;
      continue;
    }
    const empty = value === undefined || value.trim() === '';
    const missing = field.required ? undefined : null;
    switch (field.kind) {
      case 'money':
        body[field.key] = field.required ? amountFromInput(value ?? '') : amountOrNull(value ?? '');
        break;
      case 'datetime':
        body[field.key] = empty ? missing : localInputToIso(value);
        break;
      case 'text':
      case 'textarea':
        body[field.key] = empty ? missing : field.required ? value : textOrNull(value);
        break;
      default:
        body[field.key] = empty ? missing : field.numeric ? Number(value) : value;
    }
  }
  return body;
}

export interface SubResourceFormProps<B> {
  fields: readonly FormField[];
  /** The contract's request schema: checked before sending, with its Czech messages. */
  schema: Parser<B>;
  row: Row | null;
  submitLabel: string;
  /** Sends the body (POST or PUT); a 400 comes back onto the fields. */
  onSubmit: (body: B) => Promise<void>;
  onCancel: () => void;
}

export function SubResourceForm<B>({ fields, schema, row, submitLabel, onSubmit, onCancel }: SubResourceFormProps<B>) {
  const form = useForm(
    () => initialValues(fields, row),
    Object.fromEntries(fields.map((field) => [field.key, field.label])),
  );
  const submit = form.handleSubmit((values) => validate(schema, bodyOf(fields, values)), onSubmit);
  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary items={form.summary} />
      <div className="form-grid">
        {fields
          .filter((field) => field.kind !== 'checkbox' && field.kind !== 'textarea')
          .map((field) => {
            const common = { ...form.field(field.key), label: field.label, required: field.required, hint: field.hint };
            switch (field.kind) {
              case 'select':
                return <SelectField key={field.key} {...common} options={field.options ?? []} placeholder={field.required ? 'Vyberte' : '—'} />;
              case 'money':
                return <TextField key={field.key} {...common} inputMode="decimal" hint={field.hint ?? 'Kč'} />;
              case 'date':
                return <TextField key={field.key} {...common} type="date" />;
              case 'datetime':
                return <TextField key={field.key} {...common} type="datetime-local" />;
              default:
                return <TextField key={field.key} {...common} />;
            }
          })}
      </div>
      {fields
        .filter((field) => field.kind === 'checkbox')
        .map((field) => (
          <CheckboxField
            key={field.key}
            id={form.idOf(field.key)}
            label={field.label}
            hint={field.hint}
            error={form.errors[field.key]}
            checked={form.values[field.key] === true}
            onChange={(checked) => form.set(field.key, checked)}
          />
        ))}
      {fields
        .filter((field) => field.kind === 'textarea')
        .map((field) => (
          <TextAreaField key={field.key} {...form.field(field.key)} label={field.label} required={field.required} hint={field.hint} />
        ))}
      <FormActions submitting={form.submitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
