import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// Phones without zod, so a front-end can format them without the validation runtime
// (`@lending/contracts/phone`; the schemas of forms/person.ts build on the same functions).

/** A phone of the Czech Republic (default country) or Slovakia, in E.164; null when invalid. */
export function normalisePhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), 'CZ');
  if (!parsed || !parsed.isValid() || !['CZ', 'SK'].includes(parsed.country ?? '')) return null;
  return parsed.number;
}

/**
 * A phone as staff and applicants read it, formatted one way from the stored E.164
 * ("+420604512877" → "+420 604 512 877", docs/decisions/0016). A phone without a valid E.164
 * (kept as typed) is shown as typed.
 */
export function formatPhone(e164: string | null | undefined, typed?: string | null): string {
  // The stored E.164 is the record (the API only writes one it validated): formatted even when
  // the number plan no longer knows its prefix, so every phone reads the same way.
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (parsed) return parsed.formatInternational();
  return typed?.trim() || e164 || '';
}
