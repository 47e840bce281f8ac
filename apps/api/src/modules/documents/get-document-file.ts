import { documentMessages } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { findFormByToken } from '../form-access/form-token.ts';
import { findFormDocument } from './form-documents.ts';
import { readDocumentFile, type DocumentFile } from './read-document-file.ts';

/** An uploaded file's bytes with its stored name and type, for download. */
export async function getDocumentFile(deps: Pick<Deps, 'prisma' | 'config' | 'logger'>, _actor: Actor, input: { token: string; id: number }): Promise<DocumentFile> {
  const form = await findFormByToken(deps, input.token);
  const document = await findFormDocument(deps, form.id, input.id);
  return readDocumentFile(deps, document, documentMessages.documentNotFound);
}
