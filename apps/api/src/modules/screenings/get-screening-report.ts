import type { Readable } from 'node:stream';
import { screeningMessages } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';
import { findPersonScreening } from './find-screening.ts';

/** GET /persons/{personId}/screenings/{id}/download/: the PDF protocol of a FINISHED screening, named `proverka-<TYPE>-<id>.pdf`; a conflict before then. */
export async function getScreeningReport(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  _actor: Actor,
  input: { personId: number; id: number },
): Promise<{ stream: Readable; size: number; mimeType: string; fileName: string }> {
  const { screening } = await findPersonScreening(deps, input.personId, input.id);
  if (screening.state === 'FAILED') throw conflict(screeningMessages.failed);
  if (screening.state !== 'FINISHED') throw conflict(screeningMessages.notFinished);
  if (!screening.fileKey) throw notFound(screeningMessages.reportMissing);
  try {
    const { stream, size } = await storageFor(deps).get(screening.fileKey);
    return { stream, size, mimeType: 'application/pdf', fileName: `proverka-${screening.type}-${screening.id}.pdf` };
  } catch (error) {
    if (!(error instanceof StoredFileNotFound)) throw error;
    deps.logger.error({ screeningId: screening.id }, 'stored protocol of a screening is missing');
    throw notFound(screeningMessages.reportMissing);
  }
}
