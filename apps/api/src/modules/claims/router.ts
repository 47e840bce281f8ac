import {
  CLAIM_ORDERING_FIELDS,
  claimCreateRequest,
  claimPatch,
  CLAIMS_GROUP_ORDERING_FIELDS,
  claimsGroupPatch,
  claimsGroupUpdateRequest,
  claimsGroupView,
  ClaimType,
  claimUpdateRequest,
  claimView,
  DEAL_MODEL_ORDERING_FIELDS,
  DealModelState,
  dealModelPatch,
  dealModelRequest,
  dealModelView,
  dealStateRequest,
  dealStateResponse,
  dealValidateRequest,
  dealValidation,
  detailResponse,
  fieldErrorsResponse,
  leaseRecomputeResponse,
  leadConversionResponse,
  MAX_RECORD_ID,
  modelInstallmentsView,
  restructuringResponse,
  StaffRole,
  z,
  type ClaimsGroupKind,
} from '@lending/contracts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { commaList, dateQuery } from '../../http/query.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { exportFormatQuery, pragueDay, sendTable } from '../../http/table-export.ts';
import { changeDealState } from './state/change-deal-state.ts';
import { validateDeal } from './state/validate-deal.ts';
import { createDealModel } from './deal-models/create-deal-model.ts';
import { deleteDealModel } from './deal-models/delete-deal-model.ts';
import { getDealModel } from './deal-models/get-deal-model.ts';
import { listDealModels } from './deal-models/list-deal-models.ts';
import { updateDealModel } from './deal-models/update-deal-model.ts';
import { applyRestructuring } from './activation/apply-restructuring.ts';
import { listInstallments } from './schedule/list-installments.ts';
import { listClaimsGroups } from './groups/list-claims-groups.ts';
import { getClaimsGroup } from './groups/get-claims-group.ts';
import { updateClaimsGroup } from './groups/update-claims-group.ts';
import { deleteClaimsGroup } from './groups/delete-claims-group.ts';
import { recomputeLeaseGroups } from './groups/recompute-lease-groups.ts';
import { listClaims } from './claims/list-claims.ts';
import { CLAIM_EXPORT_COLUMNS, exportClaims } from './claims/export-claims.ts';
import { getClaim } from './claims/get-claim.ts';
import { createClaim } from './claims/create-claim.ts';
import { updateClaim } from './claims/update-claim.ts';
import { cancelClaim } from './claims/cancel-claim.ts';
import { convertLeadToDeal } from './lead-conversion/convert-lead.ts';
import { actorOf } from './deal-records.ts';

// Deal models, the deal's state machine and activation, claims groups, claims and lead → deal
// (docs/decisions/0024, 0025). Staff default access: every role reads, every role but VIEWER
// writes (validate, which changes nothing, every role); turning a lead into a deal is a lead write
// (ADMIN and UNDERWRITER, as 0008).

const tags = ['deals'];
const read = access.staff();
const write = access.staff();
/** validate is a POST that changes nothing: VIEWER may ask it too. */
const everyRole = access.staff(StaffRole.values);

/** A path id: a positive 32-bit integer written plainly; anything else is a 404. */
const pathId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_RECORD_ID));
const dealParams = z.object({ id: pathId });
const subParams = z.object({ dealId: pathId });
const itemParams = z.object({ dealId: pathId, id: pathId });
const idQuery = z.coerce.number().int().positive().max(MAX_RECORD_ID);
const boolQuery = z.enum(['true', 'false', '1', '0'], 'Zadejte true nebo false.').transform((v) => v === 'true' || v === '1');

const e400 = { 400: { description: 'Neplatná data: české zprávy podle polí', schema: fieldErrorsResponse } };
const e404 = { 404: { description: 'Obchod (nebo položka) nenalezen', schema: detailResponse } };
const e409 = (description: string) => ({ 409: { description, schema: detailResponse } });

const claimFilters = {
  ordering: orderingQuery(CLAIM_ORDERING_FIELDS, 'due_date'),
  creditor: idQuery.optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  type: commaList(ClaimType.schema).optional(),
  claims_group: idQuery.optional(),
  cancelled: boolQuery.optional(),
};
const claimListQuery = pageQuery.extend(claimFilters);
const claimExportQuery = z.object({ ...claimFilters, format: exportFormatQuery });
const groupListQuery = pageQuery.extend({ ordering: orderingQuery(CLAIMS_GROUP_ORDERING_FIELDS, 'due_date'), deal_model: idQuery.optional(), cancelled: boolQuery.optional() });

const GROUP_SEGMENTS: [string, ClaimsGroupKind, string][] = [
  ['claims-group', 'REGULAR', 'Loan installments'],
  ['claims-group-lease', 'LEASE', 'Rent periods of a lease'],
  ['claims-group-leaseback', 'LEASEBACK', 'Rent periods and the buy-back of a sale and leaseback'],
];

function groupRoutes([segment, kind, name]: [string, ClaimsGroupKind, string]): RouteDef[] {
  const base = `/api/v1/deals/:dealId/${segment}/`;
  const item = `${base}:id/`;
  const refusals = e409('Skupina je zrušená, uhrazená (i částečně) nebo již splatná; jistinu splátky mění jen restrukturalizace');
  return [
    defineRoute({
      method: 'get',
      path: base,
      access: read,
      summary: `${name} (${kind} claims groups, paginated; ordering id, number, due_date, created_at; deal_model; cancelled=true shows cancelled groups too)`,
      tags,
      params: subParams,
      query: groupListQuery,
      responses: { 200: { description: 'Page', schema: pageSchema(claimsGroupView) }, ...e400, ...e404 },
      handler: ({ deps, params, query, req }) => listClaimsGroups(deps, params.dealId, kind, query, requestUrl(req)),
    }),
    defineRoute({
      method: 'get',
      path: item,
      access: read,
      summary: `One ${kind} claims group with its claims`,
      tags,
      params: itemParams,
      responses: { 200: { description: 'Group', schema: claimsGroupView }, ...e404 },
      handler: ({ deps, params }) => getClaimsGroup(deps, params, kind),
    }),
    defineRoute({
      method: 'put',
      path: item,
      access: write,
      summary: `Change a future ${kind} group with nothing paid: due date (its claims move with it), note, amounts by claim type ("0.00" cancels one)`,
      tags,
      params: itemParams,
      body: claimsGroupUpdateRequest,
      responses: { 200: { description: 'Changed', schema: claimsGroupView }, ...e400, ...e404, ...refusals },
      handler: ({ deps, params, body, principal, meta }) => updateClaimsGroup(deps, params, kind, body, actorOf(principal, meta), { replace: true }),
    }),
    defineRoute({
      method: 'patch',
      path: item,
      access: write,
      summary: `Change some fields of a future ${kind} group with nothing paid`,
      tags,
      params: itemParams,
      body: claimsGroupPatch,
      responses: { 200: { description: 'Changed', schema: claimsGroupView }, ...e400, ...e404, ...refusals },
      handler: ({ deps, params, body, principal, meta }) => updateClaimsGroup(deps, params, kind, body, actorOf(principal, meta), { replace: false }),
    }),
    defineRoute({
      method: 'delete',
      path: item,
      access: write,
      summary: `Cancel a future ${kind} group with nothing paid, with its claims (kept as history)`,
      tags,
      params: itemParams,
      responses: { 204: { description: 'Cancelled' }, ...e404, ...refusals },
      handler: async ({ deps, params, principal, meta }) => {
        await deleteClaimsGroup(deps, params, kind, actorOf(principal, meta));
        return new Reply(204);
      },
    }),
  ];
}

export const claimsRoutes: RouteDef[] = [
  // The state machine -----------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:id/state/',
    access: write,
    summary:
      'Change the deal state by the transition table (docs/decisions/0024): NEW_APPLICATION → CONTRACT_COMPLETION → CONTRACT_SIGN → ACTIVE, ' +
      'pre-active → CLOSED_APPLICATION, ACTIVE → FILED_FOR_INSOLVENCY, ACTIVE | FILED_FOR_INSOLVENCY → CLOSED (closed_reason required). ' +
      '→ ACTIVE activates the newest draft model and generates its claims groups and claims',
    tags,
    params: dealParams,
    body: dealStateRequest,
    responses: {
      200: { description: 'The new state', schema: dealStateResponse },
      ...e400,
      ...e404,
      409: { description: 'Forbidden transition, or `problems` (as validate lists them) in the way', schema: detailResponse.extend({ problems: dealValidation.shape.problems.optional() }) },
    },
    handler: ({ deps, params, body, principal, meta }) => changeDealState(deps, params.id, body, actorOf(principal, meta)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:id/validate/',
    access: everyRole,
    summary: 'Every problem that stops the next forward transition (or the `state` given), at once, in Czech; changes nothing',
    tags,
    params: dealParams,
    body: dealValidateRequest.optional(),
    responses: { 200: { description: 'Problems (empty when the transition may go)', schema: dealValidation }, ...e400, ...e404 },
    handler: ({ deps, params, body }) => validateDeal(deps, params.id, body),
  }),

  // Deal models -----------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/deal-model/',
    access: read,
    summary: 'Versions of the deal model with their schedules (paginated; ordering version, created_at, updated_at, state, valid_from; filter state)',
    tags,
    params: subParams,
    query: pageQuery.extend({ ordering: orderingQuery(DEAL_MODEL_ORDERING_FIELDS, '-version'), state: DealModelState.schema.optional() }),
    responses: { 200: { description: 'Page', schema: pageSchema(dealModelView) }, ...e400, ...e404 },
    handler: ({ deps, params, query, req }) => listDealModels(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/deal-model/',
    access: write,
    summary:
      'A new version (DRAFT) with its computed schedule and RPSN. On an ACTIVE deal it is a restructuring: valid_from required, ' +
      'a loan’s principal = the unpaid principal due from valid_from; applied by …/activate/',
    tags,
    params: subParams,
    body: dealModelRequest,
    responses: { 201: { description: 'Created', schema: dealModelView }, ...e400, ...e404, ...e409('Obchod je uzavřen nebo v insolvenci') },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createDealModel(deps, params.dealId, body, actorOf(principal, meta))),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: read,
    summary: 'One version with its schedule (due_date, installment, principal, interest, fees, balance …) and RPSN',
    tags,
    params: itemParams,
    responses: { 200: { description: 'Version', schema: dealModelView }, ...e404 },
    handler: ({ deps, params }) => getDealModel(deps, params),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: write,
    summary: 'Replace a DRAFT version (fields left out take their defaults)',
    tags,
    params: itemParams,
    body: dealModelRequest,
    responses: { 200: { description: 'Replaced', schema: dealModelView }, ...e400, ...e404, ...e409('Jen návrh lze měnit') },
    handler: ({ deps, params, body, principal, meta }) => updateDealModel(deps, params, body, actorOf(principal, meta), { replace: true }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: write,
    summary: 'Change some terms of a DRAFT version (lease parameters merge)',
    tags,
    params: itemParams,
    body: dealModelPatch,
    responses: { 200: { description: 'Changed', schema: dealModelView }, ...e400, ...e404, ...e409('Jen návrh lze měnit') },
    handler: ({ deps, params, body, principal, meta }) => updateDealModel(deps, params, body, actorOf(principal, meta), { replace: false }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: write,
    summary: 'Delete a DRAFT version',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Deleted' }, ...e404, ...e409('Jen návrh lze smazat') },
    handler: async ({ deps, params, principal, meta }) => {
      await deleteDealModel(deps, params, actorOf(principal, meta));
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/deal-model/:id/activate/',
    access: write,
    summary:
      'Apply a restructuring (our addition): the DRAFT with valid_from becomes ACTIVE, supersedes the version in force, cancels the groups due from valid_from ' +
      'with nothing paid and generates its own; paid claims are never rewritten',
    tags,
    params: itemParams,
    responses: { 200: { description: 'Applied', schema: restructuringResponse }, ...e400, ...e404, ...e409('Nejde o restrukturalizaci aktivního obchodu, nebo nesedí jistina') },
    handler: ({ deps, params, principal, meta }) => applyRestructuring(deps, params, actorOf(principal, meta)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/deal-model/:id/installments/',
    access: read,
    summary:
      'The version’s installments as its claims groups stand today (our addition, issue 14): owed, paid, remaining, status ' +
      '(PAID, OVERDUE with days past due, PARTIALLY_PAID, DUE, FUTURE) and the totals owed, paid, outstanding and overdue. ' +
      'Not paginated: the whole schedule with its totals (a draft has none yet)',
    tags,
    params: itemParams,
    responses: { 200: { description: 'Installments and totals', schema: modelInstallmentsView }, ...e404 },
    handler: ({ deps, params }) => listInstallments(deps, params),
  }),

  // Claims groups ---------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/claims-group-lease/recompute/',
    access: write,
    summary: 'Rebuild the future rent groups (due today or later) from the active model: paid ones stay, unpaid ones that differ are cancelled and generated anew',
    tags,
    params: subParams,
    responses: { 200: { description: 'What changed and the future groups now', schema: leaseRecomputeResponse }, ...e404, ...e409('Obchod není nájem s platným modelem') },
    handler: ({ deps, params, principal, meta }) => recomputeLeaseGroups(deps, params.dealId, actorOf(principal, meta)),
  }),
  ...GROUP_SEGMENTS.flatMap(groupRoutes),

  // Claims ----------------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims/',
    access: read,
    summary:
      'Claims of the deal (paginated). Spec filters: creditor (person id), date_from, date_to (due date, inclusive), ordering, type (comma list). ' +
      'Our additions: claims_group, cancelled=true (cancelled claims are hidden by default)',
    tags,
    params: subParams,
    query: claimListQuery,
    responses: { 200: { description: 'Page', schema: pageSchema(claimView) }, ...e400, ...e404 },
    handler: ({ deps, params, query, req }) => listClaims(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/claims/',
    access: write,
    summary: 'Enter a claim by hand: CONTRACTUAL_PENALTY, COST_OF_RECOVERY, FEE, INSURANCE, SERVICE_ADVANCE or OTHER (deal ACTIVE or FILED_FOR_INSOLVENCY)',
    tags,
    params: subParams,
    body: claimCreateRequest,
    responses: { 201: { description: 'Created', schema: claimView }, ...e400, ...e404, ...e409('Obchod se nesplácí') },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createClaim(deps, params.dealId, body, actorOf(principal, meta))),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims/export/',
    access: read,
    summary: 'The claims of these filters and ordering as a CSV or XLSX file (format=csv|xlsx; streamed)',
    tags,
    params: subParams,
    query: claimExportQuery,
    responses: { 200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' }, ...e400, ...e404 },
    handler: async ({ deps, params, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportClaims(deps, params.dealId, actorOf(principal, meta), filters);
      return sendTable(res, { format, baseName: `pohledavky-${params.dealId}-${pragueDay(deps.now())}`, sheetName: 'Pohledávky', columns: CLAIM_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: read,
    summary: 'One claim',
    tags,
    params: itemParams,
    responses: { 200: { description: 'Claim', schema: claimView }, ...e404 },
    handler: ({ deps, params }) => getClaim(deps, params),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: write,
    summary: 'Replace due date, amount, description and creditor of a live claim with nothing paid',
    tags,
    params: itemParams,
    body: claimUpdateRequest,
    responses: { 200: { description: 'Changed', schema: claimView }, ...e400, ...e404, ...e409('Pohledávka je uhrazená, zrušená, úrok z prodlení nebo jistina splátky') },
    handler: ({ deps, params, body, principal, meta }) => updateClaim(deps, params, body, actorOf(principal, meta), { replace: true }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: write,
    summary: 'Change some fields of a live claim with nothing paid',
    tags,
    params: itemParams,
    body: claimPatch,
    responses: { 200: { description: 'Changed', schema: claimView }, ...e400, ...e404, ...e409('Pohledávka je uhrazená, zrušená, úrok z prodlení nebo jistina splátky') },
    handler: ({ deps, params, body, principal, meta }) => updateClaim(deps, params, body, actorOf(principal, meta), { replace: false }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: write,
    summary: 'Cancel a live claim with nothing paid (claims are never deleted)',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Cancelled' }, ...e404, ...e409('Pohledávka je uhrazená, zrušená, úrok z prodlení nebo jistina splátky') },
    handler: async ({ deps, params, principal, meta }) => {
      await cancelClaim(deps, params, actorOf(principal, meta));
      return new Reply(204);
    },
  }),

  // Lead → deal -----------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:id/deal/',
    access: access.staff(['ADMIN', 'UNDERWRITER']),
    summary:
      'Make a deal of a lead whose offer was accepted (our addition): person BORROWER, other parties DEBTOR, the offer as the first deal model (DRAFT), ' +
      'the realty as collateral, lead CONVERTED. 201 when made, 200 with the same deal when repeated',
    tags: ['leads', 'deals'],
    params: z.object({ id: pathId }),
    responses: {
      201: { description: 'The deal made', schema: leadConversionResponse },
      200: { description: 'The deal the lead became before', schema: leadConversionResponse },
      ...e404,
      ...e409('Žádost nemá přijatou nabídku nebo žadatele'),
    },
    handler: async ({ deps, params, principal, meta }) => {
      const answer = await convertLeadToDeal(deps, params.id, actorOf(principal, meta));
      return answer.created ? new Reply(201, answer) : answer;
    },
  }),
];
