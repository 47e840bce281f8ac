import { businessDateOf } from '@lending/contracts';

// Calendar days (docs/decisions/0040): business dates are Europe/Prague calendar days
// (`YYYY-MM-DD`), every one of them — penalty interest and days past due run over weekends and
// holidays alike (docs/decisions/0026). Day arithmetic works on day numbers, never on local time.

const DAY_MS = 86_400_000;

export { businessDateOf };

/** Today's business date for the use case's clock. */
export const today = (deps: { now: () => Date }): string => businessDateOf(deps.now());

/** Days since 1970-01-01 of a `YYYY-MM-DD` day: day arithmetic without time zones. */
export function dayNumber(isoDay: string): number {
  return Math.round(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
}

export function isoDay(dayNum: number): string {
  return new Date(dayNum * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return isoDay(dayNumber(day) + days);
}

/** Every day from `from` through `to`, in order (none when `to` is before `from`). */
export function daysFromTo(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(isoDay(n));
  return out;
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

/** A `@db.Date` column's value as its `YYYY-MM-DD` day. */
export function fromDbDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** Today's business date as a `@db.Date` value: what "overdue" is measured against. */
export const todayDbDate = (deps: { now: () => Date }): Date => dbDate(today(deps));
