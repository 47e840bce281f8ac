import { describe, expect, it } from 'vitest';
import { dateMessages, isoDateTimeInput, isoDayDate, isoDayInput } from './dates.ts';
import { MAX_RECORD_ID, recordId } from './ids.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('dates the API accepts', () => {
  it('calendar dates from 1900-01-01 to 2100-12-31', () => {
    expect(isoDayDate.parse('1900-01-01')).toEqual(new Date('1900-01-01T00:00:00Z'));
    expect(isoDayInput.parse('2100-12-31')).toBe('2100-12-31');
    for (const value of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) expect(messagesOf(isoDayInput.safeParse(value)), value).toEqual([dateMessages.range]);
    expect(messagesOf(isoDayInput.safeParse('2026-02-30'))).toEqual([dateMessages.invalid]);
    expect(messagesOf(isoDayInput.safeParse('31.12.2026'))).toEqual([dateMessages.format]);
  });

  it('instants with an offset in the same range', () => {
    const schema = isoDateTimeInput();
    expect(schema.parse('2026-01-15T10:00:00+01:00')).toBe('2026-01-15T10:00:00+01:00');
    for (const value of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2101-01-01T00:00:00Z']) expect(messagesOf(schema.safeParse(value)), value).toEqual([dateMessages.range]);
    expect(messagesOf(isoDateTimeInput('Špatně.').safeParse('včera'))).toEqual(['Špatně.']);
  });

  it('ids of rows fit a PostgreSQL integer', () => {
    expect(recordId.parse(MAX_RECORD_ID)).toBe(MAX_RECORD_ID);
    for (const value of [0, -1, 1.5, MAX_RECORD_ID + 1, 1e15]) expect(recordId.safeParse(value).success, String(value)).toBe(false);
  });
});
