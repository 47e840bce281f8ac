const DAY_MS = 86_400_000;
const pragueFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (`YYYY-MM-DD`) of an instant in Prague, where applicants and statements live. */
export function pragueDay(instant: Date): string {
  return pragueFormat.format(instant);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day: day arithmetic without time zones. */
export function dayNumber(isoDay: string): number {
  return Math.round(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
}

export function isoDay(dayNum: number): string {
  return new Date(dayNum * DAY_MS).toISOString().slice(0, 10);
}

/** The day `months` calendar months from `dayNum`, clamped to the month's end (31 May − 3 months = 28/29 Feb). */
export function addMonths(dayNum: number, months: number): number {
  const d = new Date(dayNum * DAY_MS);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.round(target.getTime() / DAY_MS);
}

/** A `@db.Date` column's value for a `YYYY-MM-DD` day (midnight UTC, as Prisma reads it back). */
export function dbDate(isoDayValue: string): Date {
  return new Date(`${isoDayValue}T00:00:00Z`);
}

export function fromDbDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}
