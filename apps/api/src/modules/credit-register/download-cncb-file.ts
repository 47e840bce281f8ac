import { Readable } from 'node:stream';
import { reportingMessages, type CncbFileQuery } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { creditRegisterMessages, monthOf, type BatchFiles } from './cncb-batch-view.ts';
import { fileName, type FilePart } from './layout.ts';
import { contentTypeOf, inEncoding } from './register-file.ts';

/**
 * GET /reporting/cncb/batch/{id}/deal-report/ and …/person-report/ (docs/decisions/0050): a
 * stored part of a DONE batch in the encoding asked for. `repi=true` on the deal report gives
 * the REPI part (409 until it was asked for and written); on the person report it is refused
 * (400): the persons file has no REPI part. windows-1250 is transcoded while the file streams;
 * characters it lacks come out as '?'. Every download is audited: the persons file carries
 * unmasked birth numbers, as the register needs them.
 */
export async function downloadCncbFile(
  deps: Pick<Deps, 'prisma' | 'config'>,
  actor: Actor,
  input: { id: number; report: 'deals' | 'persons' } & CncbFileQuery,
): Promise<{ stream: Readable; size: number; fileName: string; mimeType: string }> {
  if (input.report === 'persons' && input.repi) throw invalid({ repi: [creditRegisterMessages.repiOnlyWithDeals] });
  const batch = await deps.prisma.cncbBatch.findUnique({ where: { id: input.id } });
  if (!batch) throw notFound(reportingMessages.batchNotFound);
  if (batch.state === 'FAILED') throw conflict(creditRegisterMessages.batchFailed, { state: batch.state });
  if (batch.state !== 'DONE') throw conflict(reportingMessages.batchNotReady, { state: batch.state });
  const part: FilePart = input.repi ? 'repi' : input.report;
  if (part === 'repi') {
    if (batch.repiState === null) throw conflict(reportingMessages.repiNotRequested, { repi_state: null });
    if (batch.repiState === 'FAILED') throw conflict(creditRegisterMessages.repiFailed, { repi_state: batch.repiState });
    if (batch.repiState !== 'DONE') throw conflict(reportingMessages.repiNotReady, { repi_state: batch.repiState });
  }
  const stored = ((batch.files ?? {}) as BatchFiles)[part];
  if (!stored) throw conflict(creditRegisterMessages.fileMissing);
  await recordAudit(deps.prisma, actor, { action: 'cncb-batch.download', entity: 'CncbBatch', entityId: batch.id, changes: { part, encoding: input.encoding } });
  let file: { stream: Readable; size: number };
  try {
    file = await storageFor(deps).get(stored.key);
  } catch (error) {
    if (error instanceof StoredFileNotFound) throw conflict(creditRegisterMessages.fileMissing);
    throw error;
  }
  const utf8 = input.encoding === 'UTF-8';
  return {
    stream: utf8 ? file.stream : Readable.from(inEncoding(file.stream, input.encoding)),
    size: utf8 ? file.size : stored.size_windows_1250,
    fileName: fileName(part, monthOf(fromDbDate(batch.period))),
    mimeType: contentTypeOf(input.encoding),
  };
}
