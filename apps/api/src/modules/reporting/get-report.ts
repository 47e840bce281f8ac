import { reportingMessages, type ReportView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { staffNames } from '../users/staff-names.ts';
import { reportView } from './report-view.ts';

/** GET /reporting/reports/{id}/ (ours): one report with its progress, for the screen to follow. */
export async function getReport(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<ReportView> {
  const report = await deps.prisma.report.findUnique({ where: { id: input.id } });
  if (!report) throw notFound(reportingMessages.reportNotFound);
  return reportView(report, await staffNames(deps.prisma, [report.createdById]));
}
