import { z } from './zod-config.ts';
import { list, type EndpointSpec } from './endpoint-spec.ts';
import { dealEndpoints } from './deals/deal-endpoints.ts';
import { dealModelEndpoints } from './deals/deal-model-endpoints.ts';
import { dealPartsEndpoints } from './deals/deal-parts-endpoints.ts';
import { paymentEndpoints } from './payment-endpoints.ts';
import { claimsStatementEndpoints } from './claims-statement-endpoints.ts';
import { collectionsEndpoints } from './collections-endpoints.ts';
import { reportingEndpoints } from './reporting-endpoints.ts';
import { realtyEndpoints } from './realty-endpoints.ts';
import { addressSuggestRequest, addressSuggestResponse } from './address.ts';
import { auditEntry } from './audit.ts';
import { searchResponse } from './search.ts';
import { approvalRejectRequest, approvalRequestView, fourEyesSetting, fourEyesSettingRequest } from './approvals.ts';
import { currentUser, logoutAllResponse, logoutRequest, refreshRequest, refreshResponse, tokenRequest, tokenResponse } from './auth.ts';
import { bankConnectionStart, bankStatementsValidation, documentsOverview, documentView } from './documents.ts';
import { createFormRequest, formResponse, questionRequest, submitFormRequest } from './forms/form-api.ts';
import { isirCaseView } from './isir.ts';
import {
  applicationClosedReasonList,
  callDataPatch,
  callDataRequest,
  callDataView,
  closeLeadRequest,
  idmCheckResult,
  idmEvaluationRequest,
  idmEvaluationView,
  incomeExpensePatch,
  incomeExpenseRequest,
  incomeExpenseView,
  leadDebtPatch,
  leadDebtRequest,
  leadDebtView,
  leadDetail,
  leadListItem,
  offerIssueResponse,
  offerRequest,
  resendFormResponse,
  staffApplicationForm,
} from './leads.ts';
import {
  blacklistEntry,
  blacklistEntryRequest,
  distraint,
  distraintPatchRequest,
  personAddress,
  personAddressRequest,
  personContact,
  personContactPatchRequest,
  personContactRequest,
  personCreateRequest,
  personDealItem,
  personDealRequest,
  personDetail,
  personLabel,
  personLabelRequest,
  personLead,
  personListItem,
  personPatchRequest,
  personSummary,
  personUpdateRequest,
  realtyRight,
  revealedIdentifiers,
  revealIdentifiersRequest,
} from './persons.ts';
import { runScreeningRequest, screeningDetail, screeningListItem, zobiAnswer } from './screenings.ts';

// The HTTP calls of the portal and the back-office with their contracts (ADR 0029): for each
// `METHOD /path/{param}/`, the request body and the answer's schema. The front-ends' client
// (`@lending/api-client`) takes its types from here (type-only, so no zod reaches a bundle),
// their unit tests and the e2e run parse every answer with these schemas, and an API test
// (apps/api/src/http/endpoints.test.ts) holds each entry to the route the API declares.
// Paths and parameter names are the API's (`:id` there, `{id}` here).

export { pageOf, type EndpointSpec } from './endpoint-spec.ts';

export const endpoints = {
  // Staff session
  'POST /api/v1/auth/token/': { body: tokenRequest, response: tokenResponse },
  'POST /api/v1/auth/token/refresh/': { body: refreshRequest, response: refreshResponse },
  'GET /api/v1/auth/me/': { response: currentUser },
  'POST /api/v1/auth/logout/': { body: logoutRequest },
  'POST /api/v1/auth/logout-all/': { response: logoutAllResponse },
  'GET /api/v1/audit-log/': list(auditEntry),
  'GET /api/v1/search/': { response: searchResponse },
  // Four-eyes approvals (ADR 0045)
  'GET /api/v1/approvals/': list(approvalRequestView),
  'GET /api/v1/approvals/settings/': { response: z.array(fourEyesSetting) },
  'PUT /api/v1/approvals/settings/{action}/': { body: fourEyesSettingRequest, response: fourEyesSetting },
  'GET /api/v1/approvals/{id}/': { response: approvalRequestView },
  'POST /api/v1/approvals/{id}/approve/': { response: approvalRequestView },
  'POST /api/v1/approvals/{id}/reject/': { body: approvalRejectRequest, response: approvalRequestView },
  'POST /api/v1/approvals/{id}/withdraw/': { response: approvalRequestView },

  // The applicant's form (portal)
  'POST /api/v1/forms/': { body: createFormRequest, response: formResponse },
  'GET /api/v1/forms/{token}/': { response: formResponse },
  'POST /api/v1/forms/{token}/submit/': { body: submitFormRequest, response: formResponse },
  // The answer depends on the question (the form, or the bank-statement status).
  'POST /api/v1/forms/{token}/question/': { body: questionRequest },
  'GET /api/v1/forms/{token}/documents/': { response: documentsOverview },
  'POST /api/v1/forms/{token}/documents/': { response: documentView },
  'GET /api/v1/forms/{token}/documents/{id}/': { file: true },
  'DELETE /api/v1/forms/{token}/documents/{id}/': {},
  'POST /api/v1/forms/{token}/documents/bank-statements/validate/': { response: bankStatementsValidation },
  'POST /api/v1/forms/{token}/bank-connection/': { response: bankConnectionStart },
  'POST /api/v1/address/suggest': { body: addressSuggestRequest, response: addressSuggestResponse },

  // Leads
  'GET /api/v1/leads/application-closed-reasons/': { response: applicationClosedReasonList },
  'GET /api/v1/leads/': list(leadListItem),
  'GET /api/v1/leads/export/': { file: true },
  'GET /api/v1/leads/{id}/': { response: leadDetail },
  'POST /api/v1/leads/{id}/close/': { body: closeLeadRequest, response: leadDetail },
  'POST /api/v1/leads/{id}/offer/': { body: offerRequest, response: offerIssueResponse },
  'GET /api/v1/leads/{id}/application_form/': { response: staffApplicationForm },
  'GET /api/v1/leads/{leadId}/application-form/{id}/documents/{documentId}/download/': { file: true },
  'POST /api/v1/leads/{leadId}/application-form/{id}/resend/': { response: resendFormResponse },
  'GET /api/v1/leads/{leadId}/idm-evaluations/': list(idmEvaluationView),
  'POST /api/v1/leads/{leadId}/idm-evaluations/': { body: idmEvaluationRequest, response: idmEvaluationView },
  'GET /api/v1/leads/{leadId}/idm-evaluations/{id}/check-result/': { response: idmCheckResult },
  'GET /api/v1/leads/{leadId}/call-data/': list(callDataView),
  'POST /api/v1/leads/{leadId}/call-data/': { body: callDataRequest, response: callDataView },
  'GET /api/v1/leads/{leadId}/call-data/{id}/': { response: callDataView },
  'PUT /api/v1/leads/{leadId}/call-data/{id}/': { body: callDataRequest, response: callDataView },
  'PATCH /api/v1/leads/{leadId}/call-data/{id}/': { body: callDataPatch, response: callDataView },
  'DELETE /api/v1/leads/{leadId}/call-data/{id}/': {},
  'GET /api/v1/leads/{leadId}/debt/': list(leadDebtView),
  'POST /api/v1/leads/{leadId}/debt/': { body: leadDebtRequest, response: leadDebtView },
  'GET /api/v1/leads/{leadId}/debt/{id}/': { response: leadDebtView },
  'PUT /api/v1/leads/{leadId}/debt/{id}/': { body: leadDebtRequest, response: leadDebtView },
  'PATCH /api/v1/leads/{leadId}/debt/{id}/': { body: leadDebtPatch, response: leadDebtView },
  'DELETE /api/v1/leads/{leadId}/debt/{id}/': {},
  'GET /api/v1/leads/{leadId}/incomes-expenses/': list(incomeExpenseView),
  'POST /api/v1/leads/{leadId}/incomes-expenses/': { body: incomeExpenseRequest, response: incomeExpenseView },
  'GET /api/v1/leads/{leadId}/incomes-expenses/{id}/': { response: incomeExpenseView },
  'PUT /api/v1/leads/{leadId}/incomes-expenses/{id}/': { body: incomeExpenseRequest, response: incomeExpenseView },
  'PATCH /api/v1/leads/{leadId}/incomes-expenses/{id}/': { body: incomeExpensePatch, response: incomeExpenseView },
  'DELETE /api/v1/leads/{leadId}/incomes-expenses/{id}/': {},

  // Persons
  'POST /api/v1/persons/': { body: personCreateRequest, response: personDetail },
  'GET /api/v1/persons/': list(personListItem),
  'GET /api/v1/persons/export/': { file: true },
  'GET /api/v1/persons/{id}/': { response: personDetail },
  'PUT /api/v1/persons/{id}/': { body: personUpdateRequest, response: personDetail },
  'PATCH /api/v1/persons/{id}/': { body: personPatchRequest, response: personDetail },
  'GET /api/v1/persons/{id}/person/': { response: personSummary },
  'POST /api/v1/persons/{id}/reveal-identifiers/': { body: revealIdentifiersRequest.optional(), response: revealedIdentifiers },
  'POST /api/v1/persons/{id}/lead/': { response: personLead },
  'POST /api/v1/persons/{personId}/address/': { body: personAddressRequest, response: personAddress },
  'PUT /api/v1/persons/{personId}/address/{id}/': { body: personAddressRequest, response: personAddress },
  'POST /api/v1/persons/{personId}/contact/': { body: personContactRequest, response: personContact },
  'PUT /api/v1/persons/{personId}/contact/{id}/': { body: personContactRequest, response: personContact },
  'PATCH /api/v1/persons/{personId}/contact/{id}/': { body: personContactPatchRequest, response: personContact },
  'POST /api/v1/persons/{personId}/blacklist/': { body: blacklistEntryRequest, response: blacklistEntry },
  'DELETE /api/v1/persons/{personId}/blacklist/{id}/': {},
  'POST /api/v1/persons/{personId}/labels/': { body: personLabelRequest, response: personLabel },
  'GET /api/v1/persons/{personId}/labels/': { response: z.array(personLabel) },
  'GET /api/v1/persons/{personId}/labels/{id}/': { response: personLabel },
  'DELETE /api/v1/persons/{personId}/labels/{id}/': {},
  'POST /api/v1/persons/{personId}/deals/': { body: personDealRequest, response: personDealItem },
  'GET /api/v1/persons/{personId}/deals/': list(personDealItem),
  'GET /api/v1/persons/{personId}/distraint/': { response: z.array(distraint) },
  'POST /api/v1/persons/{personId}/distraint/download/': { file: true },
  'GET /api/v1/persons/{personId}/distraint/{id}/': { response: distraint },
  'PATCH /api/v1/persons/{personId}/distraint/{id}/': { body: distraintPatchRequest, response: distraint },
  'GET /api/v1/persons/{personId}/realty-rights/': { response: z.array(realtyRight) },
  'POST /api/v1/persons/{personId}/realty-rights/download/': { file: true },
  'GET /api/v1/persons/{personId}/screenings/': list(screeningListItem),
  'POST /api/v1/persons/{personId}/screenings/': { body: runScreeningRequest, response: screeningDetail },
  'GET /api/v1/persons/{personId}/screenings/{id}/': { response: screeningDetail },
  'GET /api/v1/persons/{personId}/screenings/{id}/download/': { file: true },
  'GET /api/v1/persons/{personId}/screenings/{id}/zobi/': { response: zobiAnswer },
  'GET /api/v1/isir/': list(isirCaseView),
  'GET /api/v1/isir/{id}/': { response: isirCaseView },
  ...dealEndpoints,
  ...dealModelEndpoints,
  ...dealPartsEndpoints,
  ...paymentEndpoints,
  ...claimsStatementEndpoints,
  ...collectionsEndpoints,
  ...reportingEndpoints,
  ...realtyEndpoints,
} satisfies Record<string, EndpointSpec>;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The paths of one method: `PathOf<'GET'>` is every `/api/v1/…` a GET may ask for. */
export type PathOf<M extends Method> = { [K in EndpointKey]: K extends `${M} ${infer P}` ? P : never }[EndpointKey];
type SpecOf<M extends Method, P extends string> = `${M} ${P}` extends EndpointKey ? Endpoints[`${M} ${P}`] : never;

/** What a successful call answers (parsed JSON), `void` where the contract has no body. */
export type ResponseOf<M extends Method, P extends string> =
  | (SpecOf<M, P> extends { response: infer R extends z.ZodType } ? z.output<R> : void)
  | (SpecOf<M, P> extends { accepted: infer A extends z.ZodType } ? z.output<A> : never);
/** What a call may send: the input of its body schema (strings for amounts the API parses, say). */
export type BodyOf<M extends Method, P extends string> = SpecOf<M, P> extends { body: infer B extends z.ZodType } ? z.input<B> : unknown;
/** The `{name}` parts of a path template, as an object of their values. */
export type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name | keyof ParamsOf<Rest>]: string | number } : Record<never, never>;
/** Templates whose answer is a file. */
export type FilePathOf<M extends Method> = { [K in EndpointKey]: K extends `${M} ${infer P}` ? (Endpoints[K] extends { file: true } ? P : never) : never }[EndpointKey];

const templates = Object.keys(endpoints).map((key) => {
  const [method, path] = key.split(' ') as [Method, string];
  const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z_]+\}/g, '[^/]+')}$`);
  // Literal segments first: `/leads/export/` before `/leads/{id}/`.
  const literal = path.replace(/\{[A-Za-z_]+\}/g, '').length;
  return { key: key as EndpointKey, method, pattern, literal };
});
templates.sort((a, b) => b.literal - a.literal);

/** The contract of a concrete call (`GET`, `/api/v1/leads/12/`), or null for a path it does not list. */
export function matchEndpoint(method: string, pathname: string): { key: EndpointKey; spec: EndpointSpec } | null {
  const upper = method.toUpperCase();
  const found = templates.find((t) => t.method === upper && t.pattern.test(pathname));
  return found ? { key: found.key, spec: endpoints[found.key] } : null;
}

/**
 * Checks an answer against its contract; null when it fits (or the contract has no answer
 * schema), else the problems as "path: message" lines.
 */
export function contractProblems(key: EndpointKey, body: unknown): string[] | null {
  const spec: EndpointSpec = endpoints[key];
  // A four-eyes action's 202 (ADR 0045) answers its approval request instead.
  if (spec.accepted?.safeParse(body).success) return null;
  if (!spec.response) return null;
  const result = spec.response.safeParse(body);
  if (result.success) return null;
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
}
