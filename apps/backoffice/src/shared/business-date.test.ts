import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessToday } from './business-date';

const zone = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

describe('businessToday', () => {
  it.each([
    // Winter (CET, UTC+1) and summer (CEST, UTC+2): 23:30 UTC is already the next day in Prague.
    ['2025-03-15T23:30:00Z', '2025-03-15', '2025-03-16'],
    ['2025-07-31T23:30:00Z', '2025-07-31', '2025-08-01'],
    // New Year's Eve: the year turns too.
    ['2025-12-31T23:30:00Z', '2025-12-31', '2026-01-01'],
  ])('at %s is Prague’s day, not the browser’s', (instant, browserDay, pragueDay) => {
    // A browser in UTC (Node reads TZ again when it changes); its calendar still says the day before.
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ now: new Date(instant) });
    const now = new Date();
    expect(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`).toBe(browserDay);

    expect(businessToday()).toBe(pragueDay);
  });

  it('is the same day in Prague before midnight whatever the browser’s zone', () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ now: new Date('2025-03-15T22:30:00Z') });
    expect(new Date().getDate()).toBe(15);
    expect(businessToday()).toBe('2025-03-15');
    // 04:30 in Prague on the 16th is still the 15th in New York.
    vi.setSystemTime(new Date('2025-03-16T03:30:00Z'));
    expect(new Date().getDate()).toBe(15);
    expect(businessToday()).toBe('2025-03-16');
  });
});
