import { typedMoney } from '@lending/contracts/format';

/** What the contracts' zod schemas offer (safeParse), without a direct dependency on zod. */
export interface Parser<T> {
  safeParse(input: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Record<string, string[]>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates form input with a contract schema; messages are keyed "a.0.b" like the API's. */
export function validate<T>(schema: Parser<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** Optional text fields: '' means "no value" and goes to the API as null. */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A whole number typed in a form ("12"), or the text itself so the schema can say what is wrong. */
export function intOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** `datetime-local` input value ("2025-03-01T14:30") ↔ ISO 8601 with the offset the API wants. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function isoToLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An amount from the API as the form shows it for editing ("12500.50" → "12500,50", "120000.00" → "120000"). */
export function amountToInput(value: string | null | undefined): string {
  return value === null || value === undefined ? '' : value.replace(/\.00$/, '').replace('.', ',');
}

/** A required amount field as the API takes it ("38 500,50" → "38500.50"); empty is left out, for "Pole je povinné". */
export function amountFromInput(text: string): string | undefined {
  return text.trim() === '' ? undefined : typedMoney(text);
}

/** An optional amount field: empty goes to the API as null. */
export function amountOrNull(text: string): string | null {
  return text.trim() === '' ? null : typedMoney(text);
}
