import type { Readable } from 'node:stream';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { FormDocument } from '../../generated/prisma/client.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';

export interface DocumentFile {
  stream: Readable;
  size: number;
  mimeType: string;
  fileName: string;
}

/**
 * The stored bytes of an uploaded document with its name and type. A file missing from the
 * storage is logged (it should not happen) and answered as not found with `missingMessage`.
 */
export async function readDocumentFile(deps: Pick<Deps, 'config' | 'logger'>, document: FormDocument, missingMessage: string): Promise<DocumentFile> {
  try {
    const { stream, size } = await storageFor(deps).get(document.storageKey);
    return { stream, size, mimeType: document.mimeType, fileName: document.fileName };
  } catch (error) {
    if (!(error instanceof StoredFileNotFound)) throw error;
    deps.logger.error({ documentId: document.id, storageKey: document.storageKey }, 'stored file of a document is missing');
    throw notFound(missingMessage);
  }
}
