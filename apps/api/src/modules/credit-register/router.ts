import { cncbBatchRequest, cncbBatchView, cncbFileQuery, pageOf, pageQuery } from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { createCncbBatch } from './create-cncb-batch.ts';
import { createRepiReport } from './create-repi-report.ts';
import { downloadCncbFile } from './download-cncb-file.ts';
import { getCncbBatch } from './get-cncb-batch.ts';
import { listCncbBatches } from './list-cncb-batches.ts';

// The monthly credit-register batches (CNCB / NRKI, docs/decisions/0050). Every staff role lists
// them; making a batch or its REPI part, and downloading its files — which carry unmasked birth
// numbers, masked for VIEWER by ROLES.md §1 — is the lender's legal reporting: `reports.register`
// (ADMIN, ACCOUNTANT).
const tags = ['credit-register'];
const one = { description: 'The batch', schema: cncbBatchView };
const accepted = { description: 'The batch, queued (or the one already queued or being written)', schema: cncbBatchView };
const textFile = { description: 'The part as text/plain in the encoding asked for, as an attachment', contentType: 'text/plain' };

export const creditRegisterRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/cncb/batch/',
    access: access.staff('staff.read'),
    summary: 'Credit-register batches (NRKI), newest first, with their progress and counts',
    tags,
    query: pageQuery,
    responses: { 200: { description: 'Page of batches', schema: pageOf(cncbBatchView) }, ...badInput },
    handler: ({ deps, actor, query }) => listCncbBatches(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/reporting/cncb/batch/',
    access: access.staff('reports.register'),
    summary:
      "Make the month's credit-register batch (period YYYY-MM, by default the last month in Prague; the month must have ended and its last day be closed by the close of business). " +
      'A job writes the deals and persons files as of the month\'s end; a batch of the period still queued or running is answered instead of a second one',
    tags,
    body: cncbBatchRequest,
    responses: { 202: accepted, ...badInput, ...refusedDoc('The month is not closed yet (Czech reason)') },
    handler: async ({ deps, actor, body }) => new Reply(202, await createCncbBatch(deps, actor, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/cncb/batch/:id/',
    access: access.staff('staff.read'),
    summary: 'A credit-register batch',
    tags,
    responses: { 200: one, ...notFoundDoc('batch') },
    handler: ({ deps, actor, params }) => getCncbBatch(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/cncb/batch/:id/deal-report/',
    access: access.staff('reports.register'),
    summary:
      "The batch's deals file (one record per contract), or with repi=true its repayment-information part (REPI); encoding UTF-8 (as stored) or windows-1250 " +
      "(characters it lacks become '?'). 409 until the batch, or its REPI part, is written",
    tags,
    query: cncbFileQuery,
    responses: { 200: textFile, ...badInput, ...notFoundDoc('batch'), ...refusedDoc('Not written yet, or REPI not asked for (Czech reason)') },
    handler: async ({ deps, actor, params, query, res }) => {
      await sendFile(res, await downloadCncbFile(deps, actor, { id: params.id, report: 'deals', ...query }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/cncb/batch/:id/person-report/',
    access: access.staff('reports.register'),
    summary: "The batch's persons file (one record per person in each contract, unmasked identifiers as the register needs them; downloads are audited). repi=true is refused: REPI belongs to the deal report",
    tags,
    query: cncbFileQuery,
    responses: { 200: textFile, ...badInput, ...notFoundDoc('batch'), ...refusedDoc('Not written yet (Czech reason)') },
    handler: async ({ deps, actor, params, query, res }) => {
      await sendFile(res, await downloadCncbFile(deps, actor, { id: params.id, report: 'persons', ...query }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/reporting/repi/:id/repi-report/',
    access: access.staff('reports.register'),
    summary:
      "Make the batch's repayment-information part (REPI: per contract serviced in the month, installments due and paid in it, overdue amount, DPD, installments overdue), " +
      'downloaded with deal-report?repi=true. The batch must be DONE; while the part is queued or running the batch is answered as it is; after it is written a POST writes it again',
    tags,
    responses: { 202: accepted, ...notFoundDoc('batch'), ...refusedDoc('The batch is not written yet (Czech reason)') },
    handler: async ({ deps, actor, params }) => new Reply(202, await createRepiReport(deps, actor, { id: params.id })),
  }),
];
