import { vi } from 'vitest';

/** 23:30 UTC on 15 March 2025: 00:30 on the 16th in Prague (CET), still the 15th in a UTC browser. */
export const LATE_EVENING_UTC = '2025-03-15T23:30:00Z';
export const PRAGUE_DAY_OF_LATE_EVENING = '2025-03-16';

/**
 * A browser in UTC whose clock reads LATE_EVENING_UTC and then runs on (only Date is faked, so
 * timers, polling and Testing Library's waits work as usual). Returns the undo for afterEach.
 */
export function lateEveningInUtcBrowser(): () => void {
  const zone = process.env.TZ;
  process.env.TZ = 'UTC';
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(LATE_EVENING_UTC), shouldAdvanceTime: true });
  return () => {
    vi.useRealTimers();
    process.env.TZ = zone;
  };
}
