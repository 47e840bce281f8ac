import { randomUUID } from 'node:crypto';
import { DocumentCategory, documentMessages, formMessages, type DocumentView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { acceptedTypes, documentRules, MAX_DOCUMENTS_PER_FORM } from './document-rules.ts';
import { collateralType, documentView, findOpenForm } from './form-documents.ts';
import { detectUploadType, sanitiseFileName } from './upload-type.ts';

export interface UploadInput {
  category: string | undefined;
  file: { buffer: Buffer; originalName: string } | null;
}

/**
 * Stores one file of the applicant. Its type is read from its content (PDF, JPEG, PNG, HEIC;
 * bank statements PDF only), never from its name; the category must be one this form asks for.
 * The size limit (10 MB, 413) is enforced while the upload is received.
 */
export async function uploadDocument(deps: Pick<Deps, 'prisma' | 'config' | 'logger'>, token: string, input: UploadInput): Promise<DocumentView> {
  const form = await findOpenForm(deps, token);
  const errors: Record<string, string[]> = {};
  const category = DocumentCategory.schema.safeParse(input.category);
  if (!category.success) errors.category = [category.error.issues[0]!.message];
  const type = input.file ? detectUploadType(input.file.buffer) : null;
  if (!input.file) errors.file = [formMessages.required];
  else if (!type || (category.success && !acceptedTypes(category.data).includes(type))) errors.file = [formMessages.upload];
  if (category.success) {
    const applicable = documentRules(form.type, await collateralType(deps, form)).some((r) => r.categories.includes(category.data));
    if (!applicable) errors.category = [documentMessages.categoryNotApplicable];
  }
  if (Object.keys(errors).length || !category.success || !input.file || !type) throw badRequest(errors);

  if ((await deps.prisma.formDocument.count({ where: { formId: form.id } })) >= MAX_DOCUMENTS_PER_FORM) {
    throw conflict(documentMessages.tooManyDocuments);
  }

  const storage = storageFor(deps);
  const storageKey = `forms/${form.id}/${randomUUID()}`;
  const { size } = await storage.put(storageKey, input.file.buffer, { contentType: type });
  try {
    const document = await deps.prisma.formDocument.create({
      data: { formId: form.id, category: category.data, fileName: sanitiseFileName(input.file.originalName, type), mimeType: type, size, storageKey },
    });
    return documentView(form.token, document, 0);
  } catch (error) {
    await storage.delete(storageKey).catch((e: unknown) => deps.logger.warn({ err: e, storageKey }, 'orphaned upload not removed'));
    throw error;
  }
}
