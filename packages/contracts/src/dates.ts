import { z } from './zod-config.ts';

/**
 * Dates the API accepts: calendar dates and instants between 1 January 1900 and 31 December
 * 2100. Nothing a lender records lies outside (birth dates, contracts, calls, payments), and
 * outside it PostgreSQL and JavaScript disagree (no year 0 in PostgreSQL; years past 9999 or
 * before 1 in ISO text) — a field message here instead of a database error later.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

export const dateMessages = {
  format: 'Zadejte datum ve tvaru RRRR-MM-DD.',
  invalid: 'Neplatné datum.',
  dateTime: 'Zadejte datum a čas ve formátu ISO 8601.',
  range: 'Datum musí být mezi 1. 1. 1900 a 31. 12. 2100.',
};

const inRange = (day: string) => day >= DATE_MIN && day <= DATE_MAX;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// zod runs every check of a schema, so the later ones skip what the format check refused.

/** A calendar date written YYYY-MM-DD, as a string. */
export const isoDayInput = z
  .string()
  .regex(DAY, dateMessages.format)
  .superRefine((value, ctx) => {
    if (!DAY.test(value)) return;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) ctx.addIssue({ code: 'custom', message: dateMessages.invalid });
    else if (!inRange(value)) ctx.addIssue({ code: 'custom', message: dateMessages.range });
  });

/** A calendar date written YYYY-MM-DD, as UTC midnight (query filters). */
export const isoDayDate = isoDayInput.transform((value) => new Date(`${value}T00:00:00Z`));

/** An instant in ISO 8601 with its offset, e.g. 2026-01-15T10:00:00+01:00; `message` for a bad format. */
export const isoDateTimeInput = (message = dateMessages.dateTime) =>
  z.iso.datetime({ offset: true, error: message }).refine((value) => {
    const time = Date.parse(value);
    return !Number.isFinite(time) || inRange(new Date(time).toISOString().slice(0, 10));
  }, dateMessages.range);

const pragueDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The business date (`YYYY-MM-DD`) of an instant: its calendar day in Prague, where the lender,
 * its debtors and the banks' statements live. The one rule of "today" for the API and both
 * front-ends, whatever the server's or the browser's time zone.
 */
export function businessDateOf(instant: Date): string {
  return pragueDayFormat.format(instant);
}
