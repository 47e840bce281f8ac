import { isoDayDate, z } from '@lending/contracts';

/** A calendar date in a query, written YYYY-MM-DD as the specs require; UTC midnight, 1900–2100. */
export const dateQuery = isoDayDate;

/** Comma-joined lists (`external_id`, `excluded_ids`). */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item));
