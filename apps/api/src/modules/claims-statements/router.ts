import { Readable } from 'node:stream';
import {
  CLAIMS_STATEMENT_ORDERING_FIELDS,
  ClaimsStatementState,
  claimsStatement,
  claimsStatementExportQuery,
  claimsStatementPatchRequest,
  claimsStatementRequest,
  detailResponse,
  fieldErrorsResponse,
  z,
} from '@lending/contracts';
import { staffOf, type Principal } from '../../http/auth.ts';
import { sendFile } from '../../http/file-response.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute, Reply, type RequestMeta, type RouteDef } from '../../http/routes.ts';
import type { Actor } from './claims-statement-view.ts';
import { createClaimsStatement } from './create-claims-statement.ts';
import { deleteClaimsStatement } from './delete-claims-statement.ts';
import { exportClaimsStatement } from './export-claims-statement.ts';
import { getClaimsStatement } from './get-claims-statement.ts';
import { listClaimsStatements } from './list-claims-statements.ts';
import { saveClaimsStatement } from './save-claims-statement.ts';
import { updateClaimsStatement } from './update-claims-statement.ts';

const tags = ['deals'];
const BASE = '/api/v1/deals/:dealId/claims-statements';

// Path ids: a positive 32-bit integer, anything else answers 404.
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
const dealParams = z.object({ dealId: pathId });
const itemParams = z.object({ dealId: pathId, id: pathId });

const listQuery = pageQuery.extend({
  state: ClaimsStatementState.schema.optional(),
  ordering: orderingQuery(CLAIMS_STATEMENT_ORDERING_FIELDS, '-id'),
});

const badInput = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };
const notFound = { 404: { description: 'No such deal or statement', schema: detailResponse } };
const refused = { 409: { description: 'Refused by the statement\'s state (Czech reason)', schema: detailResponse } };
const one = { description: 'The claims statement', schema: claimsStatement };

const actorOf = (principal: Principal, meta: RequestMeta): Actor => ({ staffId: staffOf(principal).id, meta });

/** A deal's claims statements (vyčíslení pohledávky, docs/decisions/0036). */
export const claimsStatementRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/`,
    access: access.staff(),
    summary: 'Claims statements of the deal, paged (filter state; ordering id, as_of, state, created_at; newest first)',
    tags,
    params: dealParams,
    query: listQuery,
    responses: { 200: { description: 'Page of claims statements', schema: pageSchema(claimsStatement) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listClaimsStatements(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/`,
    access: access.staff(),
    summary: 'Create a claims statement as of a date under an allocation profile (default: the deal\'s); computed at once into a DRAFT',
    tags,
    params: dealParams,
    body: claimsStatementRequest,
    responses: { 201: one, ...badInput, ...notFound },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createClaimsStatement(deps, actorOf(principal, meta), params.dealId, body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'A claims statement with its figures',
    tags,
    params: itemParams,
    responses: { 200: one, ...notFound },
    handler: ({ deps, params }) => getClaimsStatement(deps, params.dealId, params.id),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Replace the date and profile of a statement not yet saved (no profile: the deal\'s); computed again',
    tags,
    params: itemParams,
    body: claimsStatementRequest,
    responses: { 200: one, ...badInput, ...notFound, ...refused },
    handler: ({ deps, params, body, principal, meta }) => updateClaimsStatement(deps, actorOf(principal, meta), params.dealId, params.id, body, { partial: false }),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Change the date or profile of a statement not yet saved, or send nothing to compute it again (NOT_VALID → DRAFT)',
    tags,
    params: itemParams,
    body: claimsStatementPatchRequest,
    responses: { 200: one, ...badInput, ...notFound, ...refused },
    handler: ({ deps, params, body, principal, meta }) => updateClaimsStatement(deps, actorOf(principal, meta), params.dealId, params.id, body, { partial: true }),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Delete a statement not yet saved',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refused },
    handler: async ({ deps, params, principal, meta }) => {
      await deleteClaimsStatement(deps, actorOf(principal, meta), params.dealId, params.id);
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:id/save/`,
    access: access.staff(),
    summary: 'Save a computed, still valid statement (DRAFT → SAVED, the document issued)',
    tags,
    params: itemParams,
    responses: { 200: one, ...notFound, ...refused },
    handler: ({ deps, params, principal, meta }) => saveClaimsStatement(deps, actorOf(principal, meta), params.dealId, params.id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/export/`,
    access: access.staff(),
    summary: 'The statement as a file: format=pdf (the letter for the debtor, default) or xlsx (for staff); allocation_profile orders the debts as that profile would pay them',
    tags,
    params: itemParams,
    query: claimsStatementExportQuery,
    responses: { 200: { description: 'application/pdf or the XLSX spreadsheet, as an attachment', contentType: 'application/octet-stream' }, ...badInput, ...notFound, ...refused },
    handler: async ({ deps, params, query, res }) => {
      const file = await exportClaimsStatement(deps, params.dealId, params.id, query);
      await sendFile(res, { stream: Readable.from([file.content]), size: file.content.length, mimeType: file.mimeType, fileName: file.fileName });
      return undefined;
    },
  }),
];
