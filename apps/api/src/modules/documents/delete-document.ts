import { documentMessages } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { saveStatementPeriod } from './bank-statements-record.ts';
import { findOpenForm } from '../form-access/lock-form.ts';
import { findFormDocument } from './form-documents.ts';

/** Removes a document, its transactions (cascade) and its stored file. */
export async function deleteDocument(deps: Pick<Deps, 'prisma' | 'config' | 'logger'>, _actor: PublicActor, input: { token: string; id: number }): Promise<void> {
  const form = await findOpenForm(deps, input.token);
  const document = await findFormDocument(deps, form.id, input.id);
  await deps.prisma.$transaction(async (tx) => {
    // deleteMany: of two deletes at once, the second finds nothing and answers 404, not 500.
    const { count } = await tx.formDocument.deleteMany({ where: { id: document.id, formId: form.id } });
    if (count === 0) throw notFound(documentMessages.documentNotFound);
    if (document.category === 'BANK_STATEMENT') await saveStatementPeriod(tx, form.id, document.id, null);
  });
  // After the row: a failed removal leaves an unreachable file (logged), never a row without its file.
  await storageFor(deps)
    .delete(document.storageKey)
    .catch((error: unknown) => deps.logger.error({ err: error, storageKey: document.storageKey }, 'stored file of a deleted document not removed'));
}
