import { staffNames } from '../users/staff-names.ts';
import type { CncbBatchView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { CncbBatch } from '../../generated/prisma/client.ts';
import type { StoredPart } from './register-file.ts';

// A credit-register batch as the API shows it (docs/decisions/0050), and the module's own Czech
// messages beside those of the contracts (reportingMessages).

export const creditRegisterMessages = {
  batchFailed: 'Dávku pro registr se nepodařilo vytvořit; vytvořte ji znovu.',
  batchRetrying: (attempt: number, attempts: number) => `Dávku pro registr se nepodařilo vytvořit (pokus ${attempt} z ${attempts}); zkusí se znovu.`,
  repiFailed: 'Část s informacemi o splácení (REPI) se nepodařilo vytvořit; vytvořte ji znovu voláním repi-report.',
  repiRetrying: (attempt: number, attempts: number) => `Část s informacemi o splácení (REPI) se nepodařilo vytvořit (pokus ${attempt} z ${attempts}); zkusí se znovu.`,
  repiOnlyWithDeals: 'Část REPI patří k souboru smluv (deal-report); soubor osob ji nemá.',
  fileMissing: 'Soubor dávky už není k dispozici; vytvořte dávku znovu.',
};

/** The stored parts of a batch, by part (the `files` column). */
export type BatchFiles = Partial<Record<'deals' | 'persons' | 'repi', StoredPart>>;

const day = (value: Date) => value.toISOString().slice(0, 10);

/** YYYY-MM-DD → "31. 10. 2026", as Czech texts write a date. */
export function czechDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${Number(d)}. ${Number(m)}. ${y}`;
}

/** The month a Prague calendar day is in, and the month before. */
export const monthOf = (isoDay: string) => isoDay.slice(0, 7);
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
/** The first and the last day of a YYYY-MM month. */
export function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { first: `${month}-01`, last: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

export function cncbBatchView(batch: CncbBatch, staffNames: Map<number, string>): CncbBatchView {
  const metadata = (batch.metadata ?? {}) as Record<string, string | number | null>;
  return {
    id: batch.id,
    period: monthOf(day(batch.period)),
    as_of: day(batch.asOf),
    state: batch.state,
    repi_state: batch.repiState,
    deals: batch.deals,
    persons: batch.persons,
    repayments: batch.repayments,
    metadata,
    error: batch.error,
    created_by: batch.createdById === null ? null : { id: batch.createdById, name: staffNames.get(batch.createdById) ?? `#${batch.createdById}` },
    created_at: batch.createdAt.toISOString(),
    finished_at: batch.finishedAt?.toISOString() ?? null,
  };
}

/** Names of the staff who made the batches, for their views. */
export function staffNamesOf(deps: Pick<Deps, 'prisma'>, batches: readonly CncbBatch[]): Promise<Map<number, string>> {
  return staffNames(deps.prisma, batches.map((b) => b.createdById));
}

export async function viewOf(deps: Pick<Deps, 'prisma'>, batch: CncbBatch): Promise<CncbBatchView> {
  return cncbBatchView(batch, await staffNamesOf(deps, [batch]));
}
