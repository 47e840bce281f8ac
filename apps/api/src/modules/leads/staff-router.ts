import {
  applicationClosedReasonList,
  CALL_DATA_ORDERING_FIELDS,
  callDataPatch,
  callDataRequest,
  callDataView,
  closeLeadRequest,
  DealType,
  detailResponse,
  fieldErrorsResponse,
  IDM_EVALUATION_ORDERING_FIELDS,
  idmCheckResult,
  idmEvaluationRequest,
  idmEvaluationView,
  INCOME_EXPENSE_ORDERING_FIELDS,
  IncomeExpenseKind,
  incomeExpensePatch,
  incomeExpenseRequest,
  incomeExpenseView,
  LEAD_DEBT_ORDERING_FIELDS,
  LEAD_ORDERING_FIELDS,
  leadDebtPatch,
  leadDebtRequest,
  leadDebtView,
  leadDetail,
  leadListItem,
  LeadSource,
  LeadState,
  offerIssueResponse,
  offerRequest,
  resendFormResponse,
  staffApplicationForm,
  z,
} from '@lending/contracts';
import { staffOf } from '../../http/auth.ts';
import { sendFile } from '../../http/file-response.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { commaList, dateQuery } from '../../http/query.ts';
import { access, defineRoute, Reply, type RequestMeta, type RouteDef } from '../../http/routes.ts';
import type { Principal } from '../../http/auth.ts';
import { closeLead } from './close-lead.ts';
import { getIdmCheckResult } from './get-idm-check-result.ts';
import { getLead } from './get-lead.ts';
import { getLeadApplicationForm } from './get-lead-application-form.ts';
import { getLeadDocumentFile } from './get-lead-document-file.ts';
import { issueOffer } from './issue-offer.ts';
import { listClosedReasons } from './list-closed-reasons.ts';
import { listIdmEvaluations } from './list-idm-evaluations.ts';
import { listLeads } from './list-leads.ts';
import { exportLeads, LEAD_EXPORT_COLUMNS } from './export-leads.ts';
import { exportFormatQuery, pragueDay, sendTable } from '../../http/table-export.ts';
import { createCallData } from './call-data/create-call-data.ts';
import { deleteCallData } from './call-data/delete-call-data.ts';
import { getCallData } from './call-data/get-call-data.ts';
import { listCallData } from './call-data/list-call-data.ts';
import { updateCallData } from './call-data/update-call-data.ts';
import { createDebt } from './debts/create-debt.ts';
import { deleteDebt } from './debts/delete-debt.ts';
import { getDebt } from './debts/get-debt.ts';
import { listDebts } from './debts/list-debts.ts';
import { updateDebt } from './debts/update-debt.ts';
import { createIncomeExpense } from './incomes-expenses/create-income-expense.ts';
import { deleteIncomeExpense } from './incomes-expenses/delete-income-expense.ts';
import { getIncomeExpense } from './incomes-expenses/get-income-expense.ts';
import { listIncomesExpenses } from './incomes-expenses/list-incomes-expenses.ts';
import { updateIncomeExpense } from './incomes-expenses/update-income-expense.ts';
import { resendApplicationForm } from './resend-application-form.ts';
import { runIdmEvaluation } from './run-idm-evaluation.ts';

// The staff Leads API (backoffice.md §7 "Leads"; docs/decisions/0008-leads-offers-idm.md).
// Every staff role reads; writes belong to ADMIN and UNDERWRITER (VIEWER, COLLECTIONS and
// ACCOUNTANT get 403). Order matters: /leads/application-closed-reasons/ precedes /leads/:id/.

const tags = ['leads'];
const WRITERS = ['ADMIN', 'UNDERWRITER'] as const;
const read = access.staff();
const write = access.staff(WRITERS);

/** A path id: a positive 32-bit integer written plainly; anything else is a 404. */
const pathId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
const leadParams = z.object({ id: pathId });
const subParams = z.object({ leadId: pathId });
const itemParams = z.object({ leadId: pathId, id: pathId });
const documentParams = z.object({ leadId: pathId, id: pathId, documentId: pathId });

const actor = (principal: Principal, meta: RequestMeta) => ({ staffId: staffOf(principal).id, meta });

const e400 = { 400: { description: 'Neplatná data: české zprávy podle polí', schema: fieldErrorsResponse } };
const e404 = { 404: { description: 'Lead (nebo položka) nenalezen', schema: detailResponse } };
const e409 = (description: string) => ({ 409: { description, schema: detailResponse } });

const leadListQuery = pageQuery.extend({
  ordering: orderingQuery(LEAD_ORDERING_FIELDS, '-created_at'),
  person: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  // Our additions for the back-office list (docs/decisions/0008).
  state: commaList(LeadState.schema).optional(),
  source: LeadSource.schema.optional(),
  deal_type: DealType.schema.optional(),
  search: z.string().trim().max(200).optional(),
  created_from: dateQuery.optional(),
  created_to: dateQuery.optional(),
});

// The export takes the list's filters and ordering, without paging.
const leadExportQuery = leadListQuery.omit({ page: true, page_size: true }).extend({ format: exportFormatQuery });

/** GET list, POST, GET/PUT/PATCH/DELETE item of one resource under /leads/{leadId}/. */
function crudRoutes<V extends z.ZodType, C extends z.ZodType, P extends z.ZodType, Q extends z.ZodType>(def: {
  segment: string;
  name: string;
  view: V;
  create: C;
  patch: P;
  query: Q;
  list: (deps: Parameters<RouteDef['handler']>[0]['deps'], leadId: number, query: z.output<Q>, url: string) => Promise<unknown>;
  get: (deps: Parameters<RouteDef['handler']>[0]['deps'], leadId: number, id: number) => Promise<unknown>;
  createFn: (deps: Parameters<RouteDef['handler']>[0]['deps'], leadId: number, body: z.output<C>, a: ReturnType<typeof actor>) => Promise<unknown>;
  update: (
    deps: Parameters<RouteDef['handler']>[0]['deps'],
    ids: { leadId: number; id: number },
    body: z.output<P>,
    a: ReturnType<typeof actor>,
    options: { replace: boolean },
  ) => Promise<unknown>;
  remove: (deps: Parameters<RouteDef['handler']>[0]['deps'], ids: { leadId: number; id: number }, a: ReturnType<typeof actor>) => Promise<void>;
}): RouteDef[] {
  const base = `/api/v1/leads/:leadId/${def.segment}/`;
  const item = `${base}:id/`;
  return [
    defineRoute({
      method: 'get',
      path: base,
      access: read,
      summary: `${def.name} of a lead (paginated)`,
      tags,
      params: subParams,
      query: def.query,
      responses: { 200: { description: 'Page', schema: pageSchema(def.view) }, ...e400, ...e404 },
      handler: ({ deps, params, query, req }) => def.list(deps, params.leadId, query as z.output<Q>, requestUrl(req)),
    }),
    defineRoute({
      method: 'post',
      path: base,
      access: write,
      summary: `Add ${def.name.toLowerCase()} to a lead`,
      tags,
      params: subParams,
      body: def.create,
      responses: { 201: { description: 'Created', schema: def.view }, ...e400, ...e404 },
      handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await def.createFn(deps, params.leadId, body as z.output<C>, actor(principal, meta))),
    }),
    defineRoute({
      method: 'get',
      path: item,
      access: read,
      summary: `One ${def.name.toLowerCase()} of a lead`,
      tags,
      params: itemParams,
      responses: { 200: { description: 'Item', schema: def.view }, ...e404 },
      handler: ({ deps, params }) => def.get(deps, params.leadId, params.id),
    }),
    defineRoute({
      method: 'put',
      path: item,
      access: write,
      summary: `Replace ${def.name.toLowerCase()} (fields left out are reset)`,
      tags,
      params: itemParams,
      body: def.create,
      responses: { 200: { description: 'Replaced', schema: def.view }, ...e400, ...e404 },
      handler: ({ deps, params, body, principal, meta }) => def.update(deps, params, body as z.output<P>, actor(principal, meta), { replace: true }),
    }),
    defineRoute({
      method: 'patch',
      path: item,
      access: write,
      summary: `Change some fields of ${def.name.toLowerCase()}`,
      tags,
      params: itemParams,
      body: def.patch,
      responses: { 200: { description: 'Changed', schema: def.view }, ...e400, ...e404 },
      handler: ({ deps, params, body, principal, meta }) => def.update(deps, params, body as z.output<P>, actor(principal, meta), { replace: false }),
    }),
    defineRoute({
      method: 'delete',
      path: item,
      access: write,
      summary: `Delete ${def.name.toLowerCase()}`,
      tags,
      params: itemParams,
      responses: { 204: { description: 'Deleted' }, ...e404 },
      handler: async ({ deps, params, principal, meta }) => {
        await def.remove(deps, params, actor(principal, meta));
        return new Reply(204);
      },
    }),
  ];
}

export const staffLeadRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/application-closed-reasons/',
    access: read,
    summary: 'Reasons a lead can be closed with (active ones, in order)',
    tags,
    responses: { 200: { description: 'Reasons', schema: applicationClosedReasonList } },
    handler: ({ deps }) => listClosedReasons(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/',
    access: read,
    summary:
      'Leads (paginated). Spec: ordering (id, created_at, updated_at, value, state), page, page_size, person. ' +
      'Our additions: state (comma list), source, deal_type, search (name, e-mail, phone, lead id), created_from, created_to (YYYY-MM-DD, inclusive)',
    tags,
    query: leadListQuery,
    responses: { 200: { description: 'Page of leads', schema: pageSchema(leadListItem) }, ...e400, 404: { description: 'Neplatná stránka', schema: detailResponse } },
    handler: ({ deps, query, req }) => listLeads(deps, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/export/',
    access: read,
    summary: 'The leads list of these filters and ordering as a CSV or XLSX file (format=csv|xlsx; columns of the back-office list; streamed). Our addition (docs/decisions/0016)',
    tags,
    query: leadExportQuery,
    responses: { 200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' }, ...e400 },
    handler: async ({ deps, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportLeads(deps, actor(principal, meta), filters);
      return sendTable(res, { format, baseName: `zadosti-${pragueDay(deps.now())}`, sheetName: 'Žádosti', columns: LEAD_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:id/',
    access: read,
    summary: 'Lead detail: person, parties, UTM, latest application form, offers, closing',
    tags,
    params: leadParams,
    responses: { 200: { description: 'Lead', schema: leadDetail }, ...e404 },
    handler: ({ deps, params }) => getLead(deps, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:id/close/',
    access: write,
    summary: 'Close a lead with a reason (id or code from application-closed-reasons) and an optional note',
    tags,
    params: leadParams,
    body: closeLeadRequest,
    responses: { 200: { description: 'The closed lead', schema: leadDetail }, ...e400, ...e404, ...e409('Lead je již uzavřen nebo převeden na obchod') },
    handler: ({ deps, params, body, principal, meta }) => closeLead(deps, params.id, body, actor(principal, meta)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:id/offer/',
    access: write,
    summary:
      'Issue a regular ({kind: REGULAR, value, installment_value}) or irregular ({kind: IRREGULAR, claim_groups}) offer; ' +
      'e-mails the applicant the portal link /dokumenty?token=…&offer=… (or &irregular_offer=…). Bounds of the lead’s loan type apply',
    tags,
    params: leadParams,
    // Validated by issueOffer after the lead's state: a lead that cannot get an offer answers 409
    // with the reason whatever the body holds (a business refusal is not a form error), and the
    // bounds are those of the lead's loan type.
    rawBody: { contentType: 'application/json', schema: offerRequest },
    responses: {
      201: { description: 'Offer stored, lead OFFER_SENT, e-mail queued', schema: offerIssueResponse },
      ...e400,
      ...e404,
      ...e409('Lead je uzavřen, nabídka již přijata, chybí žádost (nebo je uzavřena) či e-mail žadatele'),
    },
    handler: async ({ deps, params, req, principal, meta }) => new Reply(201, await issueOffer(deps, params.id, req.body, actor(principal, meta))),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:id/application_form/',
    access: read,
    summary: "The lead's latest application form for staff: data unmasked, documents with staff download links",
    tags,
    params: leadParams,
    responses: { 200: { description: 'Form', schema: staffApplicationForm }, ...e404 },
    handler: ({ deps, params }) => getLeadApplicationForm(deps, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/application-form/:id/documents/:documentId/download/',
    access: read,
    summary: 'Download a file uploaded to a form of the lead (our addition; Content-Disposition with RFC 5987 filename*)',
    tags,
    params: documentParams,
    responses: { 200: { description: 'The file, in its stored type', contentType: 'application/octet-stream' }, ...e404 },
    handler: async ({ deps, params, res }) => {
      await sendFile(res, await getLeadDocumentFile(deps, { leadId: params.leadId, formId: params.id, documentId: params.documentId }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/application-form/:id/resend/',
    access: write,
    summary: "Queue the e-mail 'Pokračujte ve své žádosti o úvěr' with the portal resume link to the applicant",
    tags,
    params: itemParams,
    responses: {
      202: { description: 'E-mail queued in the outbox', schema: resendFormResponse },
      ...e404,
      ...e409('Žádost je uzavřena, nebo žadatel nemá e-mail'),
    },
    handler: async ({ deps, params, principal, meta }) =>
      new Reply(202, await resendApplicationForm(deps, { leadId: params.leadId, formId: params.id }, actor(principal, meta))),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/idm-evaluations/',
    access: read,
    summary: 'Credit (IDM) evaluations of a lead (paginated; filter deal_model)',
    tags,
    params: subParams,
    query: pageQuery.extend({
      deal_model: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      ordering: orderingQuery(IDM_EVALUATION_ORDERING_FIELDS, '-created_at'),
    }),
    responses: { 200: { description: 'Page', schema: pageSchema(idmEvaluationView) }, ...e400, ...e404 },
    handler: ({ deps, params, query, req }) => listIdmEvaluations(deps, params.leadId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/idm-evaluations/',
    access: write,
    summary:
      'Run a credit evaluation now from the incomes/expenses and debts: DSTI, DTI, free income, decision APPROVE / REJECT / MANUAL_REVIEW. ' +
      'Body required ({} uses the lead’s amounts)',
    tags,
    params: subParams,
    body: idmEvaluationRequest,
    responses: { 201: { description: 'The finished evaluation', schema: idmEvaluationView }, ...e400, ...e404 },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await runIdmEvaluation(deps, params.leadId, body, actor(principal, meta))),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/idm-evaluations/:id/check-result/',
    access: read,
    summary: 'State, decision, DSTI, DTI, free income and reasons of an evaluation',
    tags,
    params: itemParams,
    responses: { 200: { description: 'Result', schema: idmCheckResult }, ...e404 },
    handler: ({ deps, params }) => getIdmCheckResult(deps, params.leadId, params.id),
  }),
  ...crudRoutes({
    segment: 'call-data',
    name: 'Call records',
    view: callDataView,
    create: callDataRequest,
    patch: callDataPatch,
    query: pageQuery.extend({ ordering: orderingQuery(CALL_DATA_ORDERING_FIELDS, '-called_at') }),
    list: listCallData,
    get: getCallData,
    createFn: createCallData,
    update: updateCallData,
    remove: deleteCallData,
  }),
  ...crudRoutes({
    segment: 'debt',
    name: 'Debts',
    view: leadDebtView,
    create: leadDebtRequest,
    patch: leadDebtPatch,
    query: pageQuery.extend({ ordering: orderingQuery(LEAD_DEBT_ORDERING_FIELDS, 'id') }),
    list: listDebts,
    get: getDebt,
    createFn: createDebt,
    update: updateDebt,
    remove: deleteDebt,
  }),
  ...crudRoutes({
    segment: 'incomes-expenses',
    name: 'Incomes and expenses',
    view: incomeExpenseView,
    create: incomeExpenseRequest,
    patch: incomeExpensePatch,
    query: pageQuery.extend({
      kind: IncomeExpenseKind.schema.optional(),
      ordering: orderingQuery(INCOME_EXPENSE_ORDERING_FIELDS, 'kind,id'),
    }),
    list: listIncomesExpenses,
    get: getIncomeExpense,
    createFn: createIncomeExpense,
    update: updateIncomeExpense,
    remove: deleteIncomeExpense,
  }),
];
