/** Field → first message, from a zod result (or any list of issues with a path). */
export type FieldErrors = Record<string, string>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

export function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A 400 answer of the API ({field: [message]}) as field errors; other keys (detail, non_field_errors) stay out. */
export function apiFieldErrors(body: unknown, fields: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof body !== 'object' || body === null) return errors;
  for (const [key, value] of Object.entries(body)) {
    if (!fields.includes(key)) continue;
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === 'string') errors[key] = message;
  }
  return errors;
}
