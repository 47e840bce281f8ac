import { dayNumber, isoDay, pragueDay } from '../documents/dates.ts';

// Business dates are Europe/Prague calendar days, every one of them: penalty interest and days
// past due run over weekends and holidays alike (docs/decisions/0026).

/** The Prague calendar day (YYYY-MM-DD) of an instant. */
export function businessDateOf(instant: Date): string {
  return pragueDay(instant);
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

/**
 * The business date a close of business run at `instant` closes: the Prague day before it. The
 * job runs after midnight in Prague, so yesterday is whole: every payment of it booked.
 */
export function dateToCloseAt(instant: Date): string {
  return addDays(businessDateOf(instant), -1);
}
