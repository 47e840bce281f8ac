import {
  type Permission,
  claimsSettingListQuery,
  claimsSettingPatch,
  claimsSettingRequest,
  claimsSettingView,
  DEAL_EXPANSIONS,
  dealCreateRequest,
  dealDebtListQuery,
  dealDebtPatch,
  dealDebtRequest,
  dealDebtView,
  dealDetail,
  dealDetailQuery,
  dealExportQuery,
  dealIdmEvaluationListQuery,
  dealIdmEvaluationView,
  dealLabelListQuery,
  dealLabelPatch,
  dealLabelRequest,
  dealLabelView,
  dealListItem,
  dealListQuery,
  dealNoteListQuery,
  dealNoteRequest,
  dealNoteView,
  dealObligationListQuery,
  dealObligationPatch,
  dealObligationRequest,
  dealObligationView,
  dealParticipantListQuery,
  dealParticipantPatch,
  dealParticipantRequest,
  dealParticipantView,
  dealPatchRequest,
  dealRealtyListQuery,
  dealRealtyView,
  dealUpdateRequest,
  enforceableClaimListQuery,
  enforceableClaimPatch,
  enforceableClaimRequest,
  enforceableClaimView,
  pageOf,
  staffApplicationForm,
  type z,
  personDealItem,
  personDealRequest,
  dealHistoryEvent,
  dealHistoryQuery,
} from '@lending/contracts';
import { today } from '../../domain/dates.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type ResponseDoc, type RouteDef } from '../../http/routes.ts';
import { sendTable } from '../../http/table-export.ts';
import { createDeal } from './create-deal.ts';
import { createDealNote } from './deal-notes.ts';
import { createDealItem } from './create-deal-item.ts';
import { deleteDealItem } from './delete-deal-item.ts';
import { getDealItem } from './get-deal-item.ts';
import { listDealItems } from './list-deal-items.ts';
import { updateDealItem } from './update-deal-item.ts';
import { type AnySubResource, type Delegate, type ListedResource, type SubResourceQuery } from './deal-sub-resource.ts';
import { DEAL_EXPORT_COLUMNS, exportDeals } from './export-deals.ts';
import { getDeal } from './get-deal.ts';
import { listDealHistory } from './list-deal-history.ts';
import { getDealApplicationForm } from './get-deal-application-form.ts';
import { getDealIdmEvaluation } from './get-deal-idm-evaluation.ts';
import { listDealIdmEvaluations } from './list-deal-idm-evaluations.ts';
import { listDealRealties } from './list-deal-realties.ts';
import { createPersonDeal } from './create-person-deal.ts';
import { listDeals } from './list-deals.ts';
import { claimsSettings, debts, enforceableClaims, labels, obligations, participants } from './sub-resources.ts';
import { updateDeal } from './update-deal.ts';
import { noteInclude, noteViewOf } from './sub-resource-views.ts';

// /deals/ and its own sub-resources (backoffice.md §7 "Deals"; docs/decisions/0022-deals-api.md).
// Each route names its permission (contracts/permissions.ts, docs/decisions/0044). The state
// machine, deal models, claims, purposes and realty groups have routers of their own.

const tags = ['deals'];

const dealNotFound = notFoundDoc('deal');
const itemNotFound = notFoundDoc('deal or item');
const maybeRefused = (description?: string): Record<number, ResponseDoc> => (description ? refusedDoc(description) : {});

// ---------------------------------------------------------------------------------------------
// Sub-resources: DRF viewset routes
// ---------------------------------------------------------------------------------------------

type Operation = 'list' | 'create' | 'get' | 'update' | 'delete';

/** A sub-resource of a deal and the viewset routes it has: the list at `path`, an item at `${path}:id/`. */
interface SubResourceDef {
  /** Written out in full, so a search for the path finds the definition of its routes. */
  path: `/api/v1/deals/:dealId/${string}/`;
  /** The item's path, `${path}:id/`, written out for the same reason. */
  itemPath: `/api/v1/deals/:dealId/${string}/:id/`;
  name: string;
  resource: AnySubResource;
  view: z.ZodType;
  create?: z.ZodType;
  patch?: z.ZodType;
  query: z.ZodType<SubResourceQuery>;
  operations: Operation[];
  /** The permission its writes need (reads: staff.read). */
  permission: Permission;
  /** participants: PUT and PATCH answer 204 without a body (backoffice.md §7). */
  updateAnswersNoContent?: boolean;
  deleteRefusal?: string;
}

function subResourceRoutes(def: SubResourceDef): RouteDef[] {
  const { path, resource, itemPath: item } = def;
  if (item !== `${path}:id/`) throw new Error(`${item} is not the item path of ${path}`);
  const has = (op: Operation) => def.operations.includes(op);
  const lower = def.name.toLowerCase();
  const routes: RouteDef[] = [];
  if (has('list')) {
    routes.push(
      defineRoute({
        method: 'get',
        path,
        access: access.staff('staff.read'),
        summary: `${def.name} of a deal (paginated)`,
        tags,
        query: def.query,
        responses: { 200: { description: 'Page', schema: pageOf(def.view) }, ...badInput, ...dealNotFound },
        handler: ({ deps, actor, params, query }) => listDealItems(deps, actor, { ...query, resource, dealId: params.dealId }),
      }),
    );
  }
  if (has('create')) {
    routes.push(
      defineRoute({
        method: 'post',
        path,
        access: access.staff(def.permission),
        summary: `Add ${lower} to a deal`,
        tags,
        body: def.create,
        responses: { 201: { description: 'Created', schema: def.view }, ...badInput, ...dealNotFound },
        handler: async ({ deps, actor, params, body }) => new Reply(201, await createDealItem(deps, actor, { resource, dealId: params.dealId, item: body })),
      }),
    );
  }
  if (has('get')) {
    routes.push(
      defineRoute({
        method: 'get',
        path: item,
        access: access.staff('staff.read'),
        summary: `One ${lower} of a deal`,
        tags,
        responses: { 200: { description: 'Item', schema: def.view }, ...itemNotFound },
        handler: ({ deps, actor, params }) => getDealItem(deps, actor, { resource, dealId: params.dealId, id: params.id }),
      }),
    );
  }
  if (has('update')) {
    for (const method of ['put', 'patch'] as const) {
      routes.push(
        defineRoute({
          method,
          path: item,
          access: access.staff(def.permission),
          summary:
            method === 'put'
              ? `Update ${lower}: the required fields must be sent, others left out keep their values`
              : `Change some fields of ${lower}`,
          tags,
          body: method === 'put' ? def.create : def.patch,
          responses: {
            ...(def.updateAnswersNoContent ? { 204: { description: 'Updated (no body)' } } : { 200: { description: 'Updated', schema: def.view } }),
            ...badInput,
            ...itemNotFound,
            ...maybeRefused(def.deleteRefusal),
          },
          handler: async ({ deps, actor, params, body }) => {
            const updated = await updateDealItem(deps, actor, { resource, dealId: params.dealId, id: params.id, changes: body });
            return def.updateAnswersNoContent ? new Reply(204) : updated;
          },
        }),
      );
    }
  }
  if (has('delete')) {
    routes.push(
      defineRoute({
        method: 'delete',
        path: item,
        access: access.staff(def.permission),
        summary: `Delete ${lower}`,
        tags,
        responses: { 204: { description: 'Deleted' }, ...itemNotFound, ...maybeRefused(def.deleteRefusal) },
        handler: async ({ deps, actor, params }) => {
          await deleteDealItem(deps, actor, { resource, dealId: params.dealId, id: params.id });
          return new Reply(204);
        },
      }),
    );
  }
  return routes;
}

const all: Operation[] = ['list', 'create', 'get', 'update', 'delete'];

// Notes are listed like any sub-resource and created by createDealNote (never edited).
const notesList: ListedResource<Parameters<typeof noteViewOf>[0]> = {
  delegate: (db) => db.dealNote as unknown as Delegate,
  include: noteInclude,
  orderColumns: { id: 'id', created_at: 'createdAt' },
  toView: noteViewOf,
};

export const dealRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/',
    access: access.staff('staff.read'),
    summary:
      'Deals (paginated). Filters (backoffice.md §3): abp, insolvency, liquidated (true/false); breach_type, closed_reason, state, type, ' +
      'settings_on (all on), settings_off (none on), external_id, id (comma lists, any of them); days_past_due (0, 1-30, 31-60, 61-90, 91+, ' +
      'any N, A-B or N+, comma-joined); person (a participant); search (person name without diacritics, birth number, contract number, ' +
      'variable symbol); value_from, value_to (inclusive). ordering: id, created_at, updated_at, value, days_past_due, state, type (default -created_at)',
    tags,
    query: dealListQuery,
    responses: { 200: { description: 'Page of deals', schema: pageOf(dealListItem) }, ...badInput, ...notFoundDoc('page') },
    handler: ({ deps, actor, query }) => listDeals(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/',
    access: access.staff('deals.originate'),
    summary: 'Create a deal (state NEW_APPLICATION) with its participants; the variable symbol is generated when left out (10 digits, Luhn check digit)',
    tags,
    body: dealCreateRequest,
    responses: { 201: { description: 'The deal with its participants', schema: dealDetail }, ...badInput },
    handler: async ({ deps, actor, body }) => new Reply(201, await createDeal(deps, actor, { deal: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/export/',
    access: access.staff('staff.read'),
    summary: 'The deals list of these filters and ordering as CSV or XLSX (format=csv|xlsx; amounts exact to the haléř). Our addition',
    tags,
    query: dealExportQuery,
    responses: { 200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' }, ...badInput },
    handler: async ({ deps, actor, query, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportDeals(deps, actor, filters);
      return sendTable(res, { format, baseName: `obchody-${today(deps)}`, sheetName: 'Obchody', columns: DEAL_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:id/',
    access: access.staff('staff.read'),
    summary: `Deal detail; expand (comma list): ${DEAL_EXPANSIONS.join(', ')}`,
    tags,
    query: dealDetailQuery,
    responses: { 200: { description: 'Deal', schema: dealDetail }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => getDeal(deps, actor, { id: params.id, expand: query.expand }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:id/history/',
    access: access.staff('staff.read'),
    summary:
      "The deal's history, newest first, paged (our addition): staff's changes of the deal and its parts (the audit log's, four-eyes requests and decisions among them) with who made them, payments booked to it, breaches begun and ended",
    tags,
    query: dealHistoryQuery,
    responses: { 200: { description: 'Page of events', schema: pageOf(dealHistoryEvent) }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => listDealHistory(deps, actor, { ...query, dealId: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:id/',
    access: access.staff('deals.originate'),
    summary: 'Update a deal: type and value required, other fields left out keep their values. Not the state (POST /deals/{id}/state/)',
    tags,
    body: dealUpdateRequest,
    responses: { 200: { description: 'Deal', schema: dealDetail }, ...badInput, ...dealNotFound, ...refusedDoc('Typ a výše jen před aktivací; důvod uzavření jen u uzavřeného obchodu') },
    handler: ({ deps, actor, params, body }) => updateDeal(deps, actor, { id: params.id, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:id/',
    access: access.staff('deals.originate'),
    summary: 'Change some fields of a deal. Not the state (POST /deals/{id}/state/)',
    tags,
    body: dealPatchRequest,
    responses: { 200: { description: 'Deal', schema: dealDetail }, ...badInput, ...dealNotFound, ...refusedDoc('Typ a výše jen před aktivací; důvod uzavření jen u uzavřeného obchodu') },
    handler: ({ deps, actor, params, body }) => updateDeal(deps, actor, { id: params.id, changes: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:id/application_form/',
    access: access.staff('staff.read'),
    summary: "The application form of the deal's lead, as GET /leads/{id}/application_form/ answers it",
    tags,
    responses: { 200: { description: 'Form', schema: staffApplicationForm }, ...dealNotFound },
    handler: ({ deps, actor, params }) => getDealApplicationForm(deps, actor, { id: params.id }),
  }),

  ...subResourceRoutes({
    path: '/api/v1/deals/:dealId/participants/',
    itemPath: '/api/v1/deals/:dealId/participants/:id/',
    permission: 'deals.originate',
    name: 'Participants',
    resource: participants as unknown as AnySubResource,
    view: dealParticipantView,
    create: dealParticipantRequest,
    patch: dealParticipantPatch,
    query: dealParticipantListQuery,
    operations: all,
    updateAnswersNoContent: true,
    deleteRefusal: 'Poslední dlužník běžícího obchodu, nebo věřitel jeho pohledávek',
  }),
  ...subResourceRoutes({
    path: '/api/v1/deals/:dealId/label/',
    itemPath: '/api/v1/deals/:dealId/label/:id/',
    permission: 'notes.write',
    name: 'Labels',
    resource: labels as unknown as AnySubResource,
    view: dealLabelView,
    create: dealLabelRequest,
    patch: dealLabelPatch,
    query: dealLabelListQuery,
    operations: all,
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/notes/',
    access: access.staff('staff.read'),
    summary: 'Notes of a deal (paginated; newest first)',
    tags,
    query: dealNoteListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(dealNoteView) }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => listDealItems(deps, actor, { ...query, resource: notesList, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/notes/',
    access: access.staff('notes.write'),
    summary: 'Add a note to a deal (author: the calling staff user); notes are not edited or deleted',
    tags,
    body: dealNoteRequest,
    responses: { 201: { description: 'Created', schema: dealNoteView }, ...badInput, ...dealNotFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createDealNote(deps, actor, { dealId: params.dealId, note: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/realties/',
    access: access.staff('staff.read'),
    summary: "The deal's collateral realties (paginated): those in its realty groups and its lead's realty",
    tags,
    query: dealRealtyListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(dealRealtyView) }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => listDealRealties(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/idm-evaluations/',
    access: access.staff('staff.read'),
    summary: 'Credit (IDM) evaluations of the deal and of its lead (paginated; filter deal_model)',
    tags,
    query: dealIdmEvaluationListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(dealIdmEvaluationView) }, ...badInput, ...dealNotFound },
    handler: ({ deps, actor, params, query }) => listDealIdmEvaluations(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/idm-evaluations/:id/',
    access: access.staff('staff.read'),
    summary: 'One credit (IDM) evaluation of the deal or its lead',
    tags,
    responses: { 200: { description: 'Evaluation', schema: dealIdmEvaluationView }, ...itemNotFound },
    handler: ({ deps, actor, params }) => getDealIdmEvaluation(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  ...subResourceRoutes({
    path: '/api/v1/deals/:dealId/debts/',
    itemPath: '/api/v1/deals/:dealId/debts/:id/',
    permission: 'deals.originate',
    name: 'Debts',
    resource: debts as unknown as AnySubResource,
    view: dealDebtView,
    create: dealDebtRequest,
    patch: dealDebtPatch,
    query: dealDebtListQuery,
    operations: all,
  }),
  ...subResourceRoutes({
    path: '/api/v1/deals/:dealId/obligations/',
    itemPath: '/api/v1/deals/:dealId/obligations/:id/',
    permission: 'deals.originate',
    name: 'Obligations',
    resource: obligations as unknown as AnySubResource,
    view: dealObligationView,
    create: dealObligationRequest,
    patch: dealObligationPatch,
    query: dealObligationListQuery,
    operations: all,
    deleteRefusal: 'K povinnosti je evidováno porušení smlouvy',
  }),
  ...subResourceRoutes({
    path: '/api/v1/deals/:dealId/enforceable-claims/',
    itemPath: '/api/v1/deals/:dealId/enforceable-claims/:id/',
    permission: 'collections.write',
    name: 'Enforceable claims',
    resource: enforceableClaims as unknown as AnySubResource,
    view: enforceableClaimView,
    create: enforceableClaimRequest,
    patch: enforceableClaimPatch,
    query: enforceableClaimListQuery,
    operations: all,
  }),
  ...subResourceRoutes({
    path: '/api/v1/deals/:dealId/claims-settings/',
    itemPath: '/api/v1/deals/:dealId/claims-settings/:id/',
    permission: 'claims.write',
    name: 'Claims settings',
    resource: claimsSettings as unknown as AnySubResource,
    view: claimsSettingView,
    create: claimsSettingRequest,
    patch: claimsSettingPatch,
    query: claimsSettingListQuery,
    operations: all,
    deleteRefusal: 'Podle nastavení už vznikly pohledávky',
  }),
  // A deal created from the person's page (persons' API, backoffice.md §5): the deals module makes deals.
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/deals/',
    access: access.staff('deals.originate'),
    summary: 'Create a deal of the person (CONSUMER_LOAN or INVESTMENT_LOAN, state NEW_APPLICATION)',
    tags: ['persons'],
    body: personDealRequest,
    responses: { 201: { description: 'The deal', schema: personDealItem }, ...badInput, ...notFoundDoc('person') },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createPersonDeal(deps, actor, { personId: params.personId, deal: body })),
  }),
];
