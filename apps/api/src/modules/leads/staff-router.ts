import {
  applicationClosedReasonList,
  callDataListQuery,
  callDataPatch,
  callDataRequest,
  callDataView,
  closeLeadRequest,
  idmCheckResult,
  idmEvaluationListQuery,
  idmEvaluationRequest,
  idmEvaluationView,
  incomeExpenseListQuery,
  incomeExpensePatch,
  incomeExpenseRequest,
  incomeExpenseView,
  leadDebtListQuery,
  leadDebtPatch,
  leadDebtRequest,
  leadDebtView,
  leadDetail,
  leadExportQuery,
  leadListItem,
  leadListQuery,
  offerIssueResponse,
  offerRequest,
  pageOf,
  resendFormResponse,
  staffApplicationForm,
} from '@lending/contracts';
import { today } from '../../domain/dates.ts';
import { sendFile } from '../../http/file-response.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { sendTable } from '../../http/table-export.ts';
import { createCallData } from './call-data/create-call-data.ts';
import { deleteCallData } from './call-data/delete-call-data.ts';
import { getCallData } from './call-data/get-call-data.ts';
import { listCallData } from './call-data/list-call-data.ts';
import { updateCallData } from './call-data/update-call-data.ts';
import { closeLead } from './close-lead.ts';
import { createDebt } from './debts/create-debt.ts';
import { deleteDebt } from './debts/delete-debt.ts';
import { getDebt } from './debts/get-debt.ts';
import { listDebts } from './debts/list-debts.ts';
import { updateDebt } from './debts/update-debt.ts';
import { exportLeads, LEAD_EXPORT_COLUMNS } from './export-leads.ts';
import { getIdmCheckResult } from './get-idm-check-result.ts';
import { getLead } from './get-lead.ts';
import { getLeadApplicationForm } from './get-lead-application-form.ts';
import { getLeadDocumentFile } from './get-lead-document-file.ts';
import { createIncomeExpense } from './incomes-expenses/create-income-expense.ts';
import { deleteIncomeExpense } from './incomes-expenses/delete-income-expense.ts';
import { getIncomeExpense } from './incomes-expenses/get-income-expense.ts';
import { listIncomesExpenses } from './incomes-expenses/list-incomes-expenses.ts';
import { updateIncomeExpense } from './incomes-expenses/update-income-expense.ts';
import { issueOffer } from './issue-offer.ts';
import { listClosedReasons } from './list-closed-reasons.ts';
import { listIdmEvaluations } from './list-idm-evaluations.ts';
import { listLeads } from './list-leads.ts';
import { resendApplicationForm } from './resend-application-form.ts';
import { runIdmEvaluation } from './run-idm-evaluation.ts';

// The staff Leads API (backoffice.md §7 "Leads"; docs/decisions/0008-leads-offers-idm.md).
// Every staff role reads; writes need `leads.write` (ADMIN and UNDERWRITER; docs/decisions/0044).
// Order matters: /leads/application-closed-reasons/ and /leads/export/
// precede /leads/:id/.

const tags = ['leads'];
const notFound = notFoundDoc('lead (or its item)');

export const staffLeadRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/application-closed-reasons/',
    access: access.staff('staff.read'),
    summary: 'Reasons a lead can be closed with (active ones, in order)',
    tags,
    responses: { 200: { description: 'Reasons', schema: applicationClosedReasonList } },
    handler: ({ deps, actor }) => listClosedReasons(deps, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/',
    access: access.staff('staff.read'),
    summary:
      'Leads (paginated). Spec: ordering (id, created_at, updated_at, value, state), page, page_size, person. ' +
      'Our additions: state (comma list), source, deal_type, search (name, e-mail, phone, lead id), created_from, created_to (YYYY-MM-DD, inclusive)',
    tags,
    query: leadListQuery,
    responses: { 200: { description: 'Page of leads', schema: pageOf(leadListItem) }, ...badInput, ...notFoundDoc('page') },
    handler: ({ deps, actor, query }) => listLeads(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/export/',
    access: access.staff('staff.read'),
    summary: 'The leads list of these filters and ordering as a CSV or XLSX file (format=csv|xlsx; columns of the back-office list; streamed). Our addition (docs/decisions/0016)',
    tags,
    query: leadExportQuery,
    responses: { 200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' }, ...badInput },
    handler: async ({ deps, actor, query, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportLeads(deps, actor, filters);
      return sendTable(res, { format, baseName: `zadosti-${today(deps)}`, sheetName: 'Žádosti', columns: LEAD_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:id/',
    access: access.staff('staff.read'),
    summary: 'Lead detail: person, parties, UTM, latest application form, offers, closing',
    tags,
    responses: { 200: { description: 'Lead', schema: leadDetail }, ...notFound },
    handler: ({ deps, actor, params }) => getLead(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:id/close/',
    access: access.staff('leads.write'),
    summary: 'Close a lead with a reason (id or code from application-closed-reasons) and an optional note',
    tags,
    body: closeLeadRequest,
    responses: { 200: { description: 'The closed lead', schema: leadDetail }, ...badInput, ...notFound, ...refusedDoc('Lead je již uzavřen nebo převeden na obchod') },
    handler: ({ deps, actor, params, body }) => closeLead(deps, actor, { leadId: params.id, closing: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:id/offer/',
    access: access.staff('leads.write'),
    summary:
      'Issue a regular ({kind: REGULAR, value, installment_value}) or irregular ({kind: IRREGULAR, claim_groups}) offer; ' +
      'e-mails the applicant the portal link /dokumenty?token=…&offer=… (or &irregular_offer=…). Bounds of the lead’s loan type apply',
    tags,
    // Validated by issueOffer after the lead's state: a lead that cannot get an offer answers 409
    // with the reason whatever the body holds (a business refusal is not a form error), and the
    // bounds are those of the lead's loan type.
    rawBody: { contentType: 'application/json', schema: offerRequest },
    responses: {
      201: { description: 'Offer stored, lead OFFER_SENT, e-mail queued', schema: offerIssueResponse },
      ...badInput,
      ...notFound,
      ...refusedDoc('Lead je uzavřen, nabídka již přijata, chybí žádost (nebo je uzavřena) či e-mail žadatele'),
    },
    handler: async ({ deps, actor, params, req }) => new Reply(201, await issueOffer(deps, actor, { leadId: params.id, offer: req.body as unknown })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:id/application_form/',
    access: access.staff('staff.read'),
    summary: "The lead's latest application form for staff: data unmasked, documents with staff download links",
    tags,
    responses: { 200: { description: 'Form', schema: staffApplicationForm }, ...notFound },
    handler: ({ deps, actor, params }) => getLeadApplicationForm(deps, actor, { leadId: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/application-form/:id/documents/:documentId/download/',
    access: access.staff('staff.read'),
    summary: 'Download a file uploaded to a form of the lead (our addition; Content-Disposition with RFC 5987 filename*)',
    tags,
    responses: { 200: { description: 'The file, in its stored type', contentType: 'application/octet-stream' }, ...notFound },
    handler: async ({ deps, actor, params, res }) => {
      await sendFile(res, await getLeadDocumentFile(deps, actor, { leadId: params.leadId, formId: params.id, documentId: params.documentId }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/application-form/:id/resend/',
    access: access.staff('leads.write'),
    summary: "Queue the e-mail 'Pokračujte ve své žádosti o úvěr' with the portal resume link to the applicant",
    tags,
    responses: { 202: { description: 'E-mail queued in the outbox', schema: resendFormResponse }, ...notFound, ...refusedDoc('Žádost je uzavřena, nebo žadatel nemá e-mail') },
    handler: async ({ deps, actor, params }) => new Reply(202, await resendApplicationForm(deps, actor, { leadId: params.leadId, formId: params.id })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/idm-evaluations/',
    access: access.staff('staff.read'),
    summary: 'Credit (IDM) evaluations of a lead (paginated; filter deal_model)',
    tags,
    query: idmEvaluationListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(idmEvaluationView) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listIdmEvaluations(deps, actor, { ...query, leadId: params.leadId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/idm-evaluations/',
    access: access.staff('leads.write'),
    summary:
      'Run a credit evaluation now from the incomes/expenses and debts: DSTI, DTI, free income, decision APPROVE / REJECT / MANUAL_REVIEW. ' +
      'Body required ({} uses the lead’s amounts)',
    tags,
    body: idmEvaluationRequest,
    responses: { 201: { description: 'The finished evaluation', schema: idmEvaluationView }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await runIdmEvaluation(deps, actor, { leadId: params.leadId, request: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/idm-evaluations/:id/check-result/',
    access: access.staff('staff.read'),
    summary: 'State, decision, DSTI, DTI, free income and reasons of an evaluation',
    tags,
    responses: { 200: { description: 'Result', schema: idmCheckResult }, ...notFound },
    handler: ({ deps, actor, params }) => getIdmCheckResult(deps, actor, { leadId: params.leadId, id: params.id }),
  }),

  // Call records of a lead.
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/call-data/',
    access: access.staff('staff.read'),
    summary: 'Call records of a lead (paginated)',
    tags,
    query: callDataListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(callDataView) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listCallData(deps, actor, { ...query, leadId: params.leadId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/call-data/',
    access: access.staff('leads.write'),
    summary: 'Add a call record to a lead',
    tags,
    body: callDataRequest,
    responses: { 201: { description: 'Created', schema: callDataView }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createCallData(deps, actor, { leadId: params.leadId, call: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/call-data/:id/',
    access: access.staff('staff.read'),
    summary: 'One call record of a lead',
    tags,
    responses: { 200: { description: 'Item', schema: callDataView }, ...notFound },
    handler: ({ deps, actor, params }) => getCallData(deps, actor, { leadId: params.leadId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/leads/:leadId/call-data/:id/',
    access: access.staff('leads.write'),
    summary: 'Replace a call record (fields left out are reset)',
    tags,
    body: callDataRequest,
    responses: { 200: { description: 'Replaced', schema: callDataView }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateCallData(deps, actor, { leadId: params.leadId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/leads/:leadId/call-data/:id/',
    access: access.staff('leads.write'),
    summary: 'Change some fields of a call record',
    tags,
    body: callDataPatch,
    responses: { 200: { description: 'Changed', schema: callDataView }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateCallData(deps, actor, { leadId: params.leadId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/leads/:leadId/call-data/:id/',
    access: access.staff('leads.write'),
    summary: 'Delete a call record',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound },
    handler: async ({ deps, actor, params }) => {
      await deleteCallData(deps, actor, { leadId: params.leadId, id: params.id });
      return new Reply(204);
    },
  }),

  // The applicant's existing debts.
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/debt/',
    access: access.staff('staff.read'),
    summary: 'Debts of a lead (paginated)',
    tags,
    query: leadDebtListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(leadDebtView) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listDebts(deps, actor, { ...query, leadId: params.leadId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/debt/',
    access: access.staff('leads.write'),
    summary: 'Add a debt to a lead',
    tags,
    body: leadDebtRequest,
    responses: { 201: { description: 'Created', schema: leadDebtView }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createDebt(deps, actor, { leadId: params.leadId, debt: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/debt/:id/',
    access: access.staff('staff.read'),
    summary: 'One debt of a lead',
    tags,
    responses: { 200: { description: 'Item', schema: leadDebtView }, ...notFound },
    handler: ({ deps, actor, params }) => getDebt(deps, actor, { leadId: params.leadId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/leads/:leadId/debt/:id/',
    access: access.staff('leads.write'),
    summary: 'Replace a debt (fields left out are reset)',
    tags,
    body: leadDebtRequest,
    responses: { 200: { description: 'Replaced', schema: leadDebtView }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateDebt(deps, actor, { leadId: params.leadId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/leads/:leadId/debt/:id/',
    access: access.staff('leads.write'),
    summary: 'Change some fields of a debt',
    tags,
    body: leadDebtPatch,
    responses: { 200: { description: 'Changed', schema: leadDebtView }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateDebt(deps, actor, { leadId: params.leadId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/leads/:leadId/debt/:id/',
    access: access.staff('leads.write'),
    summary: 'Delete a debt',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound },
    handler: async ({ deps, actor, params }) => {
      await deleteDebt(deps, actor, { leadId: params.leadId, id: params.id });
      return new Reply(204);
    },
  }),

  // Monthly incomes and expenses of the household.
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/incomes-expenses/',
    access: access.staff('staff.read'),
    summary: 'Incomes and expenses of a lead (paginated)',
    tags,
    query: incomeExpenseListQuery,
    responses: { 200: { description: 'Page', schema: pageOf(incomeExpenseView) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listIncomesExpenses(deps, actor, { ...query, leadId: params.leadId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:leadId/incomes-expenses/',
    access: access.staff('leads.write'),
    summary: 'Add an income or expense to a lead',
    tags,
    body: incomeExpenseRequest,
    responses: { 201: { description: 'Created', schema: incomeExpenseView }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createIncomeExpense(deps, actor, { leadId: params.leadId, incomeExpense: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:leadId/incomes-expenses/:id/',
    access: access.staff('staff.read'),
    summary: 'One income or expense of a lead',
    tags,
    responses: { 200: { description: 'Item', schema: incomeExpenseView }, ...notFound },
    handler: ({ deps, actor, params }) => getIncomeExpense(deps, actor, { leadId: params.leadId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/leads/:leadId/incomes-expenses/:id/',
    access: access.staff('leads.write'),
    summary: 'Replace an income or expense (fields left out are reset)',
    tags,
    body: incomeExpenseRequest,
    responses: { 200: { description: 'Replaced', schema: incomeExpenseView }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateIncomeExpense(deps, actor, { leadId: params.leadId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/leads/:leadId/incomes-expenses/:id/',
    access: access.staff('leads.write'),
    summary: 'Change some fields of an income or expense',
    tags,
    body: incomeExpensePatch,
    responses: { 200: { description: 'Changed', schema: incomeExpenseView }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateIncomeExpense(deps, actor, { leadId: params.leadId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/leads/:leadId/incomes-expenses/:id/',
    access: access.staff('leads.write'),
    summary: 'Delete an income or expense',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound },
    handler: async ({ deps, actor, params }) => {
      await deleteIncomeExpense(deps, actor, { leadId: params.leadId, id: params.id });
      return new Reply(204);
    },
  }),
];
