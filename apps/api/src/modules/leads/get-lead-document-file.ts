import { leadMessages } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { readDocumentFile, type DocumentFile } from '../documents/read-document-file.ts';

/**
 * GET /leads/{leadId}/application-form/{id}/documents/{documentId}/download/: the bytes of a
 * file uploaded to a form of this lead (404 when the form or the file is another lead's).
 */
export async function getLeadDocumentFile(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  _actor: Actor,
  ids: { leadId: number; formId: number; documentId: number },
): Promise<DocumentFile> {
  const document = await deps.prisma.formDocument.findFirst({
    where: { id: ids.documentId, formId: ids.formId, form: { leadId: ids.leadId } },
  });
  if (!document) throw notFound(leadMessages.documentNotFound);
  return readDocumentFile(deps, document, leadMessages.documentNotFound);
}
