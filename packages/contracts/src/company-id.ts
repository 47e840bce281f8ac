// IČO (identifikační číslo osoby): 8 digits; the last is a mod-11 check of the first seven
// weighted 8..2: c = (11 - sum % 11) % 10.

function checkDigit(firstSeven: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(firstSeven[i]) * (8 - i);
  return (11 - (sum % 11)) % 10;
}

export function isValidCompanyId(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{8}$/.test(digits)) return false;
  return checkDigit(digits.slice(0, 7)) === Number(digits[7]);
}

/** A valid IČO from a seven-digit base (for demo and test data). */
export function makeCompanyId(base: number): string {
  const firstSeven = String(base % 10_000_000).padStart(7, '0');
  return firstSeven + String(checkDigit(firstSeven));
}
