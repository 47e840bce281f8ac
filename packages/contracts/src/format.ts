// Money formatting both front-ends share. Kept free of zod and libphonenumber so the portal's
// first load can import it (`@lending/contracts/format`).

const wholeCrowns = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withHellers = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in haléře (1/100 Kč), exactly: decimal strings are read digit by digit, never through a float. */
function hellersOf(amount: string | number): bigint | null {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(2) : '') : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) return null;
  const hellers = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -hellers : hellers;
}

/**
 * The one money rule of the portal and the back-office (docs/decisions/0016): Czech style, whole
 * crowns without haléře ("120 000 Kč"), haléře only where the amount has them ("120 000,50 Kč").
 * Spaces are non-breaking, so an amount never wraps. API amounts come as JSON numbers or
 * Decimal(14,2) strings; neither is computed with here.
 */
export function formatCzk(amount: string | number): string {
  const hellers = hellersOf(amount);
  if (hellers === null) return String(amount);
  const value = Number(hellers) / 100;
  return hellers % 100n === 0n ? wholeCrowns.format(value) : withHellers.format(value);
}
