import type { Readable } from 'node:stream';
import { reportingMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';

/** GET /reporting/reports/{id}/download_report/: the file as it was written (409 until DONE). */
export async function downloadReport(
  deps: Pick<Deps, 'prisma' | 'config'>,
  _actor: Actor,
  input: { id: number },
): Promise<{ stream: Readable; size: number; fileName: string; mimeType: string }> {
  const report = await deps.prisma.report.findUnique({ where: { id: input.id } });
  if (!report) throw notFound(reportingMessages.reportNotFound);
  if (report.state === 'FAILED') throw conflict(reportingMessages.reportFailed);
  if (report.state !== 'DONE' || !report.fileKey || !report.fileName) throw conflict(reportingMessages.reportNotReady);
  try {
    const file = await storageFor(deps).get(report.fileKey);
    const mimeType = report.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8';
    return { ...file, fileName: report.fileName, mimeType };
  } catch (error) {
    if (error instanceof StoredFileNotFound) throw conflict(reportingMessages.reportFileMissing);
    throw error;
  }
}
