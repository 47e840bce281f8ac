import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { computeRpsn, yearsBetween } from './compute-rpsn.ts';
import { computeSchedule, dueDateOf, InvalidScheduleTerms, type ScheduleRow, type ScheduleTerms } from './compute-schedule.ts';
import { computeLeaseSchedule, type LeaseTerms } from './lease-schedule.ts';
import { computeModelSchedule, type ModelTerms } from './model-schedule.ts';

// Known answers worked out from the formulas (by hand, or with Python's decimal module where a
// table is long), never from this code's output. Amounts are compared as exact decimal strings.

const plain = (rows: ScheduleRow[]) =>
  rows.map((r) => [r.number, r.dueDate, r.installment.toFixed(2), r.principal.toFixed(2), r.interest.toFixed(2), r.fees.toFixed(2), r.balance.toFixed(2)]);

const annuity: ScheduleTerms = {
  principal: '100000.00',
  annualInterestRate: '12',
  termMonths: 12,
  disbursementDate: '2026-01-15',
  firstDueDate: '2026-02-15',
  dueDay: 15,
  installmentType: 'ANNUITY',
};

describe('annuity schedule', () => {
  it('100 000 Kč at 12 % for 12 months: A = P·r/(1−(1+r)^−n) = 8 884.878 8… → 8 884.88, the last installment absorbs the rounding', () => {
    // r = 1 % a month. Row by row: interest = balance × 1 % (half-up to the haléř), principal =
    // 8 884.88 − interest; the 12th pays the remaining 8 796.88 with 87.97 of interest.
    expect(plain(computeSchedule(annuity))).toEqual([
      [1, '2026-02-15', '8884.88', '7884.88', '1000.00', '0.00', '92115.12'],
      [2, '2026-03-15', '8884.88', '7963.73', '921.15', '0.00', '84151.39'],
      [3, '2026-04-15', '8884.88', '8043.37', '841.51', '0.00', '76108.02'],
      [4, '2026-05-15', '8884.88', '8123.80', '761.08', '0.00', '67984.22'],
      [5, '2026-06-15', '8884.88', '8205.04', '679.84', '0.00', '59779.18'],
      [6, '2026-07-15', '8884.88', '8287.09', '597.79', '0.00', '51492.09'],
      [7, '2026-08-15', '8884.88', '8369.96', '514.92', '0.00', '43122.13'],
      [8, '2026-09-15', '8884.88', '8453.66', '431.22', '0.00', '34668.47'],
      [9, '2026-10-15', '8884.88', '8538.20', '346.68', '0.00', '26130.27'],
      [10, '2026-11-15', '8884.88', '8623.58', '261.30', '0.00', '17506.69'],
      [11, '2026-12-15', '8884.88', '8709.81', '175.07', '0.00', '8796.88'],
      [12, '2027-01-15', '8884.85', '8796.88', '87.97', '0.00', '0.00'],
    ]);
  });

  it('principal parts always sum to the principal exactly, whatever the rounding', () => {
    for (const [principal, rate, months] of [
      ['123456.78', '9.99', 37],
      ['50000.00', '24.9', 60],
      ['1000.01', '0.5', 7],
      ['2500000.00', '5.49', 360],
    ] as const) {
      const rows = computeSchedule({ ...annuity, principal, annualInterestRate: rate, termMonths: months });
      expect(rows.reduce((sum, r) => sum.plus(r.principal), rows[0]!.principal.mul(0)).toFixed(2)).toBe(principal);
      expect(rows.at(-1)!.balance.toFixed(2)).toBe('0.00');
      expect(rows.every((r) => r.installment.eq(r.principal.plus(r.interest).plus(r.fees)))).toBe(true);
    }
  });

  it('a first period longer than a month accrues daily (act/365): 36 days × 12 % of 100 000 = 1 183.56', () => {
    // Paid out 10 January, first due 15 February: 36 days. 100 000 × 0.12 × 36 / 365 = 1 183.5616…
    // The principal part stays that of a regular month (8 884.88 − 1 000.00 = 7 884.88).
    const rows = computeSchedule({ ...annuity, disbursementDate: '2026-01-10' });
    expect(plain(rows.slice(0, 2))).toEqual([
      [1, '2026-02-15', '9068.44', '7884.88', '1183.56', '0.00', '92115.12'],
      [2, '2026-03-15', '8884.88', '7963.73', '921.15', '0.00', '84151.39'],
    ]);
  });

  it('a first period shorter than a month: 10 days × 12 % of 100 000 = 328.77', () => {
    // 5 February → 15 February. 100 000 × 0.12 × 10 / 365 = 328.767…
    const [first] = computeSchedule({ ...annuity, disbursementDate: '2026-02-05' });
    expect([first!.interest.toFixed(2), first!.principal.toFixed(2), first!.installment.toFixed(2)]).toEqual(['328.77', '7884.88', '8213.65']);
  });

  it('adds the monthly fee to every installment, in its own column', () => {
    const rows = computeSchedule({ ...annuity, monthlyFee: '99.00' });
    expect(rows.map((r) => r.installment.toFixed(2))).toEqual([...Array(11).fill('8983.88'), '8983.85']);
    expect(rows.every((r) => r.fees.toFixed(2) === '99.00')).toBe(true);
  });

  it('without interest: 1 000 / 3 = 333.33, 333.33, 333.34', () => {
    const rows = computeSchedule({ ...annuity, principal: '1000.00', annualInterestRate: '0', termMonths: 3 });
    expect(rows.map((r) => [r.installment.toFixed(2), r.interest.toFixed(2)])).toEqual([
      ['333.33', '0.00'],
      ['333.33', '0.00'],
      ['333.34', '0.00'],
    ]);
  });
});

describe('linear schedule', () => {
  it('120 000 Kč at 6 % for 12 months: 10 000 of principal each month, interest 600, 550 … 50 (3 900 in all)', () => {
    const rows = computeSchedule({ ...annuity, principal: '120000.00', annualInterestRate: '6', installmentType: 'LINEAR' });
    expect(rows.map((r) => r.principal.toFixed(2))).toEqual(Array(12).fill('10000.00'));
    expect(rows.map((r) => r.interest.toFixed(2))).toEqual(['600.00', '550.00', '500.00', '450.00', '400.00', '350.00', '300.00', '250.00', '200.00', '150.00', '100.00', '50.00']);
    expect(rows.reduce((s, r) => s + Number(r.interest.toFixed(2)) * 100, 0)).toBe(390_000);
    expect(rows.at(-1)!.balance.toFixed(2)).toBe('0.00');
  });

  it('the last principal part takes the rounding: 100 000 / 3 = 33 333.33, 33 333.33, 33 333.34', () => {
    const rows = computeSchedule({ ...annuity, annualInterestRate: '0', termMonths: 3, installmentType: 'LINEAR' });
    expect(rows.map((r) => r.principal.toFixed(2))).toEqual(['33333.33', '33333.33', '33333.34']);
  });
});

describe('bullet schedule', () => {
  it('500 000 Kč at 9 % for 6 months: 3 750 of interest monthly, the principal with the last', () => {
    const rows = computeSchedule({ ...annuity, principal: '500000.00', annualInterestRate: '9', termMonths: 6, installmentType: 'BULLET' });
    expect(rows.map((r) => [r.installment.toFixed(2), r.principal.toFixed(2), r.balance.toFixed(2)])).toEqual([
      ['3750.00', '0.00', '500000.00'],
      ['3750.00', '0.00', '500000.00'],
      ['3750.00', '0.00', '500000.00'],
      ['3750.00', '0.00', '500000.00'],
      ['3750.00', '0.00', '500000.00'],
      ['503750.00', '500000.00', '0.00'],
    ]);
  });
});

describe('due dates', () => {
  it('keep the contractual due day, on the last day of shorter months (leap February too)', () => {
    expect([0, 1, 2, 3].map((i) => dueDateOf('2026-01-31', 31, i))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect([0, 1, 2].map((i) => dueDateOf('2028-01-30', 30, i))).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
    expect(dueDateOf('2026-12-15', 15, 1)).toBe('2027-01-15');
  });

  it('refuse terms that cannot make a schedule, naming every field in Czech', () => {
    const broken = () =>
      computeSchedule({ ...annuity, principal: '-5', annualInterestRate: '150', termMonths: 0, dueDay: 32, firstDueDate: '2026-01-01', monthlyFee: '0.001' });
    expect(broken).toThrow(InvalidScheduleTerms);
    try {
      broken();
    } catch (error) {
      expect(Object.keys((error as InvalidScheduleTerms).fields).sort()).toEqual(['annual_interest_rate', 'due_day', 'first_due_date', 'monthly_fee', 'principal', 'term_months']);
    }
    expect(() => computeSchedule({ ...annuity, firstDueDate: '2026-02-16' })).toThrow(/den splatnosti/);
    expect(() => computeSchedule({ ...annuity, firstDueDate: '2026-04-15' })).toThrow(/dva měsíce/);
  });
});

describe('RPSN (act 257/2016 Sb., annex 5)', () => {
  const payments = (rows: ScheduleRow[]) => rows.map((r) => ({ date: r.dueDate, amount: r.installment }));

  it('measures time in whole months, then days over the length of the year that ends there', () => {
    expect(yearsBetween('2026-01-15', '2027-01-15').toString()).toBe('1');
    expect(yearsBetween('2026-01-15', '2026-07-15').toString()).toBe('0.5');
    // 2 whole months back from 20 March reach 20 January; 5 days remain, in a 365-day year.
    expect(yearsBetween('2026-01-15', '2026-03-20').toFixed(12)).toBe((2 / 12 + 5 / 365).toFixed(12));
    // The same over 29 February 2028: the year ending 20 March 2028 has 366 days.
    expect(yearsBetween('2028-03-15', '2028-05-20').toFixed(12)).toBe((2 / 12 + 5 / 366).toFixed(12));
    expect(yearsBetween('2026-01-01', '2026-01-31').toFixed(12)).toBe((30 / 365).toFixed(12));
  });

  it('one payment: 1 000 repaid as 1 100 after a year is 10 %, after half a year 21 %', () => {
    expect(computeRpsn([{ date: '2026-01-01', amount: '1000' }], [{ date: '2027-01-01', amount: '1100' }])!.toFixed(2)).toBe('10.00');
    // (1 + X)^0.5 = 1.1  →  X = 0.21
    expect(computeRpsn([{ date: '2026-01-01', amount: '1000' }], [{ date: '2026-07-01', amount: '1100' }])!.toFixed(2)).toBe('21.00');
    // 30 days, 1 %: X = 1.01^(365/30) − 1 = 12.8695…
    expect(computeRpsn([{ date: '2026-01-01', amount: '1000' }], [{ date: '2026-01-31', amount: '1010' }])!.toFixed(2)).toBe('12.87');
  });

  it('the 12 % annuity without fees: about (1.01)^12 − 1 = 12.68 %', () => {
    // The last installment is 3 haléře lower, so the exact root is 12.68247…, still 12.68.
    expect(computeRpsn([{ date: annuity.disbursementDate, amount: annuity.principal }], payments(computeSchedule(annuity)))!.toFixed(2)).toBe('12.68');
  });

  it('counts every fee the consumer pays: 2 000 Kč kept at payout → 17.06 %, 100 Kč a month → 15.08 %', () => {
    // Roots of Σ A_k (1+X)^(−k/12) = drawn, solved independently with Python's decimal module.
    const rows = computeSchedule(annuity);
    expect(computeRpsn([{ date: annuity.disbursementDate, amount: '98000' }], payments(rows))!.toFixed(2)).toBe('17.06');
    const withFee = computeSchedule({ ...annuity, monthlyFee: '100' });
    expect(computeRpsn([{ date: annuity.disbursementDate, amount: annuity.principal }], payments(withFee))!.toFixed(2)).toBe('15.08');
  });

  it('has no answer when nothing is repaid', () => {
    expect(computeRpsn([{ date: '2026-01-01', amount: '1000' }], [])).toBeNull();
  });
});

describe('lease schedule', () => {
  const lease: LeaseTerms = {
    leaseStart: '2026-03-01',
    termMonths: 12,
    firstDueDate: '2026-03-15',
    dueDay: 15,
    monthlyRent: '15000.00',
    servicesAdvance: '2500.00',
    deposit: '30000.00',
  };
  const rows = (terms: LeaseTerms) => computeLeaseSchedule(terms).map((r) => [r.number, r.dueDate, r.periodFrom, r.periodTo, r.installment.toFixed(2), r.rent.toFixed(2), r.servicesAdvance.toFixed(2), r.deposit.toFixed(2), r.purchasePrice.toFixed(2)]);

  it('one rent per month of the lease, services with each, the deposit with the first: 12 × 17 500 + 30 000 = 240 000', () => {
    const table = rows(lease);
    expect(table).toHaveLength(12);
    expect(table[0]).toEqual([1, '2026-03-15', '2026-03-01', '2026-03-31', '47500.00', '15000.00', '2500.00', '30000.00', '0.00']);
    expect(table[1]).toEqual([2, '2026-04-15', '2026-04-01', '2026-04-30', '17500.00', '15000.00', '2500.00', '0.00', '0.00']);
    expect(table[11]).toEqual([12, '2027-02-15', '2027-02-01', '2027-02-28', '17500.00', '15000.00', '2500.00', '0.00', '0.00']);
    const total = computeLeaseSchedule(lease).reduce((sum, r) => sum.plus(r.installment), new Decimal(0));
    expect(total.toFixed(2)).toBe('240000.00');
  });

  it('measures every period from the lease start, clamped at month ends (a lease from 31 January)', () => {
    const table = rows({ ...lease, leaseStart: '2026-01-31', firstDueDate: '2026-02-15', termMonths: 3 });
    expect(table.map((r) => [r[2], r[3]])).toEqual([
      ['2026-01-31', '2026-02-27'],
      ['2026-02-28', '2026-03-30'],
      ['2026-03-31', '2026-04-29'],
    ]);
  });

  it('a sale and leaseback adds the buy-back price at its deadline, numbered in the order things fall due', () => {
    const table = rows({ ...lease, leaseStart: '2026-01-01', firstDueDate: '2026-01-15', termMonths: 24, monthlyRent: '20000.00', servicesAdvance: '0', deposit: '0', buyback: { price: '2100000.00', deadline: '2027-12-31' } });
    expect(table).toHaveLength(25);
    expect(table[23]).toEqual([24, '2027-12-15', '2027-12-01', '2027-12-31', '20000.00', '20000.00', '0.00', '0.00', '0.00']);
    expect(table[24]).toEqual([25, '2027-12-31', '2026-01-01', '2027-12-31', '2100000.00', '0.00', '0.00', '0.00', '2100000.00']);
    // A deadline inside the lease sits between the rents around it.
    const early = rows({ ...lease, buyback: { price: '1000000.00', deadline: '2026-06-20' } });
    expect(early.map((r) => r[1])).toEqual(['2026-03-15', '2026-04-15', '2026-05-15', '2026-06-15', '2026-06-20', '2026-07-15', '2026-08-15', '2026-09-15', '2026-10-15', '2026-11-15', '2026-12-15', '2027-01-15', '2027-02-15']);
    expect(early[4]![0]).toBe(5);
  });

  it('refuses incomplete terms, naming each field in Czech', () => {
    try {
      computeLeaseSchedule({ ...lease, monthlyRent: null, firstDueDate: '2026-03-01', dueDay: 1, buyback: { price: null, deadline: null } });
      expect.unreachable();
    } catch (error) {
      expect((error as InvalidScheduleTerms).fields).toEqual({
        'parameters.monthly_rent': ['Zadejte měsíční nájemné.'],
        first_due_date: ['První nájemné musí být splatné po začátku nájmu.'],
        'parameters.buyback_price': ['Zadejte cenu zpětného odkupu.'],
        'parameters.buyback_deadline': ['Zadejte lhůtu zpětného odkupu.'],
      });
    }
  });
});

describe('model schedule (every deal type)', () => {
  const loan: ModelTerms = {
    principal: '100000.00',
    annualInterestRate: '12.0000',
    termMonths: 12,
    disbursementDate: '2026-01-15',
    firstDueDate: '2026-02-15',
    dueDay: 15,
    installmentType: 'ANNUITY',
    upfrontFee: '2000.00',
    monthlyFee: '0.00',
    parameters: null,
  };

  it('a loan: the annuity rows with interest periods, the level installment and the RPSN of the net drawdown (98 000 → 17.06 %)', () => {
    const model = computeModelSchedule(loan, 'REGULAR');
    expect(model.rows).toHaveLength(12);
    expect([model.rows[0]!.periodFrom, model.rows[0]!.periodTo, model.rows[1]!.periodFrom, model.rows[1]!.periodTo]).toEqual(['2026-01-15', '2026-02-14', '2026-02-15', '2026-03-14']);
    expect(model.installmentValue.toFixed(2)).toBe('8884.88');
    expect(model.rpsn!.toFixed(2)).toBe('17.06');
    expect(model.rows.at(-1)!.balance!.toFixed(2)).toBe('0.00');
  });

  it('level installments: linear 10 000 + 600 interest (+ 99 fee) = 10 699, bullet 500 000 × 9 % / 12 = 3 750', () => {
    expect(computeModelSchedule({ ...loan, principal: '120000.00', annualInterestRate: '6', installmentType: 'LINEAR', monthlyFee: '99.00', upfrontFee: '0' }, 'REGULAR').installmentValue.toFixed(2)).toBe('10699.00');
    expect(computeModelSchedule({ ...loan, principal: '500000.00', annualInterestRate: '9', termMonths: 6, installmentType: 'BULLET', upfrontFee: '0' }, 'REGULAR').installmentValue.toFixed(2)).toBe('3750.00');
  });

  it('a sale and leaseback: 2 000 000 paid, 24 rents of 20 000 and a buy-back of 2 100 000 → RPSN 15.23 %; with a 50 000 fee kept and 100 a month 16.95 %', () => {
    // Roots of the annex-5 equation solved independently with Python's decimal module (bisection).
    const leaseback: ModelTerms = {
      ...loan,
      principal: '2000000.00',
      annualInterestRate: '0',
      termMonths: 24,
      disbursementDate: '2026-01-01',
      firstDueDate: '2026-01-15',
      upfrontFee: '0.00',
      parameters: { monthly_rent: '20000.00', services_advance: '3000.00', deposit: '40000.00', buyback_price: '2100000.00', buyback_deadline: '2027-12-31' },
    };
    const model = computeModelSchedule(leaseback, 'LEASEBACK');
    expect(model.rows).toHaveLength(25);
    // Services advance and the returnable deposit are no cost of the credit.
    expect(model.rpsn!.toFixed(2)).toBe('15.23');
    expect(model.installmentValue.toFixed(2)).toBe('23000.00');
    expect(computeModelSchedule({ ...leaseback, upfrontFee: '50000.00', monthlyFee: '100.00' }, 'LEASEBACK').rpsn!.toFixed(2)).toBe('16.95');
  });

  it('a lease has no RPSN (no credit)', () => {
    const model = computeModelSchedule({ ...loan, upfrontFee: '0', parameters: { monthly_rent: '15000.00', services_advance: '0.00', deposit: '0.00', buyback_price: null, buyback_deadline: null } }, 'LEASE');
    expect(model.rpsn).toBeNull();
    expect(model.rows.every((r) => r.balance === null && r.principal.isZero())).toBe(true);
  });

  it('names every field that stops the terms of their kind', () => {
    const fieldsOf = (terms: ModelTerms, kind: 'REGULAR' | 'LEASE' | 'LEASEBACK') => {
      try {
        computeModelSchedule(terms, kind);
        return {};
      } catch (error) {
        return (error as InvalidScheduleTerms).fields;
      }
    };
    expect(fieldsOf({ ...loan, upfrontFee: '100000.00', parameters: { monthly_rent: '1.00', services_advance: '0.00', deposit: '0.00', buyback_price: null, buyback_deadline: null } }, 'REGULAR')).toEqual({
      upfront_fee: ['Poplatek za poskytnutí musí být nižší než jistina.'],
      parameters: ['Parametry nájmu se zadávají jen u nájmu, leasingu a prodeje se zpětným nájmem.'],
    });
    expect(Object.keys(fieldsOf({ ...loan, upfrontFee: '0', parameters: null }, 'LEASEBACK')).sort()).toEqual(['parameters.buyback_deadline', 'parameters.buyback_price', 'parameters.monthly_rent']);
    expect(fieldsOf({ ...loan, upfrontFee: '0', parameters: { monthly_rent: '1.00', services_advance: '0.00', deposit: '0.00', buyback_price: '5.00', buyback_deadline: '2027-01-01' } }, 'LEASE')).toEqual({
      'parameters.buyback_price': ['Zpětný odkup se zadává jen u prodeje se zpětným nájmem.'],
    });
  });
});
