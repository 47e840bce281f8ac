import type { ReportType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ExportTable } from '../../domain/export-table.ts';
import { paymentTable } from '../payments/export-payments.ts';
import { allocationTable } from '../payments/report-allocations.ts';
import { claimsReportTable } from './claims-report-table.ts';
import { dealStatesReportTable } from './deal-states-report-table.ts';

/** A report's filters as stored (reports.params): the spec's query names, days as `YYYY-MM-DD`. */
export type ReportParams = Record<string, string | number | boolean>;

const day = (value: unknown) => (typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/**
 * The table of a billing report (docs/decisions/0049): the same rows the screens and exports show
 * for the same filter — the payments report is the payments export (GET /payments/export/), the
 * payment-allocations report the allocation report (GET /payments/allocation-report/) — read
 * through `deps.pool`, the read replica's when one serves.
 */
export function reportTable(deps: Pick<Deps, 'pool' | 'now'>, type: ReportType, params: ReportParams, pageSize?: number): ExportTable {
  switch (type) {
    case 'CLAIMS_REPORT':
      return claimsReportTable(deps, { date_from: str(params.date_from), date_to: str(params.date_to) }, pageSize);
    case 'DEALS_STATES_REPORT':
      return dealStatesReportTable(deps, { date_from: str(params.date_from), date_to: str(params.date_to), person: num(params.person), state: str(params.state) as never }, pageSize);
    case 'PAYMENTS_REPORT':
      // paired=false is the unpaired queue of the payments screen; paired=true the payments of a deal.
      return paymentTable(
        deps,
        { date_from: day(params.date_from), date_to: day(params.date_to), deal: num(params.deal_id), unpaired: typeof params.paired === 'boolean' ? !params.paired : undefined },
        pageSize,
      );
    case 'PAYMENT_ALLOCATIONS_REPORT':
      return allocationTable(deps, { date_from: day(params.date_from), date_to: day(params.date_to), deal: num(params.deal_id) }, pageSize);
  }
}
