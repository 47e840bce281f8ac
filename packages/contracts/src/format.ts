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

function moneyText(hellers: bigint): string {
  const sign = hellers < 0n ? '-' : '';
  const abs = hellers < 0n ? -hellers : hellers;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of amounts (API decimal strings; empty ones count as nothing): "1000.10" + "2000.20" → "3000.30". */
export function sumMoney(amounts: readonly (string | number | null | undefined)[]): string {
  let total = 0n;
  for (const amount of amounts) if (amount !== null && amount !== undefined && amount !== '') total += hellersOf(amount) ?? 0n;
  return moneyText(total);
}

/** a − b, exactly. */
export function subtractMoney(a: string | number, b: string | number): string {
  return moneyText((hellersOf(a) ?? 0n) - (hellersOf(b) ?? 0n));
}

/**
 * An amount as staff or applicants type it ("38 500,50", "1 200 Kč") in the form the API takes
 * ("38500.50", "1200"); text that is no amount comes back trimmed, for the schema to name.
 */
export function typedMoney(text: string): string {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/kč$/i, '');
  const dotted = /^-?\d+,\d{1,2}$/.test(compact) ? compact.replace(',', '.') : compact;
  return /^-?\d+(\.\d{1,2})?$/.test(dotted) ? dotted : text.trim();
}

/** amount × a whole number, exactly ("4000.50" × 21 → "84010.50"); null when either is no number. */
export function timesMoney(amount: string | number, times: number): string | null {
  const hellers = hellersOf(amount);
  return hellers === null || !Number.isSafeInteger(times) ? null : moneyText(hellers * BigInt(times));
}

/** A calendar day `YYYY-MM-DD` as Czech text writes it: "2026-03-05" → "5. 3. 2026" (for messages and summaries the API writes). */
export function czechDay(isoDay: string): string {
  return `${Number(isoDay.slice(8, 10))}. ${Number(isoDay.slice(5, 7))}. ${isoDay.slice(0, 4)}`;
}
