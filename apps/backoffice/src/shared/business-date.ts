import { businessDateOf } from '@lending/contracts';

/**
 * Today's business date (`YYYY-MM-DD`): the Europe/Prague calendar day of this instant, by the
 * same rule as the API (`businessDateOf`, docs/decisions/0040 §4). The back-office's only
 * "today": never the browser's calendar, which on a laptop set to another zone, or in the hour
 * after midnight in Prague on a UTC machine, is a different day than the API's.
 */
export function businessToday(): string {
  return businessDateOf(new Date());
}
