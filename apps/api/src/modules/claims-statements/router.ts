import { Readable } from 'node:stream';
import { claimsStatement, claimsStatementExportQuery, claimsStatementListQuery, claimsStatementPatchRequest, claimsStatementRequest, pageOf } from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { createClaimsStatement } from './create-claims-statement.ts';
import { deleteClaimsStatement } from './delete-claims-statement.ts';
import { exportClaimsStatement } from './export-claims-statement.ts';
import { getClaimsStatement } from './get-claims-statement.ts';
import { listClaimsStatements } from './list-claims-statements.ts';
import { saveClaimsStatement } from './save-claims-statement.ts';
import { updateClaimsStatement } from './update-claims-statement.ts';

const tags = ['deals'];
const notFound = notFoundDoc('deal or statement');
const refused = refusedDoc("Refused by the statement's state (Czech reason)");
const one = { description: 'The claims statement', schema: claimsStatement };

/** A deal's claims statements (vyčíslení pohledávky, docs/decisions/0036). */
export const claimsStatementRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims-statements/',
    access: access.staff('staff.read'),
    summary: 'Claims statements of the deal, paged (filter state; ordering id, as_of, state, created_at; newest first)',
    tags,
    query: claimsStatementListQuery,
    responses: { 200: { description: 'Page of claims statements', schema: pageOf(claimsStatement) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listClaimsStatements(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/claims-statements/',
    access: access.staff('collections.write'),
    summary: "Create a claims statement as of a date under an allocation profile (default: the deal's); computed at once into a DRAFT",
    tags,
    body: claimsStatementRequest,
    responses: { 201: one, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createClaimsStatement(deps, actor, { dealId: params.dealId, statement: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims-statements/:id/',
    access: access.staff('staff.read'),
    summary: 'A claims statement with its figures',
    tags,
    responses: { 200: one, ...notFound },
    handler: ({ deps, actor, params }) => getClaimsStatement(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/claims-statements/:id/',
    access: access.staff('collections.write'),
    summary: "Replace the date and profile of a statement not yet saved (no profile: the deal's); computed again",
    tags,
    body: claimsStatementRequest,
    responses: { 200: one, ...badInput, ...notFound, ...refused },
    handler: ({ deps, actor, params, body }) => updateClaimsStatement(deps, actor, { dealId: params.dealId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/claims-statements/:id/',
    access: access.staff('collections.write'),
    summary: 'Change the date or profile of a statement not yet saved, or send nothing to compute it again (NOT_VALID → DRAFT)',
    tags,
    body: claimsStatementPatchRequest,
    responses: { 200: one, ...badInput, ...notFound, ...refused },
    handler: ({ deps, actor, params, body }) => updateClaimsStatement(deps, actor, { dealId: params.dealId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/claims-statements/:id/',
    access: access.staff('collections.write'),
    summary: 'Delete a statement not yet saved',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refused },
    handler: async ({ deps, actor, params }) => {
      await deleteClaimsStatement(deps, actor, { dealId: params.dealId, id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/claims-statements/:id/save/',
    access: access.staff('collections.write'),
    summary: 'Save a computed, still valid statement (DRAFT → SAVED, the document issued)',
    tags,
    responses: { 200: one, ...notFound, ...refused },
    handler: ({ deps, actor, params }) => saveClaimsStatement(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims-statements/:id/export/',
    access: access.staff('staff.read'),
    summary: 'The statement as a file: format=pdf (the letter for the debtor, default) or xlsx (for staff); allocation_profile orders the debts as that profile would pay them',
    tags,
    query: claimsStatementExportQuery,
    responses: { 200: { description: 'application/pdf or the XLSX spreadsheet, as an attachment', contentType: 'application/octet-stream' }, ...badInput, ...notFound, ...refused },
    handler: async ({ deps, actor, params, query, res }) => {
      const file = await exportClaimsStatement(deps, actor, { ...query, dealId: params.dealId, id: params.id });
      await sendFile(res, { stream: Readable.from([file.content]), size: file.content.length, mimeType: file.mimeType, fileName: file.fileName });
      return undefined;
    },
  }),
];
