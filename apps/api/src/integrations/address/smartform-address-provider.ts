import type { Logger } from 'pino';
import { AddressSuggestionValue, type AddressSuggestion, type AddressSuggestRequest, type AddressSuggestResponse } from '@lending/contracts';
import { failed, type AddressProvider } from './address-provider.ts';

export interface SmartformOptions {
  /** The whisperer endpoint, e.g. https://secure.smartform.cz/smartform-ws/oracle/v10 */
  url: string;
  /** Client id (user name of the Basic authentication of API v7 and later). */
  clientId?: string;
  /** Password of the web service; sent as Basic authentication with clientId, else in the body (API v6 and older). */
  password?: string;
  timeoutMs?: number;
  logger?: Logger;
}

export const SMARTFORM_TIMEOUT_MS = 3000;

export const SMARTFORM_MESSAGES = {
  timeout: 'Našeptávač adres neodpověděl včas. Zkuste to prosím znovu.',
  unreachable: 'Našeptávač adres je nedostupný. Zkuste to prosím později.',
  unauthorized: 'Našeptávač adres odmítl přihlašovací údaje.',
  httpError: (status: number) => `Našeptávač adres je dočasně nedostupný (HTTP ${status}). Zkuste to prosím později.`,
  invalidAnswer: 'Našeptávač adres vrátil neplatnou odpověď.',
  upstreamFail: (message: string) => `Našeptávač adres ohlásil chybu: ${message}`,
};

const FIELDS = new Set<string>(AddressSuggestionValue.values);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One suggestion of SmartForm's answer, kept to string values; null when unusable. */
function toSuggestion(raw: unknown): AddressSuggestion | null {
  if (!isRecord(raw) || !isRecord(raw.values)) return null;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw.values)) {
    if (typeof value === 'string') values[key] = value;
    else if (typeof value === 'number') values[key] = String(value);
  }
  if (!values.WHOLE_ADDRESS) {
    const streetAndNumber = values.STREET_AND_NUMBER ?? [values.STREET, values.NUMBER].filter(Boolean).join(' ');
    const town = [values.ZIP, values.CITY].filter(Boolean).join(' ');
    const whole = [streetAndNumber, town].filter(Boolean).join(', ');
    if (!whole) return null;
    values.WHOLE_ADDRESS = whole;
  }
  const suggestion: AddressSuggestion = { values: values as AddressSuggestion['values'] };
  if (typeof raw.fieldType === 'string' && FIELDS.has(raw.fieldType)) suggestion.fieldType = raw.fieldType as AddressSuggestionValue;
  if (typeof raw.wholeAddress === 'boolean') suggestion.wholeAddress = raw.wholeAddress;
  return suggestion;
}

/**
 * SmartForm's address whisperer (smartform.cz "oracle" web service) or any server speaking
 * its JSON: POST {id, fieldType, values, country, limit} → {resultCode, errorMessage, id,
 * suggestions}. Every failure (timeout, network, HTTP status, bad JSON, resultCode FAIL)
 * becomes resultCode FAIL with a Czech message, never an exception.
 */
export class SmartformAddressProvider implements AddressProvider {
  private readonly options: SmartformOptions;
  constructor(options: SmartformOptions) {
    this.options = options;
  }

  async suggest(request: AddressSuggestRequest): Promise<AddressSuggestResponse> {
    const { url, clientId, password, logger } = this.options;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (clientId) headers.Authorization = `Basic ${Buffer.from(`${clientId}:${password ?? ''}`).toString('base64')}`;
    const body = {
      // SmartForm's id is an integer; a text id of ours stays here and is echoed below.
      ...(typeof request.id === 'number' ? { id: request.id } : {}),
      fieldType: request.fieldType,
      values: request.values,
      country: request.country,
      limit: request.limit,
      ...(!clientId && password ? { password } : {}),
    };

    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(this.options.timeoutMs ?? SMARTFORM_TIMEOUT_MS);
      response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal, redirect: 'error' });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      logger?.warn({ err: error, timedOut }, 'SmartForm address whisperer unreachable');
      return failed(request, timedOut ? SMARTFORM_MESSAGES.timeout : SMARTFORM_MESSAGES.unreachable);
    }

    if (response.status === 401 || response.status === 403) {
      logger?.warn({ status: response.status }, 'SmartForm refused the credentials');
      return failed(request, SMARTFORM_MESSAGES.unauthorized);
    }
    if (!response.ok) {
      logger?.warn({ status: response.status }, 'SmartForm answered an error status');
      return failed(request, SMARTFORM_MESSAGES.httpError(response.status));
    }

    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      logger?.warn({ length: text.length }, 'SmartForm answered something that is not JSON');
      return failed(request, SMARTFORM_MESSAGES.invalidAnswer);
    }
    if (!isRecord(answer) || (answer.resultCode !== 'OK' && answer.resultCode !== 'FAIL')) {
      logger?.warn('SmartForm answer without a resultCode');
      return failed(request, SMARTFORM_MESSAGES.invalidAnswer);
    }
    if (answer.resultCode === 'FAIL') {
      const message = typeof answer.errorMessage === 'string' && answer.errorMessage.trim() ? answer.errorMessage.trim() : 'neznámá chyba';
      logger?.warn({ upstream: message }, 'SmartForm answered resultCode FAIL');
      return failed(request, SMARTFORM_MESSAGES.upstreamFail(message));
    }
    if (answer.suggestions !== undefined && answer.suggestions !== null && !Array.isArray(answer.suggestions)) {
      return failed(request, SMARTFORM_MESSAGES.invalidAnswer);
    }
    const suggestions = ((answer.suggestions as unknown[] | null | undefined) ?? [])
      .map(toSuggestion)
      .filter((s): s is AddressSuggestion => s !== null)
      .slice(0, request.limit);
    return { resultCode: 'OK', errorMessage: null, id: request.id ?? null, suggestions };
  }
}
