import type { Readable } from 'node:stream';
import { documentMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';
import { findFormByToken } from '../forms/form-token.ts';
import { findFormDocument } from './form-documents.ts';

/** An uploaded file's bytes with its stored name and type, for download. */
export async function getDocumentFile(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  token: string,
  id: number,
): Promise<{ stream: Readable; size: number; mimeType: string; fileName: string }> {
  const form = await findFormByToken(deps, token);
  const document = await findFormDocument(deps, form.id, id);
  try {
    const { stream, size } = await storageFor(deps).get(document.storageKey);
    return { stream, size, mimeType: document.mimeType, fileName: document.fileName };
  } catch (error) {
    if (!(error instanceof StoredFileNotFound)) throw error;
    deps.logger.error({ documentId: document.id, storageKey: document.storageKey }, 'stored file of a document is missing');
    throw notFound(documentMessages.documentNotFound);
  }
}
