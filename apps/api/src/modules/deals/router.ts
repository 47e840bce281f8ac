import {
  BreachType,
  CLAIMS_SETTING_ORDERING_FIELDS,
  claimsSettingPatch,
  claimsSettingRequest,
  claimsSettingView,
  ClaimType,
  DEAL_DEBT_ORDERING_FIELDS,
  DEAL_DEFAULT_ORDERING,
  DEAL_EXPANSIONS,
  DEAL_IDM_EVALUATION_ORDERING_FIELDS,
  DEAL_LABEL_ORDERING_FIELDS,
  DEAL_NOTE_ORDERING_FIELDS,
  DEAL_OBLIGATION_ORDERING_FIELDS,
  DEAL_ORDERING_FIELDS,
  DEAL_PARTICIPANT_ORDERING_FIELDS,
  DEAL_REALTY_ORDERING_FIELDS,
  DealClosedReason,
  dealCreateRequest,
  dealDebtPatch,
  dealDebtRequest,
  dealDebtView,
  dealDetail,
  dealIdmEvaluationView,
  dealLabelPatch,
  dealLabelRequest,
  dealLabelView,
  dealListItem,
  dealMessages,
  dealNoteRequest,
  dealNoteView,
  dealObligationPatch,
  dealObligationRequest,
  dealObligationView,
  dealParticipantPatch,
  dealParticipantRequest,
  dealParticipantView,
  dealPatchRequest,
  dealRealtyView,
  DealState,
  DealType,
  dealUpdateRequest,
  detailResponse,
  ENFORCEABLE_CLAIM_ORDERING_FIELDS,
  enforceableClaimPatch,
  enforceableClaimRequest,
  enforceableClaimView,
  EnforceableTitleType,
  fieldErrorsResponse,
  moneyInput,
  NoticeDisablingSetting,
  ObligationType,
  PersonRole,
  staffApplicationForm,
  z,
} from '@lending/contracts';
import { staffOf, type Principal } from '../../http/auth.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute, Reply, type RequestMeta, type ResponseDoc, type RouteDef } from '../../http/routes.ts';
import { exportFormatQuery, pragueDay, sendTable } from '../../http/table-export.ts';
import { createDeal } from './create-deal.ts';
import { createDealNote } from './deal-notes.ts';
import { createItem, deleteItem, getItem, listItems, updateItem, type AnySubResource, type Delegate, type ListedResource, type SubResourceQuery } from './deal-sub-resource.ts';
import { DEAL_EXPORT_COLUMNS, exportDeals } from './export-deals.ts';
import { getDeal } from './get-deal.ts';
import { getDealApplicationForm } from './get-deal-application-form.ts';
import { getDealIdmEvaluation, listDealIdmEvaluations } from './deal-idm-evaluations.ts';
import { listDealRealties } from './list-deal-realties.ts';
import { listDeals, type DpdRange } from './list-deals.ts';
import { claimsSettings, debts, enforceableClaims, labels, obligations, participants } from './sub-resources.ts';
import { updateDeal } from './update-deal.ts';
import { noteInclude, noteViewOf } from './sub-resource-views.ts';

// /deals/ and its own sub-resources (backoffice.md §7 "Deals"; docs/decisions/0022-deals-api.md).
// Every staff role reads; every role but VIEWER writes. The state machine, deal models, claims,
// purposes and realty groups have routers of their own.

const tags = ['deals'];
const read = access.staff();
const write = access.staff();
const BASE = '/api/v1/deals';
const MAX_ID = 2_147_483_647;

/** A path id: a positive 32-bit integer written plainly; anything else is a 404. */
const pathId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));
const dealParams = z.object({ id: pathId });
const subParams = z.object({ dealId: pathId });
const itemParams = z.object({ dealId: pathId, id: pathId });

const actor = (principal: Principal, meta: RequestMeta) => ({ staffId: staffOf(principal).id, meta });

const e400 = { 400: { description: 'Neplatná data: české zprávy podle polí', schema: fieldErrorsResponse } };
const e404 = { 404: { description: 'Obchod (nebo jeho položka) nenalezen', schema: detailResponse } };
const e409 = (description: string) => ({ 409: { description, schema: detailResponse } });
const maybe409 = (description?: string): Record<number, ResponseDoc> => (description ? e409(description) : {});

// ---------------------------------------------------------------------------------------------
// Query values
// ---------------------------------------------------------------------------------------------

/** A repeated parameter (`state=A&state=B`) counts as a comma list (`state=A,B`). */
const joined = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);
const parts = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

/** A comma list of these values; a wrong one is named in the message of the parameter itself. */
const listOf = <const V extends readonly string[]>(allowed: V) =>
  z.preprocess(
    joined,
    z.string().transform((value, ctx) => {
      const list = parts(value);
      const wrong = list.find((v) => !allowed.includes(v));
      if (wrong !== undefined || list.length === 0) {
        ctx.addIssue({ code: 'custom', message: dealMessages.unknownValue(wrong ?? '', allowed) });
        return z.NEVER;
      }
      return [...new Set(list)] as V[number][];
    }),
  );
const externalIdsQuery = z.preprocess(
  joined,
  z.string().transform((value, ctx) => {
    const list = parts(value);
    if (list.length === 0 || list.length > 1000 || list.some((v) => v.length > 100)) {
      ctx.addIssue({ code: 'custom', message: dealMessages.externalIdList });
      return z.NEVER;
    }
    return list;
  }),
);

const boolQuery = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['true', 'false', '1', '0'], dealMessages.booleanQuery).transform((v) => v === 'true' || v === '1'),
);
const idQuery = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, dealMessages.positiveId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_ID, dealMessages.positiveId);
const idListQuery = z.preprocess(
  joined,
  z.string().transform((value, ctx) => {
    const list = parts(value);
    if (list.length === 0 || list.length > 1000 || list.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: dealMessages.idList });
      return z.NEVER;
    }
    return list.map(Number);
  }),
);
const MAX_DAYS = 100_000;
/** `0`, `45`, `1-30`, `91+`, comma-joined: any of them. */
const daysPastDueQuery = z.preprocess(
  joined,
  z.string().transform((value, ctx) => {
    const ranges: DpdRange[] = [];
    for (const part of parts(value)) {
      const match = /^(\d{1,6})(?:(\+)|-(\d{1,6}))?$/.exec(part);
      const min = Number(match?.[1]);
      const max = match?.[2] ? null : match?.[3] !== undefined ? Number(match[3]) : min;
      if (!match || min > MAX_DAYS || (max !== null && (max < min || max > MAX_DAYS))) {
        ctx.addIssue({ code: 'custom', message: dealMessages.daysPastDue });
        return z.NEVER;
      }
      ranges.push({ min, max });
    }
    if (ranges.length === 0) {
      ctx.addIssue({ code: 'custom', message: dealMessages.daysPastDue });
      return z.NEVER;
    }
    return ranges;
  }),
);

/** A filter left empty (`?state=`) is not applied, as django-filter does. */
const filter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const dealFilterFields = {
  ordering: orderingQuery(DEAL_ORDERING_FIELDS, DEAL_DEFAULT_ORDERING),
  abp: filter(boolQuery),
  breach_type: filter(listOf(BreachType.values)),
  closed_reason: filter(listOf(DealClosedReason.values)),
  days_past_due: filter(daysPastDueQuery),
  external_id: filter(externalIdsQuery),
  id: filter(idListQuery),
  insolvency: filter(boolQuery),
  liquidated: filter(boolQuery),
  person: filter(idQuery),
  search: z.string().trim().max(200).optional(),
  settings_off: filter(listOf(NoticeDisablingSetting.values)),
  settings_on: filter(listOf(NoticeDisablingSetting.values)),
  state: filter(listOf(DealState.values)),
  type: filter(listOf(DealType.values)),
  value_from: filter(moneyInput()),
  value_to: filter(moneyInput()),
};
const valueRange = (q: { value_from?: string; value_to?: string }, ctx: z.RefinementCtx) => {
  if (q.value_from !== undefined && q.value_to !== undefined && Number(q.value_from) > Number(q.value_to)) {
    ctx.addIssue({ code: 'custom', path: ['value_to'], message: dealMessages.valueRange });
  }
};
const dealListQuery = pageQuery.extend(dealFilterFields).superRefine(valueRange);
const dealExportQuery = z.object({ ...dealFilterFields, format: exportFormatQuery }).superRefine(valueRange);

const expandQuery = z.object({ expand: listOf(DEAL_EXPANSIONS).optional() });

// ---------------------------------------------------------------------------------------------
// Sub-resources: DRF viewset routes
// ---------------------------------------------------------------------------------------------

type Operation = 'list' | 'create' | 'get' | 'update' | 'delete';

function subResourceRoutes(def: {
  segment: string;
  name: string;
  resource: (deps: Parameters<RouteDef['handler']>[0]['deps']) => AnySubResource;
  view: z.ZodType;
  create?: z.ZodType;
  patch?: z.ZodType;
  query: z.ZodType;
  operations: Operation[];
  /** participants: PUT and PATCH answer 204 without a body (backoffice.md §7). */
  updateAnswersNoContent?: boolean;
  deleteRefusal?: string;
}): RouteDef[] {
  const base = `${BASE}/:dealId/${def.segment}/`;
  const item = `${base}:id/`;
  const has = (op: Operation) => def.operations.includes(op);
  const lower = def.name.toLowerCase();
  const routes: RouteDef[] = [];
  if (has('list')) {
    routes.push(
      defineRoute({
        method: 'get',
        path: base,
        access: read,
        summary: `${def.name} of a deal (paginated)`,
        tags,
        params: subParams,
        query: def.query,
        responses: { 200: { description: 'Page', schema: pageSchema(def.view) }, ...e400, ...e404 },
        handler: ({ deps, params, query, req }) => listItems(deps, def.resource(deps), params.dealId, query as SubResourceQuery, requestUrl(req)),
      }),
    );
  }
  if (has('create')) {
    routes.push(
      defineRoute({
        method: 'post',
        path: base,
        access: write,
        summary: `Add ${lower} to a deal`,
        tags,
        params: subParams,
        body: def.create,
        responses: { 201: { description: 'Created', schema: def.view }, ...e400, ...e404 },
        handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createItem(deps, def.resource(deps), actor(principal, meta), params.dealId, body)),
      }),
    );
  }
  if (has('get')) {
    routes.push(
      defineRoute({
        method: 'get',
        path: item,
        access: read,
        summary: `One ${lower} of a deal`,
        tags,
        params: itemParams,
        responses: { 200: { description: 'Item', schema: def.view }, ...e404 },
        handler: ({ deps, params }) => getItem(deps, def.resource(deps), params.dealId, params.id),
      }),
    );
  }
  if (has('update')) {
    for (const method of ['put', 'patch'] as const) {
      routes.push(
        defineRoute({
          method,
          path: item,
          access: write,
          summary:
            method === 'put'
              ? `Update ${lower}: the required fields must be sent, others left out keep their values`
              : `Change some fields of ${lower}`,
          tags,
          params: itemParams,
          body: method === 'put' ? def.create : def.patch,
          responses: {
            ...(def.updateAnswersNoContent ? { 204: { description: 'Updated (no body)' } } : { 200: { description: 'Updated', schema: def.view } }),
            ...e400,
            ...e404,
            ...maybe409(def.deleteRefusal),
          },
          handler: async ({ deps, params, body, principal, meta }) => {
            const updated = await updateItem(deps, def.resource(deps), actor(principal, meta), params, body);
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
        access: write,
        summary: `Delete ${lower}`,
        tags,
        params: itemParams,
        responses: { 204: { description: 'Deleted' }, ...e404, ...maybe409(def.deleteRefusal) },
        handler: async ({ deps, params, principal, meta }) => {
          await deleteItem(deps, def.resource(deps), actor(principal, meta), params);
          return new Reply(204);
        },
      }),
    );
  }
  return routes;
}

const ordering = <const F extends readonly [string, ...string[]]>(fields: F, fallback: string) => pageQuery.extend({ ordering: orderingQuery(fields, fallback) });
const all: Operation[] = ['list', 'create', 'get', 'update', 'delete'];
const fulfilledQuery = boolQuery;

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
    path: `${BASE}/`,
    access: read,
    summary:
      'Deals (paginated). Filters (backoffice.md §3): abp, insolvency, liquidated (true/false); breach_type, closed_reason, state, type, ' +
      'settings_on (all on), settings_off (none on), external_id, id (comma lists, any of them); days_past_due (0, 1-30, 31-60, 61-90, 91+, ' +
      'any N, A-B or N+, comma-joined); person (a participant); search (person name without diacritics, birth number, contract number, ' +
      'variable symbol); value_from, value_to (inclusive). ordering: id, created_at, updated_at, value, days_past_due, state, type (default -created_at)',
    tags,
    query: dealListQuery,
    responses: { 200: { description: 'Page of deals', schema: pageSchema(dealListItem) }, ...e400, 404: { description: 'Neplatná stránka', schema: detailResponse } },
    handler: ({ deps, query, req }) => listDeals(deps, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/`,
    access: write,
    summary: 'Create a deal (state NEW_APPLICATION) with its participants; the variable symbol is generated when left out (10 digits, Luhn check digit)',
    tags,
    body: dealCreateRequest,
    responses: { 201: { description: 'The deal with its participants', schema: dealDetail }, ...e400 },
    handler: async ({ deps, body, principal, meta }) => new Reply(201, await createDeal(deps, actor(principal, meta), body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/export/`,
    access: read,
    summary: 'The deals list of these filters and ordering as CSV or XLSX (format=csv|xlsx; amounts exact to the haléř). Our addition',
    tags,
    query: dealExportQuery,
    responses: { 200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' }, ...e400 },
    handler: async ({ deps, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportDeals(deps, actor(principal, meta), filters);
      return sendTable(res, { format, baseName: `obchody-${pragueDay(deps.now())}`, sheetName: 'Obchody', columns: DEAL_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/`,
    access: read,
    summary: `Deal detail; expand (comma list): ${DEAL_EXPANSIONS.join(', ')}`,
    tags,
    params: dealParams,
    query: expandQuery,
    responses: { 200: { description: 'Deal', schema: dealDetail }, ...e400, ...e404 },
    handler: ({ deps, params, query }) => getDeal(deps, params.id, query.expand),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:id/`,
    access: write,
    summary: 'Update a deal: type and value required, other fields left out keep their values. Not the state (POST /deals/{id}/state/)',
    tags,
    params: dealParams,
    body: dealUpdateRequest,
    responses: { 200: { description: 'Deal', schema: dealDetail }, ...e400, ...e404, ...e409('Typ a výše jen před aktivací; důvod uzavření jen u uzavřeného obchodu') },
    handler: ({ deps, params, body, principal, meta }) => updateDeal(deps, actor(principal, meta), params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:id/`,
    access: write,
    summary: 'Change some fields of a deal. Not the state (POST /deals/{id}/state/)',
    tags,
    params: dealParams,
    body: dealPatchRequest,
    responses: { 200: { description: 'Deal', schema: dealDetail }, ...e400, ...e404, ...e409('Typ a výše jen před aktivací; důvod uzavření jen u uzavřeného obchodu') },
    handler: ({ deps, params, body, principal, meta }) => updateDeal(deps, actor(principal, meta), params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/application_form/`,
    access: read,
    summary: "The application form of the deal's lead, as GET /leads/{id}/application_form/ answers it",
    tags,
    params: dealParams,
    responses: { 200: { description: 'Form', schema: staffApplicationForm }, ...e404 },
    handler: ({ deps, params }) => getDealApplicationForm(deps, params.id),
  }),

  ...subResourceRoutes({
    segment: 'participants',
    name: 'Participants',
    resource: () => participants as unknown as AnySubResource,
    view: dealParticipantView,
    create: dealParticipantRequest,
    patch: dealParticipantPatch,
    query: ordering(DEAL_PARTICIPANT_ORDERING_FIELDS, 'id').extend({ role: PersonRole.schema.optional() }),
    operations: all,
    updateAnswersNoContent: true,
    deleteRefusal: 'Poslední dlužník běžícího obchodu, nebo věřitel jeho pohledávek',
  }),
  ...subResourceRoutes({
    segment: 'label',
    name: 'Labels',
    resource: () => labels as unknown as AnySubResource,
    view: dealLabelView,
    create: dealLabelRequest,
    patch: dealLabelPatch,
    query: ordering(DEAL_LABEL_ORDERING_FIELDS, 'name'),
    operations: all,
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/notes/`,
    access: read,
    summary: 'Notes of a deal (paginated; newest first)',
    tags,
    params: subParams,
    query: ordering(DEAL_NOTE_ORDERING_FIELDS, '-created_at'),
    responses: { 200: { description: 'Page', schema: pageSchema(dealNoteView) }, ...e400, ...e404 },
    handler: ({ deps, params, query, req }) => listItems(deps, notesList, params.dealId, query as SubResourceQuery, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:dealId/notes/`,
    access: write,
    summary: 'Add a note to a deal (author: the calling staff user); notes are not edited or deleted',
    tags,
    params: subParams,
    body: dealNoteRequest,
    responses: { 201: { description: 'Created', schema: dealNoteView }, ...e400, ...e404 },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createDealNote(deps, actor(principal, meta), params.dealId, body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/realties/`,
    access: read,
    summary: "The deal's collateral realties (paginated): those in its realty groups and its lead's realty",
    tags,
    params: subParams,
    query: ordering(DEAL_REALTY_ORDERING_FIELDS, 'id'),
    responses: { 200: { description: 'Page', schema: pageSchema(dealRealtyView) }, ...e400, ...e404 },
    handler: ({ deps, params, query, req }) => listDealRealties(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/idm-evaluations/`,
    access: read,
    summary: "Credit (IDM) evaluations of the deal and of its lead (paginated; filter deal_model)",
    tags,
    params: subParams,
    query: ordering(DEAL_IDM_EVALUATION_ORDERING_FIELDS, '-created_at').extend({ deal_model: idQuery.optional() }),
    responses: { 200: { description: 'Page', schema: pageSchema(dealIdmEvaluationView) }, ...e400, ...e404 },
    handler: ({ deps, params, query, req }) => listDealIdmEvaluations(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/idm-evaluations/:id/`,
    access: read,
    summary: 'One credit (IDM) evaluation of the deal or its lead',
    tags,
    params: itemParams,
    responses: { 200: { description: 'Evaluation', schema: dealIdmEvaluationView }, ...e404 },
    handler: ({ deps, params }) => getDealIdmEvaluation(deps, params.dealId, params.id),
  }),
  ...subResourceRoutes({
    segment: 'debts',
    name: 'Debts',
    resource: () => debts as unknown as AnySubResource,
    view: dealDebtView,
    create: dealDebtRequest,
    patch: dealDebtPatch,
    query: ordering(DEAL_DEBT_ORDERING_FIELDS, 'id').extend({ deal_model: idQuery.optional() }),
    operations: all,
  }),
  ...subResourceRoutes({
    segment: 'obligations',
    name: 'Obligations',
    resource: (deps) => obligations(deps.now) as unknown as AnySubResource,
    view: dealObligationView,
    create: dealObligationRequest,
    patch: dealObligationPatch,
    query: ordering(DEAL_OBLIGATION_ORDERING_FIELDS, 'due_date').extend({ type: ObligationType.schema.optional(), fulfilled: fulfilledQuery.optional() }),
    operations: all,
    deleteRefusal: 'K povinnosti je evidováno porušení smlouvy',
  }),
  ...subResourceRoutes({
    segment: 'enforceable-claims',
    name: 'Enforceable claims',
    resource: () => enforceableClaims as unknown as AnySubResource,
    view: enforceableClaimView,
    create: enforceableClaimRequest,
    patch: enforceableClaimPatch,
    query: ordering(ENFORCEABLE_CLAIM_ORDERING_FIELDS, '-created_at').extend({ title_type: EnforceableTitleType.schema.optional() }),
    operations: all,
  }),
  ...subResourceRoutes({
    segment: 'claims-settings',
    name: 'Claims settings',
    resource: () => claimsSettings as unknown as AnySubResource,
    view: claimsSettingView,
    create: claimsSettingRequest,
    patch: claimsSettingPatch,
    query: ordering(CLAIMS_SETTING_ORDERING_FIELDS, 'type').extend({ type: ClaimType.schema.optional() }),
    operations: all,
    deleteRefusal: 'Podle nastavení už vznikly pohledávky',
  }),
];
