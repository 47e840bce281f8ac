import type {
  AddressSuggestRequestInput,
  AddressSuggestResponse,
  BankConnectionStart,
  BankStatementsStatus,
  BankStatementsValidation,
  DocumentCategory,
  DocumentsOverview,
  DocumentView,
  FormResponse,
  FormType,
  SubmitStep,
} from '@lending/contracts';
import { pluralCs } from './format';
import { showToast } from './toast';

// Types only from contracts: its runtime (zod, libphonenumber) must stay out of the first load.

export const SERVER_ERROR_MESSAGE = 'Došlo k chybě na serveru. Zkuste to prosím později.';
/** A 429 without the API's own message (a proxy's, say): the wait still comes from Retry-After. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Příliš mnoho požadavků z Vaší sítě.';

/** Error raised for any non-2xx answer of the API; `body` is the parsed JSON if there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Seconds to wait, from Retry-After (429, 503), when the answer said. */
  readonly retryAfter: number | null;
  constructor(status: number, body: unknown, retryAfter: number | null = null) {
    super(`API answered ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    this.name = 'ApiError';
  }
}

/** Retry-After in seconds: a number of seconds, or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - now) / 1000);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

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

/** The toast of a failed call: 5xx the server-error one; 429 the wait, shown until it is over (8–60 s). */
function report(error: ApiError): void {
  if (error.status >= 500) showToast(SERVER_ERROR_MESSAGE, 'error');
  else if (error.status === 429) showToast(tooManyRequestsText(error), 'error', Math.min(60, Math.max(8, error.retryAfter ?? 0)) * 1000);
}

/**
 * The applicant portal has no login: the form token travels in the path or query,
 * so this client only speaks JSON and turns failures into ApiError. Any 5xx tells the
 * applicant that the fault is ours (portal.md §7); a 429 tells them when to try again.
 */
export async function fetchJson<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, { ...init, headers });
  const text = await response.text();
  const body: unknown = text ? safeParse(text) : undefined;
  if (!response.ok) {
    const error = new ApiError(response.status, body, parseRetryAfter(response.headers.get('Retry-After')));
    report(error);
    throw error;
  }
  return body as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

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

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const formPath = (token: string) => `/api/v1/forms/${encodeURIComponent(token)}`;

export const formKey = (token: string) => `${formPath(token)}/?raw_data=true`;
export const documentsKey = (token: string) => `${formPath(token)}/documents/`;

function submit(token: string | null | undefined, action: TokenAction, step: SubmitStep, data: Record<string, unknown>) {
  return fetchJson<FormView>(`${formPath(requireToken(token, action))}/submit/`, json({ step, data }));
}

function question<T>(token: string | null | undefined, action: TokenAction, body: Record<string, unknown>) {
  return fetchJson<T>(`${formPath(requireToken(token, action))}/question/`, json(body));
}

export const api = {
  getForm: (token: string | null | undefined) => fetchJson<FormView>(formKey(requireToken(token, 'getting form'))),

  createForm(type: FormType, loan: Record<string, unknown>, utm: Utm) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(utm)) if (value) query.set(key, value);
    const search = query.size ? `?${query}` : '';
    return fetchJson<FormView>(`/api/v1/forms/${search}`, json({ type, ...loan }));
  },

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

  getDocuments: (token: string | null | undefined) => fetchJson<DocumentsOverview>(documentsKey(requireToken(token, 'documents'))),
  deleteDocument: (token: string | null | undefined, id: number) =>
    fetchJson<void>(`${documentsKey(requireToken(token, 'documents'))}${id}/`, { method: 'DELETE' }),
  validateBankStatements: (token: string | null | undefined) =>
    fetchJson<BankStatementsValidation>(`${documentsKey(requireToken(token, 'documents'))}bank-statements/validate/`, { method: 'POST' }),
  startBankConnection: (token: string | null | undefined) =>
    fetchJson<BankConnectionStart>(`${formPath(requireToken(token, 'documents'))}/bank-connection/`, { method: 'POST' }),

  suggestAddresses: (request: AddressSuggestRequestInput, signal?: AbortSignal) =>
    fetchJson<AddressSuggestResponse>('/api/v1/address/suggest', { ...json(request), signal }),
};

/**
 * Uploads one file with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Rejects with ApiError like fetchJson, 5xx and 429 toasts included.
 */
export function uploadDocument(
  token: string | null | undefined,
  category: DocumentCategory,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<DocumentView> {
  const url = documentsKey(requireToken(token, 'documents'));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.responseText ? safeParse(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as DocumentView);
      else {
        const error = new ApiError(xhr.status, body, parseRetryAfter(xhr.getResponseHeader('Retry-After')));
        report(error);
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    const data = new FormData();
    data.append('category', category);
    data.append('file', file);
    xhr.send(data);
  });
}
