import {
  bankStatementsValidation,
  detailResponse,
  documentsOverview,
  documentView,
  fieldErrorsResponse,
  formMessages,
  MAX_UPLOAD_BYTES,
  uploadDocumentRequest,
  z,
} from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { publicLimits } from '../../http/rate-limit.ts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { receiveSingleFile } from '../../http/upload.ts';
import { deleteDocument } from './delete-document.ts';
import { getDocumentFile } from './get-document-file.ts';
import { listDocuments } from './list-documents.ts';
import { uploadDocument } from './upload-document.ts';
import { validateBankStatements } from './validate-bank-statements.ts';

const tags = ['documents'];
const rateLimits = [publicLimits.formsByIp, publicLimits.formsByToken];
const tokenParams = z.object({ token: z.string() });
const documentParams = z.object({ token: z.string(), id: z.coerce.number().int().positive().max(2_147_483_647) });
const notFound = { 404: { description: 'Žádost (nebo dokument) nenalezena', schema: detailResponse } };
const closed = { 409: { description: 'Žádost je uzavřena', schema: detailResponse } };

export const documentRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/documents/',
    access: access.public,
    summary: 'Documents of a form: categories that apply, uploaded files, files still missing, bank-statement status',
    tags,
    params: tokenParams,
    rateLimits,
    responses: { 200: { description: 'Documents screen', schema: documentsOverview }, ...notFound },
    handler: ({ deps, params }) => listDocuments(deps, params.token),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/documents/',
    access: access.public,
    summary: 'Upload a document (multipart: category, file). PDF, JPEG, PNG or HEIC by content; at most 10 MB',
    tags,
    params: tokenParams,
    rawBody: { contentType: 'multipart/form-data', schema: uploadDocumentRequest },
    rateLimits: [publicLimits.uploadsByIp, publicLimits.uploadsByToken],
    responses: {
      201: { description: 'Stored', schema: documentView },
      400: { description: `Chybí pole, neznámý druh, nebo soubor jiného typu: {"file": ["${formMessages.upload}"]}`, schema: fieldErrorsResponse },
      ...notFound,
      409: { description: 'Žádost je uzavřena, nebo má příliš mnoho souborů', schema: detailResponse },
      413: { description: `Soubor větší než 10 MB: {"detail": "${formMessages.upload}"}`, schema: detailResponse },
    },
    handler: async ({ deps, params, req, res }) => {
      try {
        const document = await uploadDocument(deps, params.token, (sink) =>
          receiveSingleFile(req, { field: 'file', maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: formMessages.upload, sink }),
        );
        return new Reply(201, document);
      } catch (error) {
        // Answered before the body was read (unknown token, closed form, cap, too large): close
        // the connection instead of reading up to 10 MB nobody wants.
        if (!req.complete) res.set('Connection', 'close');
        throw error;
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/documents/:id/',
    access: access.public,
    summary: 'Download an uploaded file (Content-Disposition: attachment with its name)',
    tags,
    params: documentParams,
    rateLimits,
    responses: { 200: { description: 'The file, in its stored type', contentType: 'application/octet-stream' }, ...notFound },
    handler: async ({ deps, params, res }) => {
      await sendFile(res, await getDocumentFile(deps, params.token, params.id));
      return undefined;
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/forms/:token/documents/:id/',
    access: access.public,
    summary: 'Delete an uploaded file',
    tags,
    params: documentParams,
    rateLimits,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...closed },
    handler: async ({ deps, params }) => {
      await deleteDocument(deps, params.token, params.id);
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/documents/bank-statements/validate/',
    access: access.public,
    summary: 'Verify the uploaded bank statements: read their transactions and check they cover the last 90 days',
    tags,
    params: tokenParams,
    rateLimits,
    responses: {
      200: { description: 'Bank-statement status after the check', schema: bankStatementsValidation },
      ...notFound,
      ...closed,
      503: { description: 'The bank-statement analysis is unavailable', schema: detailResponse },
    },
    handler: ({ deps, params }) => validateBankStatements(deps, params.token),
  }),
];
