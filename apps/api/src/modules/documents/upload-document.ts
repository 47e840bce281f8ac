import { randomUUID } from 'node:crypto';
import { DocumentCategory, documentMessages, formMessages, type DocumentView, type UploadType } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import type { ReceiveUpload } from '../../domain/upload.ts';
import type { Deps } from '../../deps.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { FORM_NOT_FOUND } from '../form-access/form-token.ts';
import { FORM_CLOSED, findOpenForm } from '../form-access/lock-form.ts';
import { acceptedTypes, documentRules, MAX_DOCUMENTS_PER_FORM } from './document-rules.ts';
import { collateralType, documentView } from './form-documents.ts';
import { detectUploadType, sanitiseFileName } from './upload-type.ts';

/** What became of the file part: stored under `storageKey`, or left unstored with its type (null: none we take). */
type ReceivedFile = { originalName: string; type: UploadType | null; stored: { storageKey: string; size: number } | null };

/**
 * Stores one file of the applicant. Everything that needs no body is checked before the body
 * is read: the token (404), a closed form (409) and the cap of documents per form (409); the
 * rate limits were counted before this runs. The file then streams to storage, never whole in
 * memory; its type is read from its first bytes (PDF, JPEG, PNG, HEIC; bank statements PDF
 * only), never from its name, and the category must be one this form asks for. The cap is
 * enforced again when the row is written, under a lock of the form, so concurrent uploads
 * cannot pass it. A refused, failed or aborted upload leaves neither a file nor a row.
 */
export async function uploadDocument(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  _actor: PublicActor,
  input: { token: string; receive: ReceiveUpload<ReceivedFile> },
): Promise<DocumentView> {
  const form = await findOpenForm(deps, input.token);
  if ((await deps.prisma.formDocument.count({ where: { formId: form.id } })) >= MAX_DOCUMENTS_PER_FORM) {
    throw conflict(documentMessages.tooManyDocuments);
  }
  const collateral = await collateralType(deps, form);
  const applicable = (category: DocumentCategory) => documentRules(form.type, collateral).some((r) => r.categories.includes(category));

  const storage = storageFor(deps);
  // The stored file until its row is written: removed if anything goes wrong before that.
  const pending: { storageKey: string | null } = { storageKey: null };
  try {
    const upload = await input.receive(async (file, fieldsSoFar) => {
      const type = detectUploadType(file.head);
      // The category usually comes first (the portal sends it first): a file that cannot be
      // taken is not stored at all. Sent after the file, it is checked below.
      const category = 'category' in fieldsSoFar ? DocumentCategory.schema.safeParse(fieldsSoFar.category) : null;
      const refused = !type || (category && (!category.success || !applicable(category.data) || !acceptedTypes(category.data).includes(type)));
      if (refused) return { originalName: file.originalName, type, stored: null };
      const storageKey = `forms/${form.id}/${randomUUID()}`;
      const { size } = await storage.put(storageKey, file.stream, { contentType: type });
      pending.storageKey = storageKey;
      return { originalName: file.originalName, type, stored: { storageKey, size } };
    });

    const errors: Record<string, string[]> = {};
    const category = DocumentCategory.schema.safeParse(upload.fields.category);
    if (!category.success) errors.category = [category.error.issues[0]!.message];
    else if (!applicable(category.data)) errors.category = [documentMessages.categoryNotApplicable];
    const file = upload.file;
    if (!file) errors.file = [formMessages.required];
    else if (!file.type || (category.success && !acceptedTypes(category.data).includes(file.type))) errors.file = [formMessages.upload];
    if (Object.keys(errors).length || !category.success || !file?.type || !file.stored) throw invalid(errors);

    const { storageKey, size } = file.stored;
    const type = file.type;
    const document = await deps.prisma.$transaction(async (tx) => {
      // The form's row is the lock that orders concurrent uploads of one form: count, then insert.
      const [locked] = await tx.$queryRaw<{ state: string | null }[]>`SELECT state::text AS state FROM application_forms WHERE id = ${form.id} FOR NO KEY UPDATE`;
      if (!locked) throw notFound(FORM_NOT_FOUND);
      if (locked.state === 'CLOSED') throw conflict(FORM_CLOSED);
      if ((await tx.formDocument.count({ where: { formId: form.id } })) >= MAX_DOCUMENTS_PER_FORM) throw conflict(documentMessages.tooManyDocuments);
      return tx.formDocument.create({
        data: { formId: form.id, category: category.data, fileName: sanitiseFileName(file.originalName, type), mimeType: type, size, storageKey },
      });
    });
    pending.storageKey = null;
    return documentView(form.token, document, 0);
  } finally {
    const storageKey = pending.storageKey;
    if (storageKey) await storage.delete(storageKey).catch((e: unknown) => deps.logger.warn({ err: e, storageKey }, 'orphaned upload not removed'));
  }
}
