import { DocumentCategory, documentMessages, type DocumentView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../domain/errors.ts';
import type { FormDocument } from '../../generated/prisma/client.ts';
import type { RealtyType } from '../../generated/prisma/enums.ts';

/** The type of the property offered as collateral (the lead's realty), or null when there is none. */
export async function collateralType(deps: Pick<Deps, 'prisma'>, form: { leadId: number | null }): Promise<RealtyType | null> {
  if (!form.leadId) return null;
  const lead = await deps.prisma.lead.findUnique({ where: { id: form.leadId }, select: { realty: { select: { type: true } } } });
  return lead?.realty?.type ?? null;
}

/** One document of this form, or 404: another form's document is as unknown as a missing one. */
export async function findFormDocument(deps: Pick<Deps, 'prisma'>, formId: number, id: number): Promise<FormDocument> {
  const document = await deps.prisma.formDocument.findFirst({ where: { id, formId } });
  if (!document) throw notFound(documentMessages.documentNotFound);
  return document;
}

export function documentView(token: string, document: FormDocument, transactionsCount: number | null): DocumentView {
  return {
    id: document.id,
    category: document.category,
    category_label: DocumentCategory.labels[document.category],
    file_name: document.fileName,
    mime_type: document.mimeType,
    size: document.size,
    created_at: document.createdAt.toISOString(),
    verified_at: document.verifiedAt?.toISOString() ?? null,
    transactions_count: document.category === 'BANK_STATEMENT' ? (transactionsCount ?? 0) : null,
    download_url: `/api/v1/forms/${token}/documents/${document.id}/`,
  };
}
