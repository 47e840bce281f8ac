import { leadMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { readDocumentFile, type DocumentFile } from '../documents/read-document-file.ts';

/**
 * GET /leads/{leadId}/application-form/{id}/documents/{documentId}/download/: the bytes of a
 * file uploaded to a form of this lead (404 when the form or the file is another lead's).
 */
export async function getLeadDocumentFile(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  ids: { leadId: number; formId: number; documentId: number },
): Promise<DocumentFile> {
  const document = await deps.prisma.formDocument.findFirst({
    where: { id: ids.documentId, formId: ids.formId, form: { leadId: ids.leadId } },
  });
  if (!document) throw notFound(leadMessages.documentNotFound);
  return readDocumentFile(deps, document, leadMessages.documentNotFound);
}
