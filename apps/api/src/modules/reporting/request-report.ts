import type { ReportType, ReportView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { generateReportJob } from '../../jobs/definitions/reporting/generate-report.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ReportParams } from './report-tables.ts';
import { staffNames } from '../users/staff-names.ts';
import { reportView } from './report-view.ts';

/** A billing report's filters as the query parsed them: days come as Dates (UTC midnight). */
export type ReportFilters = Record<string, Date | string | number | boolean | undefined>;

/** The filters in canonical form: days as `YYYY-MM-DD`, keys sorted, absent ones left out. */
function canonical(filters: ReportFilters): ReportParams {
  const out: ReportParams = {};
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
  return out;
}

/**
 * GET /reporting/billing/<x>-report/ (docs/decisions/0049): records the report asked for and
 * queues its job in one transaction; the answer is the report, QUEUED (202). The spec makes the
 * call a GET, so it must be safe to repeat: the same report (type, filters, format) still queued
 * or being written is answered again instead of a second one — a retried request, a double click
 * or two staff asking at once (an advisory lock on the request serialises the check).
 */
export async function requestReport(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { type: ReportType; format: 'csv' | 'xlsx'; filters: ReportFilters },
): Promise<{ report: ReportView; created: boolean }> {
  const params = canonical(input.filters);
  const requestKey = JSON.stringify([input.type, input.format, params]);
  const { report, created } = await deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('report'), hashtext(${requestKey}))::text`;
    const running = await tx.report.findFirst({ where: { requestKey, state: { in: ['QUEUED', 'RUNNING'] } }, orderBy: { id: 'desc' } });
    if (running) return { report: running, created: false };
    const made = await tx.report.create({ data: { type: input.type, format: input.format, params, requestKey, createdById: actor.staffId } });
    await generateReportJob.enqueue(tx, { report_id: made.id });
    await recordAudit(tx, actor, { action: 'report.request', entity: 'Report', entityId: made.id, changes: { type: input.type, format: input.format, params } });
    return { report: made, created: true };
  });
  return { report: reportView(report, await staffNames(deps.prisma, [report.createdById])), created };
}
