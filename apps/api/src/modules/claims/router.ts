import {
  claimCreateRequest,
  claimExportQuery,
  claimListQuery,
  claimPatch,
  claimsGroupListQuery,
  claimsGroupPatch,
  claimsGroupUpdateRequest,
  claimsGroupView,
  claimUpdateRequest,
  claimView,
  dealModelListQuery,
  dealModelPatch,
  dealModelRequest,
  dealModelView,
  dealStateRequest,
  dealStateResponse,
  dealValidateRequest,
  dealValidation,
  detailResponse,
  leaseRecomputeResponse,
  leadConversionResponse,
  modelInstallmentsView,
  pageOf,
  restructuringResponse,
  type ClaimsGroupKind,
} from '@lending/contracts';
import { today } from '../../domain/dates.ts';
import { badInput, fourEyesDoc, fourEyesReply, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { requestOrExecute } from '../approvals/four-eyes.ts';
import { claimCancellation, claimChange, claimCreation, claimsGroupCancellation, claimsGroupChange, dealStateAction, restructuring } from './four-eyes-actions.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { sendTable } from '../../http/table-export.ts';
import { changeDealState } from './state/change-deal-state.ts';
import { validateDeal } from './state/validate-deal.ts';
import { createDealModel } from './deal-models/create-deal-model.ts';
import { deleteDealModel } from './deal-models/delete-deal-model.ts';
import { getDealModel } from './deal-models/get-deal-model.ts';
import { listDealModels } from './deal-models/list-deal-models.ts';
import { updateDealModel } from './deal-models/update-deal-model.ts';
import { listInstallments } from './schedule/list-installments.ts';
import { listClaimsGroups } from './groups/list-claims-groups.ts';
import { getClaimsGroup } from './groups/get-claims-group.ts';
import { recomputeLeaseGroups } from './groups/recompute-lease-groups.ts';
import { listClaims } from './claims/list-claims.ts';
import { CLAIM_EXPORT_COLUMNS, exportClaims } from './claims/export-claims.ts';
import { getClaim } from './claims/get-claim.ts';
import { convertLeadToDeal } from './lead-conversion/convert-lead.ts';

// Deal models, the deal's state machine and activation, claims groups, claims and lead → deal
// (docs/decisions/0024, 0025). Each route names its permission
// (docs/decisions/0044): claims need `claims.write`, models and a lead turned into a deal
// `deals.originate`, a state change `deals.state` and then its target's own permission.

const tags = ['deals'];
/** validate is a POST that changes nothing: VIEWER may ask it too. */

const dealNotFound = notFoundDoc('deal');
const itemNotFound = notFoundDoc('deal or item');

/** The three kinds of claims groups, each under its own path (backoffice.md §7). */
const GROUP_KINDS: { kind: ClaimsGroupKind; name: string; path: `/api/v1/deals/:dealId/${string}/`; itemPath: `/api/v1/deals/:dealId/${string}/:id/` }[] = [
  { kind: 'REGULAR', name: 'Loan installments', path: '/api/v1/deals/:dealId/claims-group/', itemPath: '/api/v1/deals/:dealId/claims-group/:id/' },
  { kind: 'LEASE', name: 'Rent periods of a lease', path: '/api/v1/deals/:dealId/claims-group-lease/', itemPath: '/api/v1/deals/:dealId/claims-group-lease/:id/' },
  {
    kind: 'LEASEBACK',
    name: 'Rent periods and the buy-back of a sale and leaseback',
    path: '/api/v1/deals/:dealId/claims-group-leaseback/',
    itemPath: '/api/v1/deals/:dealId/claims-group-leaseback/:id/',
  },
];

function groupRoutes({ kind, name, path, itemPath: item }: (typeof GROUP_KINDS)[number]): RouteDef[] {
  if (item !== `${path}:id/`) throw new Error(`${item} is not the item path of ${path}`);
  const refusals = refusedDoc('Skupina je zrušená, uhrazená (i částečně) nebo již splatná; jistinu splátky mění jen restrukturalizace');
  return [
    defineRoute({
      method: 'get',
      path,
      access: access.staff('staff.read'),
      summary: `${name} (${kind} claims groups, paginated; ordering id, number, due_date, created_at; deal_model; cancelled=true shows cancelled groups too)`,
      tags,
      query: claimsGroupListQuery,
      responses: { 200: { description: 'Page', schema: pageOf(claimsGroupView) }, ...badInput, ...dealNotFound },
      handler: ({ deps, actor, params, query }) => listClaimsGroups(deps, actor, { ...query, dealId: params.dealId, kind }),
    }),
    defineRoute({
      method: 'get',
      path: item,
      access: access.staff('staff.read'),
      summary: `One ${kind} claims group with its claims`,
      tags,
      responses: { 200: { description: 'Group', schema: claimsGroupView }, ...itemNotFound },
      handler: ({ deps, actor, params }) => getClaimsGroup(deps, actor, { dealId: params.dealId, kind, id: params.id }),
    }),
    defineRoute({
      method: 'put',
      path: item,
      access: access.staff('claims.write'),
      summary: `Change a future ${kind} group with nothing paid: due date (its claims move with it), note, amounts by claim type ("0.00" cancels one)`,
      tags,
      body: claimsGroupUpdateRequest,
      responses: { 200: { description: 'Changed', schema: claimsGroupView }, ...fourEyesDoc, ...badInput, ...itemNotFound, ...refusals },
      handler: async ({ deps, actor, params, body }) => fourEyesReply(await requestOrExecute(deps, actor, claimsGroupChange, { dealId: params.dealId, kind, id: params.id, partial: false, changes: body })),
    }),
    defineRoute({
      method: 'patch',
      path: item,
      access: access.staff('claims.write'),
      summary: `Change some fields of a future ${kind} group with nothing paid`,
      tags,
      body: claimsGroupPatch,
      responses: { 200: { description: 'Changed', schema: claimsGroupView }, ...fourEyesDoc, ...badInput, ...itemNotFound, ...refusals },
      handler: async ({ deps, actor, params, body }) => fourEyesReply(await requestOrExecute(deps, actor, claimsGroupChange, { dealId: params.dealId, kind, id: params.id, partial: true, changes: body })),
    }),
    defineRoute({
      method: 'delete',
      path: item,
      access: access.staff('claims.write'),
      summary: `Cancel a future ${kind} group with nothing paid, with its claims (kept as history)`,
      tags,
      responses: { 204: { description: 'Cancelled' }, ...fourEyesDoc, ...itemNotFound, ...refusals },
      handler: async ({ deps, actor, params }) => fourEyesReply(await requestOrExecute(deps, actor, claimsGroupCancellation, { dealId: params.dealId, kind, id: params.id }), () => new Reply(204)),
    }),
  ];
}

export const claimsRoutes: RouteDef[] = [
  // The state machine -----------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:id/state/',
    access: access.staff('deals.state'),
    summary:
      'Change the deal state by the transition table (docs/decisions/0024): NEW_APPLICATION → CONTRACT_COMPLETION → CONTRACT_SIGN → ACTIVE, ' +
      'pre-active → CLOSED_APPLICATION, ACTIVE → FILED_FOR_INSOLVENCY, ACTIVE | FILED_FOR_INSOLVENCY → CLOSED (closed_reason required). ' +
      '→ ACTIVE activates the newest draft model and generates its claims groups and claims',
    tags,
    body: dealStateRequest,
    responses: {
      200: { description: 'The new state', schema: dealStateResponse },
      ...fourEyesDoc,
      ...badInput,
      ...dealNotFound,
      409: { description: 'Forbidden transition, or `problems` (as validate lists them) in the way', schema: detailResponse.extend({ problems: dealValidation.shape.problems.optional() }) },
    },
    handler: async ({ deps, actor, params, body }) => {
      const input = { dealId: params.id, transition: body };
      const fourEyes = dealStateAction(input);
      return fourEyes ? fourEyesReply(await requestOrExecute(deps, actor, fourEyes, input)) : changeDealState(deps, actor, input);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:id/validate/',
    access: access.staff('staff.read'),
    summary: 'Every problem that stops the next forward transition (or the `state` given), at once, in Czech; changes nothing',
    tags,
    body: dealValidateRequest.optional(),
    responses: { 200: { description: 'Problems (empty when the transition may go)', schema: dealValidation }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, body }) => validateDeal(deps, actor, { dealId: params.id, transition: body }),
  }),

  // Deal models -----------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/deal-model/',
    access: access.staff('staff.read'),
    summary: 'Versions of the deal model with their schedules (paginated; ordering version, created_at, updated_at, state, valid_from; filter state)',
    tags,
    query: dealModelListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(dealModelView) }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => listDealModels(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/deal-model/',
    access: access.staff('deals.originate'),
    summary:
      'A new version (DRAFT) with its computed schedule and RPSN. On an ACTIVE deal it is a restructuring: valid_from required, ' +
      'a loan’s principal = the unpaid principal due from valid_from; applied by …/activate/',
    tags,
    body: dealModelRequest,
    responses: { 201: { description: 'Created', schema: dealModelView }, ...badInput, ...dealNotFound, ...refusedDoc('Obchod je uzavřen nebo v insolvenci') },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createDealModel(deps, actor, { dealId: params.dealId, model: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: access.staff('staff.read'),
    summary: 'One version with its schedule (due_date, installment, principal, interest, fees, balance …) and RPSN',
    tags,
    responses: { 200: { description: 'Version', schema: dealModelView }, ...itemNotFound },
    handler: ({ deps, actor, params }) => getDealModel(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: access.staff('deals.originate'),
    summary: 'Replace a DRAFT version (fields left out take their defaults)',
    tags,
    body: dealModelRequest,
    responses: { 200: { description: 'Replaced', schema: dealModelView }, ...badInput, ...itemNotFound, ...refusedDoc('Jen návrh lze měnit') },
    handler: ({ deps, actor, params, body }) => updateDealModel(deps, actor, { dealId: params.dealId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: access.staff('deals.originate'),
    summary: 'Change some terms of a DRAFT version (lease parameters merge)',
    tags,
    body: dealModelPatch,
    responses: { 200: { description: 'Changed', schema: dealModelView }, ...badInput, ...itemNotFound, ...refusedDoc('Jen návrh lze měnit') },
    handler: ({ deps, actor, params, body }) => updateDealModel(deps, actor, { dealId: params.dealId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/deal-model/:id/',
    access: access.staff('deals.originate'),
    summary: 'Delete a DRAFT version',
    tags,
    responses: { 204: { description: 'Deleted' }, ...itemNotFound, ...refusedDoc('Jen návrh lze smazat') },
    handler: async ({ deps, actor, params }) => {
      await deleteDealModel(deps, actor, { dealId: params.dealId, id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/deal-model/:id/activate/',
    access: access.staff('claims.write'),
    summary:
      'Apply a restructuring (our addition): the DRAFT with valid_from becomes ACTIVE, supersedes the version in force, cancels the groups due from valid_from ' +
      'with nothing paid and generates its own; paid claims are never rewritten',
    tags,
    responses: { 200: { description: 'Applied', schema: restructuringResponse }, ...fourEyesDoc, ...badInput, ...itemNotFound, ...refusedDoc('Nejde o restrukturalizaci aktivního obchodu, nebo nesedí jistina') },
    handler: async ({ deps, actor, params }) => fourEyesReply(await requestOrExecute(deps, actor, restructuring, { dealId: params.dealId, id: params.id })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/deal-model/:id/installments/',
    access: access.staff('staff.read'),
    summary:
      'The version’s installments as its claims groups stand today (our addition, issue 14): owed, paid, remaining, status ' +
      '(PAID, OVERDUE with days past due, PARTIALLY_PAID, DUE, FUTURE) and the totals owed, paid, outstanding and overdue. ' +
      'Not paginated: the whole schedule with its totals (a draft has none yet)',
    tags,
    responses: { 200: { description: 'Installments and totals', schema: modelInstallmentsView }, ...itemNotFound },
    handler: ({ deps, actor, params }) => listInstallments(deps, actor, { dealId: params.dealId, id: params.id }),
  }),

  // Claims groups ---------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/claims-group-lease/recompute/',
    access: access.staff('claims.write'),
    summary: 'Rebuild the future rent groups (due today or later) from the active model: paid ones stay, unpaid ones that differ are cancelled and generated anew',
    tags,
    responses: { 200: { description: 'What changed and the future groups now', schema: leaseRecomputeResponse }, ...dealNotFound, ...refusedDoc('Obchod není nájem s platným modelem') },
    handler: ({ deps, actor, params }) => recomputeLeaseGroups(deps, actor, { dealId: params.dealId }),
  }),
  ...GROUP_KINDS.flatMap(groupRoutes),

  // Claims ----------------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims/',
    access: access.staff('staff.read'),
    summary:
      'Claims of the deal (paginated). Spec filters: creditor (person id), date_from, date_to (due date, inclusive), ordering, type (comma list). ' +
      'Our additions: claims_group, cancelled=true (cancelled claims are hidden by default)',
    tags,
    query: claimListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(claimView) }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => listClaims(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/claims/',
    access: access.staff('claims.write'),
    summary: 'Enter a claim by hand: CONTRACTUAL_PENALTY, COST_OF_RECOVERY, FEE, INSURANCE, SERVICE_ADVANCE or OTHER (deal ACTIVE or FILED_FOR_INSOLVENCY)',
    tags,
    body: claimCreateRequest,
    responses: { 201: { description: 'Created', schema: claimView }, ...fourEyesDoc, ...badInput, ...dealNotFound, ...refusedDoc('Obchod se nesplácí') },
    handler: async ({ deps, actor, params, body }) => fourEyesReply(await requestOrExecute(deps, actor, claimCreation, { dealId: params.dealId, claim: body }), (claim) => new Reply(201, claim)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims/export/',
    access: access.staff('staff.read'),
    summary: 'The claims of these filters and ordering as a CSV or XLSX file (format=csv|xlsx; streamed)',
    tags,
    query: claimExportQuery,
    responses: { 200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' }, ...badInput, ...dealNotFound },
    handler: async ({ deps, actor, params, query, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportClaims(deps, actor, { ...filters, dealId: params.dealId });
      return sendTable(res, { format, baseName: `pohledavky-${params.dealId}-${today(deps)}`, sheetName: 'Pohledávky', columns: CLAIM_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: access.staff('staff.read'),
    summary: 'One claim',
    tags,
    responses: { 200: { description: 'Claim', schema: claimView }, ...itemNotFound },
    handler: ({ deps, actor, params }) => getClaim(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: access.staff('claims.write'),
    summary: 'Replace due date, amount, description and creditor of a live claim with nothing paid',
    tags,
    body: claimUpdateRequest,
    responses: { 200: { description: 'Changed', schema: claimView }, ...fourEyesDoc, ...badInput, ...itemNotFound, ...refusedDoc('Pohledávka je uhrazená, zrušená, úrok z prodlení nebo jistina splátky') },
    handler: async ({ deps, actor, params, body }) => fourEyesReply(await requestOrExecute(deps, actor, claimChange, { dealId: params.dealId, id: params.id, partial: false, changes: body })),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: access.staff('claims.write'),
    summary: 'Change some fields of a live claim with nothing paid',
    tags,
    body: claimPatch,
    responses: { 200: { description: 'Changed', schema: claimView }, ...fourEyesDoc, ...badInput, ...itemNotFound, ...refusedDoc('Pohledávka je uhrazená, zrušená, úrok z prodlení nebo jistina splátky') },
    handler: async ({ deps, actor, params, body }) => fourEyesReply(await requestOrExecute(deps, actor, claimChange, { dealId: params.dealId, id: params.id, partial: true, changes: body })),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/claims/:id/',
    access: access.staff('claims.write'),
    summary: 'Cancel a live claim with nothing paid (claims are never deleted)',
    tags,
    responses: { 204: { description: 'Cancelled' }, ...fourEyesDoc, ...itemNotFound, ...refusedDoc('Pohledávka je uhrazená, zrušená, úrok z prodlení nebo jistina splátky') },
    handler: async ({ deps, actor, params }) => fourEyesReply(await requestOrExecute(deps, actor, claimCancellation, { dealId: params.dealId, id: params.id }), () => new Reply(204)),
  }),

  // Lead → deal -----------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:id/deal/',
    access: access.staff('deals.originate'),
    summary:
      'Make a deal of a lead whose offer was accepted (our addition): person BORROWER, other parties DEBTOR, the offer as the first deal model (DRAFT), ' +
      'the realty as collateral, lead CONVERTED. 201 when made, 200 with the same deal when repeated',
    tags: ['leads', 'deals'],
    responses: {
      201: { description: 'The deal made', schema: leadConversionResponse },
      200: { description: 'The deal the lead became before', schema: leadConversionResponse },
      ...notFoundDoc('lead'),
      ...refusedDoc('Žádost nemá přijatou nabídku nebo žadatele'),
    },
    handler: async ({ deps, actor, params }) => {
      const answer = await convertLeadToDeal(deps, actor, { leadId: params.id });
      return answer.created ? new Reply(201, answer) : answer;
    },
  }),
];
