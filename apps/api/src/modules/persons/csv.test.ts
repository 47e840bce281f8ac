import { describe, expect, it } from 'vitest';
import { csvAmount, csvDate, toCsv } from './csv.ts';
import { Prisma } from '../../generated/prisma/client.ts';

describe('toCsv', () => {
  it('writes UTF-8 with a BOM, `;` separators, CRLF and quotes only where needed', () => {
    const csv = toCsv(['Jméno', 'Poznámka'], [['Řehoř Šťastný', 'a; b'], ['"Citace"', null], ['víceřádkový\ntext', 12]]);
    expect(csv).toBe('\uFEFFJméno;Poznámka\r\nŘehoř Šťastný;"a; b"\r\n"""Citace""";\r\n"víceřádkový\ntext";12\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(toCsv(['A'], [['=HYPERLINK("x")'], ['+420'], ['-5'], ['@SUM(A1)'], [-5]])).toBe('\uFEFFA\r\n"\'=HYPERLINK(""x"")"\r\n\'+420\r\n\'-5\r\n\'@SUM(A1)\r\n-5\r\n');
  });

  it('formats amounts with a decimal comma and dates as DD.MM.YYYY', () => {
    expect(csvAmount(new Prisma.Decimal('48250.5'))).toBe('48250,50');
    expect(csvAmount(null)).toBeNull();
    expect(csvDate(new Date('2021-05-03T00:00:00Z'))).toBe('03.05.2021');
    expect(csvDate(null)).toBeNull();
  });
});
