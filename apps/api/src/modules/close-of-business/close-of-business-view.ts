import type { CloseOfBusinessRun, CloseOfBusinessStats } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** A close_of_business_runs row as the API answers it. */
export function closeOfBusinessRunView(row: { id: number; businessDate: Date; startedAt: Date; finishedAt: Date | null; stats: Prisma.JsonValue | CloseOfBusinessStats | null }): CloseOfBusinessRun {
  return {
    id: row.id,
    business_date: row.businessDate.toISOString().slice(0, 10),
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    stats: (row.stats as CloseOfBusinessStats | null) ?? null,
  };
}
