import { DealClosedReason, DealState, DealType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ExportColumn, ExportTable } from '../../domain/export-table.ts';
import { today } from '../../domain/dates.ts';
import { keysetRows, sqlParams } from '../payments/keyset-rows.ts';

/** The deal-states report's filters (the spec's: date_from, date_to, person, state). */
export interface DealStatesReportFilters {
  date_from?: string;
  date_to?: string;
  person?: number;
  state?: DealState;
}

export const DEAL_STATES_REPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Změněno', kind: 'datetime', width: 18 },
  { header: 'Obchod', kind: 'integer', width: 10 },
  { header: 'Číslo smlouvy', kind: 'text', width: 18 },
  { header: 'Typ obchodu', kind: 'text', width: 18 },
  { header: 'Hodnota obchodu', kind: 'money', width: 16 },
  { header: 'Původní stav', kind: 'text', width: 24 },
  { header: 'Nový stav', kind: 'text', width: 24 },
  { header: 'Důvod ukončení', kind: 'text', width: 24 },
  { header: 'Poznámka', kind: 'text', width: 32 },
  { header: 'Provedl', kind: 'text', width: 24 },
];

type Key = [string, string];

/**
 * One page of the deals' state changes — the `deal.state` entries the audit log keeps for every
 * change (modules/claims/state/change-deal-state.ts), the deal's history screen — made in the
 * range of Prague days, after the key (time, entry id). audit_log.created_at is UTC without a
 * zone. The partial index audit_log_deal_state_idx reads each page.
 */
function pageSql(filters: DealStatesReportFilters, after: Key | null, limit: number) {
  const { values, add } = sqlParams();
  const and = [`a.action = 'deal.state'`];
  if (filters.date_from) and.push(`a.created_at >= (${add(filters.date_from)}::date::timestamp AT TIME ZONE 'Europe/Prague' AT TIME ZONE 'UTC')`);
  if (filters.date_to) and.push(`a.created_at < ((${add(filters.date_to)}::date + 1)::timestamp AT TIME ZONE 'Europe/Prague' AT TIME ZONE 'UTC')`);
  if (filters.state) and.push(`a.changes->'state'->>'to' = ${add(filters.state)}`);
  if (filters.person !== undefined) {
    and.push(`EXISTS (SELECT 1 FROM deal_participants dp WHERE dp.deal_id::text = a.entity_id AND dp.person_id = ${add(filters.person)}::int)`);
  }
  if (after) and.push(`(a.created_at, a.id) > (${add(after[0])}::timestamp, ${add(after[1])}::bigint)`);
  const text = `
    SELECT a.created_at::text, a.id::text, (a.created_at AT TIME ZONE 'UTC') AS at, d.id, d.contract_number, d.type::text, d.value::text,
           a.changes->'state'->>'from', a.changes->'state'->>'to', a.changes->>'closed_reason', a.changes->>'note',
           CASE WHEN a.actor_type = 'STAFF' THEN coalesce(nullif(trim(su.first_name || ' ' || su.last_name), ''), su.email) ELSE a.actor_id END
      FROM (SELECT * FROM audit_log a WHERE ${and.join(' AND ')} ORDER BY a.created_at, a.id LIMIT ${add(limit)}::int) a
      JOIN deals d ON d.id::text = a.entity_id
      LEFT JOIN staff_users su ON a.actor_type = 'STAFF' AND su.id::text = a.actor_id
     ORDER BY a.created_at, a.id`;
  return { text, values };
}

const stateLabels = DealState.labels as Record<string, string>;
const typeLabels = DealType.labels as Record<string, string>;
const reasonLabels = DealClosedReason.labels as Record<string, string>;

/** Every state change of the filters, oldest first, read through `deps.pool` in keyset pages. */
export function dealStatesReportTable(deps: Pick<Deps, 'pool' | 'now'>, filters: DealStatesReportFilters, pageSize = 5000): ExportTable {
  const read = keysetRows(deps.pool, (after: Key | null, limit) => pageSql(filters, after, limit), (row) => [row[0], row[1]] as Key, pageSize);
  return {
    baseName: `stavy-obchodu-${today(deps)}`,
    sheetName: 'Stavy obchodů',
    columns: DEAL_STATES_REPORT_COLUMNS,
    rows: (onRow) =>
      read((row) => {
        const [, , at, dealId, contract, type, value, from, to, reason, note, by] = row as [string, string, Date, number, string | null, string, string, string | null, string | null, string | null, string | null, string | null];
        onRow([at, dealId, contract, typeLabels[type] ?? type, value, from ? (stateLabels[from] ?? from) : null, to ? (stateLabels[to] ?? to) : null, reason ? (reasonLabels[reason] ?? reason) : null, note, by]);
      }),
  };
}
