import { Decimal } from 'decimal.js';
import { addMonths, dayNumber } from '../../../domain/dates.ts';

// RPSN (roční procentní sazba nákladů, the APR) by the formula of act 257/2016 Sb., annex 5
// (the consumer-credit directive's annex I):
//
//   Σ drawdowns C_k (1 + X)^(−t_k)  =  Σ payments D_l (1 + X)^(−s_l)
//
// with t and s the time in years from the first drawdown. Intervals are whole months (a year has
// 12 equal months) plus, when they are not whole months, days counted backwards to the first
// drawdown: those days are divided by the days (365 or 366) of the year that ends on the last
// of them. X is given as a percent with two places, the next digit rounding half-up.

export interface CashFlow {
  /** `YYYY-MM-DD` */
  date: string;
  /** CZK, positive. */
  amount: Decimal.Value;
}

const D = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });

interface Interval {
  months: number;
  days: number;
  /** Days of the year that ends on the last of `days` (365 or 366). */
  yearLength: number;
}

/** The interval from `start` to `date` by the annex's rule: whole months backwards, then days. */
function intervalBetween(start: string, date: string): Interval {
  const from = dayNumber(start);
  const to = dayNumber(date);
  if (to < from) throw new RangeError(`${date} is before ${start}`);
  let months = 0;
  while (addMonths(to, -(months + 1)) >= from) months++;
  const monthsEnd = addMonths(to, -months);
  return { months, days: monthsEnd - from, yearLength: monthsEnd - addMonths(monthsEnd, -12) };
}

const yearsOf = (i: Interval) => new D(i.months).div(12).plus(i.days ? new D(i.days).div(i.yearLength) : 0);

/** Years from `start` to `date` by the annex's rule. */
export function yearsBetween(start: string, date: string): Decimal {
  return yearsOf(intervalBetween(start, date));
}

/**
 * The RPSN in per cent (two places) of credit paid out as `drawdowns` and repaid as `payments`
 * (installments with every fee the consumer pays). Null when no rate can express it (e.g.
 * nothing is repaid).
 */
export function computeRpsn(drawdowns: CashFlow[], payments: CashFlow[]): Decimal | null {
  if (!drawdowns.length || !payments.length) return null;
  const first = drawdowns.map((d) => d.date).sort()[0]!;
  const flows = [
    ...drawdowns.map((d) => ({ interval: intervalBetween(first, d.date), amount: new D(d.amount).neg() })),
    ...payments.map((p) => ({ interval: intervalBetween(first, p.date), amount: new D(p.amount) })),
  ].map((flow) => ({ ...flow, years: yearsOf(flow.interval) }));
  const maxMonths = Math.max(...flows.map((f) => f.interval.months));
  // f(X) = Σ payments·v^s − Σ drawdowns·v^t with v = 1/(1+X), strictly decreasing in X, and its
  // derivative. v^t = (v^(1/12))^months · v^(days/year): one exp for the months, one per distinct
  // day count, and a table of the month powers (a 50-year schedule would otherwise take seconds).
  const evaluate = (x: Decimal) => {
    const lnV = x.plus(1).ln().neg();
    const monthly = lnV.div(12).exp();
    const monthPowers = [new D(1)];
    for (let k = 1; k <= maxMonths; k++) monthPowers.push(monthPowers[k - 1]!.mul(monthly));
    const dayFactors = new Map<string, Decimal>();
    let value = new D(0);
    let slope = new D(0);
    for (const { interval, amount, years } of flows) {
      const key = `${interval.days}/${interval.yearLength}`;
      let dayFactor = dayFactors.get(key);
      if (!dayFactor) {
        dayFactor = interval.days ? lnV.mul(interval.days).div(interval.yearLength).exp() : new D(1);
        dayFactors.set(key, dayFactor);
      }
      const discounted = amount.mul(monthPowers[interval.months]!).mul(dayFactor);
      value = value.plus(discounted);
      slope = slope.minus(discounted.mul(years));
    }
    return { value, slope: slope.div(x.plus(1)) };
  };
  let low = new D('-0.99');
  let high = new D(10); // 1000 % a year: beyond any lawful consumer credit
  if (evaluate(low).value.lt(0) || evaluate(high).value.gt(0)) return null;
  // Newton's method kept inside a shrinking bracket (bisection when a step would leave it).
  let x = new D('0.1');
  for (let i = 0; i < 100; i++) {
    const { value, slope } = evaluate(x);
    if (value.gt(0)) low = x;
    else high = x;
    let next = slope.isZero() ? low.plus(high).div(2) : x.minus(value.div(slope));
    if (next.lte(low) || next.gte(high)) next = low.plus(high).div(2);
    if (next.minus(x).abs().lt('1e-15')) {
      x = next;
      break;
    }
    x = next;
  }
  return x.mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
