import {
  bulkAssignDealsRequest,
  bulkAssignDealsResponse,
  bulkCreatePaymentsRequest,
  bulkCreatePaymentsResponse,
  detailResponse,
  fieldErrorsResponse,
  MAX_RECORD_ID,
  MAX_STATEMENT_BYTES,
  payment,
  PAYMENT_ORDERING_FIELDS,
  PaymentCategory,
  PaymentDirection,
  paymentMessages,
  paymentPatchRequest,
  PaymentType,
  paymentStatement,
  paymentStatementUpload,
  paymentUpdateRequest,
  z,
} from '@lending/contracts';
import { staffOf, type Principal } from '../../http/auth.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { dateQuery } from '../../http/query.ts';
import { access, defineRoute, Reply, type RequestMeta, type RouteDef } from '../../http/routes.ts';
import { receiveSingleFile } from '../../http/upload.ts';
import { invalid } from '../../domain/errors.ts';
import { bulkCreatePayments } from './bulk-create-payments.ts';
import { listDealPayments, listPayments } from './list-payments.ts';
import { loadPayment, type Actor } from './payment-view.ts';
import { getStatement } from './statements/get-statement.ts';
import { uploadStatement } from './statements/upload-statement.ts';
import { bulkAssignDeals, updatePayment } from './update-payment.ts';
import { exportFormatQuery, pragueDay, sendTable } from '../../http/table-export.ts';
import { ClaimType } from '@lending/contracts';
import { DEAL_PAYMENTS_COLUMNS, downloadDealPayments } from './download-deal-payments.ts';
import { exportPayments, PAYMENT_EXPORT_COLUMNS } from './export-payments.ts';
import { ALLOCATION_REPORT_COLUMNS, reportAllocations } from './report-allocations.ts';

// Payments (backoffice.md §7, docs/decisions/0034). Every staff role reads; booking and
// re-pairing move money between claims, so only ADMIN and ACCOUNTANT write.
const tags = ['payments'];
const writers = access.staff(['ADMIN', 'ACCOUNTANT']);

// Path ids: a positive 32-bit integer, anything else answers 404.
const pathId = z.coerce.number().int().positive().max(MAX_RECORD_ID);
const idParams = z.object({ id: pathId });
const dealParams = z.object({ dealId: pathId });

const boolQuery = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['true', 'false', '1', '0'], paymentMessages.booleanQuery).transform((v) => v === 'true' || v === '1'),
);
const idQuery = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, paymentMessages.positiveId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_RECORD_ID, paymentMessages.positiveId);

const filters = {
  category: PaymentCategory.schema.optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  payment_type: PaymentType.schema.optional(),
  direction: PaymentDirection.schema.optional(),
  search: z.string().max(200).optional(),
  unpaired: boolQuery.optional(),
  ordering: orderingQuery(PAYMENT_ORDERING_FIELDS, '-date'),
};
const checkRange = <T extends { date_from?: Date; date_to?: Date }>(q: T, ctx: z.RefinementCtx) => {
  if (q.date_from && q.date_to && q.date_from > q.date_to) ctx.addIssue({ code: 'custom', path: ['date_from'], message: paymentMessages.dateRange });
};
const listQuery = pageQuery.extend({ ...filters, deal: idQuery.optional() }).superRefine(checkRange);
const dealListQuery = pageQuery.extend(filters).superRefine(checkRange);

const { ordering: _ordering, ...exportFilters } = filters;
const exportQuery = z.object({ ...exportFilters, deal: idQuery.optional(), format: exportFormatQuery }).superRefine(checkRange);
const reportQuery = z
  .object({ date_from: filters.date_from, date_to: filters.date_to, deal: idQuery.optional(), claim_type: ClaimType.schema.optional(), format: exportFormatQuery })
  .superRefine(checkRange);
const dealDownloadQuery = z
  .object({ date_from: filters.date_from, date_to: filters.date_to, payment_type: filters.payment_type, category: filters.category, direction: filters.direction, format: exportFormatQuery })
  .superRefine(checkRange);
const fileAnswer = { description: 'CSV (UTF-8 with BOM, `;`, decimal comma) or XLSX, as an attachment', contentType: 'text/csv' };

const badInput = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };
const notFound = { 404: { description: 'No such payment or deal', schema: detailResponse } };
const refused = { 409: { description: 'Refused by a business rule (Czech reason)', schema: detailResponse } };

const actorOf = (principal: Principal, meta: RequestMeta): Actor => ({ staffId: staffOf(principal).id, meta });

export const paymentRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/',
    access: access.staff(),
    summary: 'Payments with their allocations, paged (filters category, date_from, date_to, deal, payment_type, direction, search, unpaired; ordering id, date, amount, created_at)',
    tags,
    query: listQuery,
    responses: { 200: { description: 'Page of payments', schema: pageSchema(payment) }, ...badInput, ...notFound },
    handler: ({ deps, query, req }) => listPayments(deps, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/payments/bulk_assign_deals/',
    access: writers,
    summary: 'Pair payments to one deal (deal null: back to the unpaired queue); every deal touched is replayed from the earliest date moved, in one transaction',
    tags,
    body: bulkAssignDealsRequest,
    responses: { 200: { description: 'The payments as they are now', schema: bulkAssignDealsResponse }, ...badInput, ...refused },
    handler: async ({ deps, body, principal, meta }) => ({ results: await bulkAssignDeals(deps, actorOf(principal, meta), body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/payments/bulk_create_payments/',
    access: writers,
    summary: 'Book bank movements: each stored once per bank_reference, paired (VS, SS, known counter-account) and allocated; a retry creates nothing and answers the same payments',
    tags,
    body: bulkCreatePaymentsRequest,
    responses: { 200: { description: 'The payments, in the order of the request', schema: bulkCreatePaymentsResponse }, ...badInput },
    handler: async ({ deps, body, principal, meta }) => ({ results: await bulkCreatePayments(deps, actorOf(principal, meta), body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/payments/statements/',
    access: writers,
    summary:
      'Upload a bank statement (multipart field file: camt.053 XML or GPC, told by content; at most 20 MB). Stored and imported by a job: ' +
      '202 with the statement to poll; the same file again answers 200 with its first import, already_imported, nothing queued',
    tags,
    rawBody: { contentType: 'multipart/form-data', schema: paymentStatementUpload },
    responses: {
      200: { description: 'This file was imported before: its import, already_imported true', schema: paymentStatement },
      202: { description: 'Stored and queued', schema: paymentStatement },
      400: { description: `No file or not a statement: {"file": ["${paymentMessages.statementFile}"]}`, schema: fieldErrorsResponse },
      413: { description: `Larger than 20 MB: {"detail": "${paymentMessages.statementTooLarge}"}`, schema: detailResponse },
    },
    handler: async ({ deps, req, res, actor }) => {
      try {
        // The file goes to the use case as it arrives (stored while it streams in); past 20 MB the stream fails and this answers 413.
        const received = await receiveSingleFile(req, {
          field: 'file',
          maxBytes: MAX_STATEMENT_BYTES,
          tooLargeMessage: paymentMessages.statementTooLarge,
          sink: (file) => uploadStatement(deps, actor, { file: { name: file.originalName, head: file.head, stream: file.stream } }),
        });
        if (!received.file) throw invalid({ file: [paymentMessages.statementFile] });
        const { statement, created } = received.file;
        return new Reply(created ? 202 : 200, statement);
      } catch (error) {
        // Refused before the body was read: close the connection instead of reading what nobody wants.
        if (!req.complete) res.set('Connection', 'close');
        throw error;
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/statements/:id/',
    access: access.staff(),
    summary: "A statement import's progress: state (QUEUED, PROCESSING, DONE, FAILED), lines, created, paired, unpaired, duplicates skipped, errors in Czech",
    tags,
    params: idParams,
    responses: { 200: { description: 'The statement import', schema: paymentStatement }, ...notFound },
    handler: ({ deps, actor, params }) => getStatement(deps, actor, { id: params.id }),
  }),
  // Files (docs/decisions/0035). Literal paths before `/payments/:id/`, which would answer them 404.
  // Every staff role reads, so every role may export, as the deals and persons exports.
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/export/',
    access: access.staff(),
    summary: 'The payments of these filters (date_from, date_to, deal, payment_type, unpaired, category, direction, search) as CSV or XLSX, oldest first, streamed',
    tags,
    query: exportQuery,
    responses: { 200: fileAnswer, ...badInput },
    handler: async ({ deps, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const rows = await exportPayments(deps, actorOf(principal, meta), filters);
      return sendTable(res, { format, baseName: `platby-${pragueDay(deps.now())}`, sheetName: 'Platby', columns: PAYMENT_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/allocation-report/',
    access: access.staff(),
    summary: "Allocation rows (filters: the payment's date_from, date_to, deal, claim_type) with the rule that placed each, as CSV or XLSX, streamed",
    tags,
    query: reportQuery,
    responses: { 200: fileAnswer, ...badInput },
    handler: async ({ deps, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const rows = await reportAllocations(deps, actorOf(principal, meta), filters);
      return sendTable(res, { format, baseName: `alokace-${pragueDay(deps.now())}`, sheetName: 'Alokace', columns: ALLOCATION_REPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/:id/',
    access: access.staff(),
    summary: 'One payment with its allocations',
    tags,
    params: idParams,
    responses: { 200: { description: 'The payment', schema: payment }, ...notFound },
    handler: ({ deps, params }) => loadPayment(deps.prisma, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/payments/:id/',
    access: writers,
    summary: 'Update a payment (category, purpose_type, deal, note; left out = cleared); a new deal replays the old and the new deal from its date',
    tags,
    params: idParams,
    body: paymentUpdateRequest,
    responses: { 200: { description: 'The payment', schema: payment }, ...badInput, ...notFound, ...refused },
    handler: ({ deps, params, body, principal, meta }) => updatePayment(deps, actorOf(principal, meta), params.id, body, { partial: false }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/payments/:id/',
    access: writers,
    summary: 'Change some fields of a payment (category, purpose_type, deal, note); a new deal replays the old and the new deal from its date',
    tags,
    params: idParams,
    body: paymentPatchRequest,
    responses: { 200: { description: 'The payment', schema: payment }, ...badInput, ...notFound, ...refused },
    handler: ({ deps, params, body, principal, meta }) => updatePayment(deps, actorOf(principal, meta), params.id, body, { partial: true }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/payments/',
    access: access.staff(),
    summary: "The deal's payments with their allocations, paged (the payment filters)",
    tags,
    params: dealParams,
    query: dealListQuery,
    responses: { 200: { description: 'Page of payments', schema: pageSchema(payment) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listDealPayments(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/payments/download/',
    access: access.staff(),
    summary: "The deal's payments with their allocations, one row per allocation (filters date_from, date_to, payment_type, category, direction), as CSV or XLSX",
    tags,
    params: dealParams,
    query: dealDownloadQuery,
    responses: { 200: fileAnswer, ...badInput, ...notFound },
    handler: async ({ deps, params, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const rows = await downloadDealPayments(deps, actorOf(principal, meta), params.dealId, filters);
      return sendTable(res, { format, baseName: `platby-obchodu-${params.dealId}-${pragueDay(deps.now())}`, sheetName: 'Platby', columns: DEAL_PAYMENTS_COLUMNS, rows });
    },
  }),
];
