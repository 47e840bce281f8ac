import { z } from './zod-config.ts';
import { BankConnectionState, DocumentCategory } from './enums.ts';
import { formMessages } from './forms/messages.ts';

/** portal.md §9: at most 10 MB per file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Types an upload may have, told by the file's content (magic bytes), never by its name. */
export const UploadType = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export type UploadType = (typeof UploadType)[number];

/** One rule of the Documents screen; income proof is met by a document of either of its categories. */
export const DocumentRequirement = ['BANK_STATEMENTS', 'INCOME_PROOF', 'PROPERTY_PHOTOS', 'OTHER'] as const;
export type DocumentRequirement = (typeof DocumentRequirement)[number];

/** The Documents messages of portal.md §8 word for word, and ours where the spec has none. */
export const documentMessages = {
  upload: formMessages.upload,
  uploadFailed: (fileName: string) => `Nepodařilo se nahrát soubor s jménem ${fileName}.`,
  loadStatementsFailed: 'Nepodařilo se načíst bankovní výpisy.',
  verifyFailed: 'Nepodařilo se ověřit nahrané bankovní výpisy.',
  verified: 'Bankovní výpisy byly úspěšně ověřeny.',
  deleteFailed: 'Nebylo možné smazat soubor',
  deleted: 'Soubor byl úspěšně smazán',
  bankConnected: 'Napojení Vaší banky proběhlo úspěšně',
  tooFewTransactions: 'Bankovní data obsahují příliš málo transakcí. Napojte prosím jiný účet, nebo nahrajte další výpisy ručně.',
  categoryNotApplicable: 'Tento druh dokumentu k této žádosti nepatří.',
  tooManyDocuments: 'K žádosti je nahráno příliš mnoho souborů. Nepotřebné soubory prosím smažte.',
  documentNotFound: 'Dokument nebyl nalezen.',
  analysisUnavailable: 'Bankovní výpisy se nyní nepodařilo ověřit. Zkuste to prosím později.',
  statementUnreadable: 'Ze souboru se nepodařilo přečíst bankovní výpis.',
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An uploaded file as the portal lists it. */
export const documentView = z.object({
  id: z.number().int(),
  category: DocumentCategory.schema,
  category_label: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.iso.datetime(),
  /** Bank statements: when their transactions were read; null until verified (and for other files). */
  verified_at: z.iso.datetime().nullable(),
  /** Bank statements: transactions read from the file; null for other files. */
  transactions_count: z.number().int().nullable(),
  download_url: z.string(),
});
export type DocumentView = z.infer<typeof documentView>;

export const bankConnectionView = z.object({
  client_id: z.string(),
  state: BankConnectionState.schema,
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  /** Only the last four digits: the account number is personal data. */
  iban_masked: z.string().nullable(),
  connected_at: z.iso.datetime().nullable(),
  transactions_count: z.number().int(),
});

/** The EVALUATE_REQUISITION_STATUS answer for BANK_STATEMENTS, with the details behind it. */
export const bankStatementsStatus = z.object({
  any_data: z.boolean(),
  valid: z.boolean(),
  is_dirty: z.boolean(),
  covered_days: z.number().int(),
  required_days: z.number().int(),
  covered_from: isoDay.nullable(),
  covered_to: isoDay.nullable(),
  transactions_count: z.number().int(),
  min_transactions: z.number().int(),
  too_few_transactions: z.boolean(),
  unverified_count: z.number().int(),
  missing_count: z.number().int(),
  connections: z.array(bankConnectionView),
});
export type BankStatementsStatus = z.infer<typeof bankStatementsStatus>;

export const documentRequirementView = z.object({
  requirement: z.enum(DocumentRequirement),
  label: z.string(),
  categories: z.array(DocumentCategory.schema),
  required: z.boolean(),
  min_files: z.number().int(),
  uploaded_count: z.number().int(),
  missing_count: z.number().int(),
  satisfied: z.boolean(),
});

export const documentCategoryView = z.object({
  category: DocumentCategory.schema,
  label: z.string(),
  requirement: z.enum(DocumentRequirement),
  required: z.boolean(),
  min_files: z.number().int(),
  /** Other categories meeting the same requirement (income proof: either one will do). */
  alternatives: z.array(DocumentCategory.schema),
  accepted_types: z.array(z.enum(UploadType)),
  files: z.array(documentView),
});

/** GET /forms/{token}/documents/ */
export const documentsOverview = z.object({
  /** Files still needed: the portal's counter. */
  missing_count: z.number().int(),
  requirements: z.array(documentRequirementView),
  categories: z.array(documentCategoryView),
  bank_statements: bankStatementsStatus,
});
export type DocumentsOverview = z.infer<typeof documentsOverview>;

/** POST /forms/{token}/documents/ (multipart/form-data). */
export const uploadDocumentRequest = z.object({
  category: DocumentCategory.schema,
  file: z.file().max(MAX_UPLOAD_BYTES),
});

/** POST /forms/{token}/documents/bank-statements/validate/ */
export const bankStatementsValidation = bankStatementsStatus.extend({
  documents: z.array(
    z.object({
      id: z.number().int(),
      file_name: z.string(),
      verified: z.boolean(),
      transactions_count: z.number().int(),
      period_from: isoDay.nullable(),
      period_to: isoDay.nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type BankStatementsValidation = z.infer<typeof bankStatementsValidation>;

/** POST /forms/{token}/bank-connection/ */
export const bankConnectionStart = z.object({ url: z.string(), client_id: z.string() });
export type BankConnectionStart = z.infer<typeof bankConnectionStart>;
