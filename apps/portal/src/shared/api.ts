import type { AddressSuggestRequestInput, BankStatementsStatus, DocumentCategory, DocumentView, FormResponse, FormType, SubmitStep } from '@lending/contracts';
import { ApiError, createApiClient } from '@lending/api-client';
import { pluralCs } from '@lending/ui';
import { showToast } from './toast';

// Types only from contracts: its runtime (zod, libphonenumber) must stay out of the first load.

export const SERVER_ERROR_MESSAGE = 'Došlo k chybě na serveru. Zkuste to prosím později.';
/** A 429 without the API's own message (a proxy's, say): the wait still comes from Retry-After. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Příliš mnoho požadavků z Vaší sítě.';

/** "za 45 sekund", "za 3 minuty": when to try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `za ${seconds} ${pluralCs(seconds, { zero: 'sekund', one: 'sekundu', few: 'sekundy', many: 'sekund' })}`;
  const minutes = Math.ceil(seconds / 60);
  return `za ${minutes} ${pluralCs(minutes, { zero: 'minut', one: 'minutu', few: 'minuty', many: 'minut' })}`;
}

/**
 * What to tell the applicant after too many requests: the API's message, which says whose
 * requests and when to try again; without one, ours with the wait from Retry-After.
 */
export function tooManyRequestsText(error: ApiError): string {
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string' && detail) return detail;
  const wait = error.retryAfter ? waitText(error.retryAfter) : 'za chvíli';
  return `${TOO_MANY_REQUESTS_MESSAGE} Zkuste to prosím znovu ${wait}.`;
}

/** The client already told the applicant (our fault, or too many requests): callers add nothing. */
export function alreadyReported(error: unknown): boolean {
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}

/** A 429: the client's toast says when to try again, a generic failure message would only blur it. */
export function isTooManyRequests(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/**
 * The applicant portal has no login: the form token travels in the path or query, so the client
 * (@lending/api-client, ADR 0029) needs no session. Any 5xx tells the applicant that the fault
 * is ours (portal.md §7); a 429 tells them when to try again, shown until the wait is over (8–60 s).
 */
export const client = createApiClient({
  onError(error) {
    if (error.status >= 500) showToast(SERVER_ERROR_MESSAGE, 'error');
    else if (error.status === 429) showToast(tooManyRequestsText(error), 'error', Math.min(60, Math.max(8, error.retryAfter ?? 0)) * 1000);
  },
});

/** The form as the portal reads it, with the unmasked data for prefilling the steps. */
export type FormView = FormResponse & { raw_data?: Record<string, unknown> };

export interface Utm {
  utm_source?: string;
  utm_campaign?: string;
  utm_medium?: string;
}

export type TokenAction =
  | 'getting form'
  | 'submitting basic deal info'
  | 'submitting person info'
  | 'submitting banking info'
  | 'submitting collateral info'
  | 'submitting documents'
  | 'evaluating requisition status'
  | 'applying offer'
  | 'applying irregular offer'
  | 'creating debtor'
  | 'documents';

/** Every call that needs the token refuses to send without it (portal.md §7). */
export function requireToken(token: string | null | undefined, action: TokenAction): string {
  if (!token) throw new Error(`Token is required for ${action}`);
  return token;
}

const formPath = (token: string) => `/api/v1/forms/${encodeURIComponent(token)}`;

export const formKey = (token: string) => client.url('/api/v1/forms/{token}/', { params: { token }, query: { raw_data: true } });
export const documentsKey = (token: string) => client.url('/api/v1/forms/{token}/documents/', { params: { token } });

function submit(token: string | null | undefined, action: TokenAction, step: SubmitStep, data: Record<string, unknown>) {
  return client.post<FormView>(`${formPath(requireToken(token, action))}/submit/`, { step, data });
}

/** The question endpoint answers by question: the form, or the bank-statement status. */
function question<T>(token: string | null | undefined, action: TokenAction, body: Record<string, unknown>) {
  return client.post<T>(`${formPath(requireToken(token, action))}/question/`, body);
}

export const api = {
  getForm: (token: string | null | undefined) => client.get<FormView>(formKey(requireToken(token, 'getting form'))),

  createForm: (type: FormType, loan: Record<string, unknown>, utm: Utm) => client.post<FormView>('/api/v1/forms/', { type, ...loan }, { query: { ...utm } }),

  submitBasicDealInfo: (token: string | null | undefined, data: Record<string, unknown>) => submit(token, 'submitting basic deal info', 'BASIC_DEAL_INFO', data),
  submitPersonInfo: (token: string | null | undefined, data: Record<string, unknown>) => submit(token, 'submitting person info', 'PERSON_INFO', data),
  submitBankingInfo: (token: string | null | undefined) => submit(token, 'submitting banking info', 'BANKING_INFO', {}),
  submitCollateralInfo: (token: string | null | undefined, data: Record<string, unknown>) => submit(token, 'submitting collateral info', 'COLLATERAL_INFO', data),
  submitDocuments: (token: string | null | undefined) => submit(token, 'submitting documents', 'DOCUMENTS', {}),

  evaluateRequisitionStatus: (token: string | null | undefined) =>
    question<BankStatementsStatus>(token, 'evaluating requisition status', { type: 'EVALUATE_REQUISITION_STATUS', evaluation_target: 'BANK_STATEMENTS' }),
  applyOffer: (token: string | null | undefined, offer: { value: string; installment_value: string }) =>
    question<FormView>(token, 'applying offer', { type: 'SAVE_APPLICATION_OFFER', ...offer }),
  applyIrregularOffer: (token: string | null | undefined, groups: Record<string, unknown>) =>
    question<FormView>(token, 'applying irregular offer', { ...groups, type: 'SAVE_IRREGULAR_PAYMENT_OFFER' }),
  createDebtor: (token: string | null | undefined, debtor: Record<string, unknown>) =>
    question<FormView>(token, 'creating debtor', { ...debtor, type: 'CREATE_DEBTORS' }),

  getDocuments: (token: string | null | undefined) => client.get('/api/v1/forms/{token}/documents/', { params: { token: requireToken(token, 'documents') } }),
  deleteDocument: (token: string | null | undefined, id: number) =>
    client.delete('/api/v1/forms/{token}/documents/{id}/', { params: { token: requireToken(token, 'documents'), id } }),
  validateBankStatements: (token: string | null | undefined) =>
    client.post('/api/v1/forms/{token}/documents/bank-statements/validate/', undefined, { params: { token: requireToken(token, 'documents') } }),
  startBankConnection: (token: string | null | undefined) =>
    client.post('/api/v1/forms/{token}/bank-connection/', undefined, { params: { token: requireToken(token, 'documents') } }),

  suggestAddresses: (request: AddressSuggestRequestInput, signal?: AbortSignal) => client.post('/api/v1/address/suggest', request, { signal }),
};

/**
 * Uploads one file with progress. Rejects with ApiError like every call, 5xx and 429 toasts
 * included (status 0 when no answer came).
 */
export function uploadDocument(
  token: string | null | undefined,
  category: DocumentCategory,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<DocumentView> {
  const data = new FormData();
  data.append('category', category);
  data.append('file', file);
  return Promise.resolve().then(() => client.upload('/api/v1/forms/{token}/documents/', data, { params: { token: requireToken(token, 'documents') }, onProgress }));
}
