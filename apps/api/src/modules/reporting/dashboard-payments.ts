import type { DashboardPayments } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { readSource } from '../../db/read-replica.ts';
import { two } from './portfolio-figures.ts';

/**
 * GET /dashboard/payments/ (ours): the unpaired queue (incoming, no deal, neither a storno nor
 * taken back — GET /payments/?unpaired=true counts the same), the last five statement imports and
 * the last close of business.
 */
export async function dashboardPayments(deps: Deps, _actor: Actor): Promise<DashboardPayments> {
  const { pool } = await readSource(deps);
  const [unpaired, imports, close] = await Promise.all([
    pool.query<{ count: number; amount: string }>(
      `SELECT count(*)::int AS count, coalesce(sum(p.amount), 0)::text AS amount
         FROM payments p LEFT JOIN payments r ON r.reversal_of_id = p.id
        WHERE p.deal_id IS NULL AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL AND r.id IS NULL`,
    ),
    pool.query<{ id: number; file_name: string; state: string; created_at: Date; payments: number | null }>(
      'SELECT id, file_name, state, created_at, created AS payments FROM payment_statements ORDER BY created_at DESC, id DESC LIMIT 5',
    ),
    pool.query<{ business_date: string; finished_at: Date | null }>('SELECT business_date::text, finished_at FROM close_of_business ORDER BY business_date DESC LIMIT 1'),
  ]);
  const last = close.rows[0];
  return {
    unpaired_count: unpaired.rows[0]!.count,
    unpaired_amount: two(unpaired.rows[0]!.amount),
    imports: imports.rows.map((i) => ({ id: i.id, file_name: i.file_name, state: i.state, created_at: i.created_at.toISOString(), payments: i.payments })),
    last_close: last ? { business_date: last.business_date, finished_at: last.finished_at?.toISOString() ?? null } : null,
  };
}
