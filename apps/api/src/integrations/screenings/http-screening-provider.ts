import { screeningGatewayResponse, type ScreeningData, type ScreeningGatewayRequest } from '@lending/contracts';
import { SCREENING_DATA_KIND, ScreeningFailed, type ScreeningProvider, type ScreeningRequest } from './screening-provider.ts';

export interface HttpScreeningProviderOptions {
  baseUrl: string;
  token?: string;
  timeoutMs: number;
}

const messages = {
  timeout: 'Registr neodpověděl včas.',
  unreachable: 'Registr není dostupný.',
  unavailable: (status: number) => `Registr je dočasně nedostupný (HTTP ${status}).`,
  unauthorized: 'Brána registrů odmítla přístup: zkontrolujte přístupový token (SCREENING_HTTP_TOKEN).',
  rejected: (status: number) => `Brána registrů odmítla dotaz (HTTP ${status}).`,
  badAnswer: 'Registr odpověděl v neočekávaném formátu.',
} as const;

/**
 * Asks the screening gateway: POST {base}/screenings/ with the subject (and transactions), the
 * answer {"data": …} of the type's shape (docs/decisions: screenings and jobs). 5xx, 408, 429,
 * time-outs and network failures are worth retrying; other 4xx and malformed answers are not.
 */
export class HttpScreeningProvider implements ScreeningProvider {
  readonly name = 'http';

  private readonly options: HttpScreeningProviderOptions;
  constructor(options: HttpScreeningProviderOptions) {
    this.options = options;
  }

  async screen(request: ScreeningRequest, signal: AbortSignal): Promise<ScreeningData> {
    const body: ScreeningGatewayRequest = {
      type: request.type,
      reference: request.reference,
      subject: {
        identification_type: request.subject.identificationType,
        first_name: request.subject.firstName,
        last_name: request.subject.lastName,
        company_name: request.subject.companyName,
        birth_number: request.subject.birthNumber,
        birth_date: request.subject.birthDate,
        company_id: request.subject.companyId,
        identity_card: request.subject.identityCard,
      },
      transactions: request.transactions,
      statements: request.statements,
    };
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}/screenings/`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': request.reference,
          ...(this.options.token ? { Authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      // The job's own abort (time-out, shutdown) is the caller's to report.
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) throw new ScreeningFailed(messages.timeout, true, `gateway timed out after ${this.options.timeoutMs} ms`);
      throw new ScreeningFailed(messages.unreachable, true, `gateway unreachable: ${(error as Error).message}`);
    }
    const status = response.status;
    if (status === 408 || status === 429 || status >= 500) throw new ScreeningFailed(messages.unavailable(status), true, `gateway answered ${status}`);
    if (status === 401 || status === 403) throw new ScreeningFailed(messages.unauthorized, false, `gateway answered ${status}`);
    if (status !== 200) throw new ScreeningFailed(messages.rejected(status), false, `gateway answered ${status}: ${text.slice(0, 200)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ScreeningFailed(messages.badAnswer, false, 'gateway answered invalid JSON');
    }
    const parsed = screeningGatewayResponse.safeParse(json);
    if (!parsed.success) throw new ScreeningFailed(messages.badAnswer, false, `gateway answer does not match the contract: ${parsed.error.issues[0]?.path.join('.')}`);
    const data = parsed.data.data;
    if (data.kind !== SCREENING_DATA_KIND[request.type]) throw new ScreeningFailed(messages.badAnswer, false, `gateway answered ${data.kind} for ${request.type}`);
    return withoutOurIds(data);
  }
}

/** Ids of our rows are ours to assign: whatever the gateway sent there is dropped. */
function withoutOurIds(data: ScreeningData): ScreeningData {
  switch (data.kind) {
    case 'INSOLVENCY':
      return { ...data, cases: data.cases.map((c) => ({ ...c, isir_case_id: null })) };
    case 'EXECUTIONS':
      return { ...data, executions: data.executions.map((e) => ({ ...e, distraint_id: null })) };
    case 'CADASTRE':
      return { ...data, rights: data.rights.map((r) => ({ ...r, realty_right_id: null })) };
    default:
      return data;
  }
}
