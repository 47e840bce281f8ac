import type { ReportView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Report } from '../../generated/prisma/client.ts';

/** The report as the API answers it; `createdBy` the staff member's name when known. */
export function reportView(report: Report, createdBy: { id: number; name: string } | null): ReportView {
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
    created_by: createdBy,
    created_at: report.createdAt.toISOString(),
    started_at: report.startedAt?.toISOString() ?? null,
    finished_at: report.finishedAt?.toISOString() ?? null,
    download_url: report.state === 'DONE' ? `/api/v1/reporting/reports/${report.id}/download_report/` : null,
  };
}

/** The names of the staff who asked for the reports, by id. */
export async function staffNames(prisma: Deps['prisma'], ids: (number | null)[]): Promise<Map<number, { id: number; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const users = wanted.length ? await prisma.staffUser.findMany({ where: { id: { in: wanted } }, select: { id: true, firstName: true, lastName: true, email: true } }) : [];
  return new Map(users.map((u) => [u.id, { id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email }]));
}
