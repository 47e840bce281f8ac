import { z } from '@lending/contracts';

/** A calendar date in a query, written YYYY-MM-DD as the specs require; UTC midnight. */
export const dateQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Zadejte datum ve tvaru RRRR-MM-DD.')
  .transform((value, ctx) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
      ctx.addIssue({ code: 'custom', message: 'Neplatné datum.' });
      return z.NEVER;
    }
    return date;
  });

/** Comma-joined lists (`external_id`, `excluded_ids`). */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item));
