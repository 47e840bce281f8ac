import type { ReportView } from '@lending/contracts';
import type { Report } from '../../generated/prisma/client.ts';

/** The report as the API answers it, with the name of who asked for it (`staff`: staffNames). */
export function reportView(report: Report, staff: Map<number, string>): ReportView {
  return {
    id: report.id,
    type: report.type,
    state: report.state,
    format: report.format as ReportView['format'],
    params: report.params as ReportView['params'],
    rows: report.rows,
    totals: (report.totals ?? {}) as ReportView['totals'],
    file_name: report.fileName,
    size: report.size,
    sha256: report.sha256,
    metadata: (report.metadata ?? {}) as ReportView['metadata'],
    error: report.error,
    created_by: report.createdById === null ? null : { id: report.createdById, name: staff.get(report.createdById) ?? '' },
    created_at: report.createdAt.toISOString(),
    started_at: report.startedAt?.toISOString() ?? null,
    finished_at: report.finishedAt?.toISOString() ?? null,
    download_url: report.state === 'DONE' ? `/api/v1/reporting/reports/${report.id}/download_report/` : null,
  };
}

