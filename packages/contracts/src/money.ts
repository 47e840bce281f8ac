import { REQUIRED_MESSAGE, z } from './zod-config.ts';

// Money in JSON (issue 13, ADR 0021): answers carry a decimal string with two places, as Django
// REST Framework serialises decimals ("8884.88"); requests may send a string or a number with at
// most two decimal places. Never a float on the way: strings are checked digit by digit, a
// number only through its shortest decimal form (0.1 + 0.2 is refused, not rounded).

/** The largest amount a Decimal(14, 2) column holds. */
export const MAX_MONEY = '999999999999.99';
const CANONICAL = /^-?(0|[1-9]\d{0,11})\.\d{2}$/;
const ACCEPTED = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

export const moneyMessages = {
  invalid: 'Zadejte částku v korunách, nejvýše s haléři (např. 1250.50).',
  negative: 'Částka nesmí být záporná.',
  notPositive: 'Částka musí být větší než nula.',
};

/** "1250.5" → "1250.50"; null when it is no amount in crowns and haléře within Decimal(14, 2). */
export function canonicalMoney(value: string | number): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = ACCEPTED.exec(text);
  if (!match) return null;
  const crowns = match[2]!.replace(/^0+(?=\d)/, '');
  const hellers = (match[3] ?? '').padEnd(2, '0');
  const negative = match[1] === '-' && !(crowns === '0' && hellers === '00');
  return `${negative ? '-' : ''}${crowns}.${hellers}`;
}

/** A money amount in a request body or query: a decimal string or a number; parsed to the canonical string. */
export function moneyInput(options: { min?: 'any' | 'zero' | 'positive' } = {}) {
  const min = options.min ?? 'zero';
  return z
    // A missing amount says so, as every required field does.
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED_MESSAGE : moneyMessages.invalid) })
    .transform((value, ctx) => {
      const money = canonicalMoney(value);
      if (money === null) {
        ctx.addIssue({ code: 'custom', message: moneyMessages.invalid });
        return z.NEVER;
      }
      if (min !== 'any' && money.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: moneyMessages.negative });
        return z.NEVER;
      }
      if (min === 'positive' && /^0\.00$/.test(money)) {
        ctx.addIssue({ code: 'custom', message: moneyMessages.notPositive });
        return z.NEVER;
      }
      return money;
    });
}

/** A money amount in an answer: the canonical decimal string. */
export const money = z.string().regex(CANONICAL).describe('Decimal amount in CZK with two places, e.g. "8884.88"');

/** The answer form of a stored Decimal (Prisma.Decimal, decimal.js) or null. */
export function moneyOf(value: { toFixed(places: number): string } | null | undefined): string | null {
  return value === null || value === undefined ? null : value.toFixed(2);
}
