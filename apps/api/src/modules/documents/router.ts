import { bankStatementsValidation, detailResponse, documentsOverview, documentView, fieldErrorsResponse, formMessages, MAX_UPLOAD_BYTES, uploadDocumentRequest } from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { publicLimits } from '../../http/rate-limit.ts';
import { notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { receiveSingleFile } from '../../http/upload.ts';
import { deleteDocument } from './delete-document.ts';
import { getDocumentFile } from './get-document-file.ts';
import { listDocuments } from './list-documents.ts';
import { uploadDocument } from './upload-document.ts';
import { validateBankStatements } from './validate-bank-statements.ts';

const tags = ['documents'];
const rateLimits = [publicLimits.formsByIp, publicLimits.formsByToken];
const notFound = notFoundDoc('form (or document)');
const closed = refusedDoc('Žádost je uzavřena');

export const documentRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/forms/:token/documents/',
    access: access.public,
    summary: 'Documents of a form: categories that apply, uploaded files, files still missing, bank-statement status',
    tags,
    rateLimits,
    responses: { 200: { description: 'Documents screen', schema: documentsOverview }, ...notFound },
    handler: ({ deps, actor, params }) => listDocuments(deps, actor, { token: params.token }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/documents/',
    access: access.public,
    summary: 'Upload a document (multipart: category, file). PDF, JPEG, PNG or HEIC by content; at most 10 MB',
    tags,
    rawBody: { contentType: 'multipart/form-data', schema: uploadDocumentRequest },
    rateLimits: [publicLimits.uploadsByIp, publicLimits.uploadsByToken],
    responses: {
      201: { description: 'Stored', schema: documentView },
      400: { description: `Chybí pole, neznámý druh, nebo soubor jiného typu: {"file": ["${formMessages.upload}"]}`, schema: fieldErrorsResponse },
      ...notFound,
      ...refusedDoc('Žádost je uzavřena, nebo má příliš mnoho souborů'),
      413: { description: `Soubor větší než 10 MB: {"detail": "${formMessages.upload}"}`, schema: detailResponse },
    },
    handler: async ({ deps, actor, params, req, res }) => {
      try {
        const document = await uploadDocument(deps, actor, {
          token: params.token,
          receive: (sink) => receiveSingleFile(req, { field: 'file', maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: formMessages.upload, sink }),
        });
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
    rateLimits,
    responses: { 200: { description: 'The file, in its stored type', contentType: 'application/octet-stream' }, ...notFound },
    handler: async ({ deps, actor, params, res }) => {
      await sendFile(res, await getDocumentFile(deps, actor, { token: params.token, id: params.id }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/forms/:token/documents/:id/',
    access: access.public,
    summary: 'Delete an uploaded file',
    tags,
    rateLimits,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...closed },
    handler: async ({ deps, actor, params }) => {
      await deleteDocument(deps, actor, { token: params.token, id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/documents/bank-statements/validate/',
    access: access.public,
    summary: 'Verify the uploaded bank statements: read their transactions and check they cover the last 90 days',
    tags,
    rateLimits,
    responses: {
      200: { description: 'Bank-statement status after the check', schema: bankStatementsValidation },
      ...notFound,
      ...closed,
      503: { description: 'The bank-statement analysis is unavailable', schema: detailResponse },
    },
    handler: ({ deps, actor, params }) => validateBankStatements(deps, actor, { token: params.token }),
  }),
];
