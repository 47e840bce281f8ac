import type { Readable } from 'node:stream';
import { leadMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';

/**
 * GET /leads/{leadId}/application-form/{id}/documents/{documentId}/download/: the bytes of a
 * file uploaded to a form of this lead (404 when the form or the file is another lead's).
 */
export async function getLeadDocumentFile(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  ids: { leadId: number; formId: number; documentId: number },
): Promise<{ stream: Readable; size: number; mimeType: string; fileName: string }> {
  const document = await deps.prisma.formDocument.findFirst({
    where: { id: ids.documentId, formId: ids.formId, form: { leadId: ids.leadId } },
  });
  if (!document) throw notFound(leadMessages.documentNotFound);
  try {
    const { stream, size } = await storageFor(deps).get(document.storageKey);
    return { stream, size, mimeType: document.mimeType, fileName: document.fileName };
  } catch (error) {
    if (!(error instanceof StoredFileNotFound)) throw error;
    deps.logger.error({ documentId: document.id, storageKey: document.storageKey }, 'stored file of a document is missing');
    throw notFound(leadMessages.documentNotFound);
  }
}
