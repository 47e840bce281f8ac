import type { IdentificationType, ScreeningData, ScreeningType } from '@lending/contracts';

/**
 * The outside registers a screening asks: insolvency (ISIR), executions, commercial and trade
 * registers, cadastre, invalid identity documents, bank-statement analysis and transaction
 * scoring. One interface for every type: the sandbox answers them all itself, the HTTP
 * implementation asks one gateway that fronts the real services.
 */
export interface ScreeningProvider {
  /** Recorded in each result ("sandbox", "http"): sandbox results are not real data. */
  readonly name: string;
  /**
   * Asks the register about the subject. Answers the `data` of the result with every id of
   * ours (isir_case_id, distraint_id, realty_right_id) null: the job fills them in when it
   * stores the findings. Throws ScreeningFailed; aborting `signal` stops the call.
   */
  screen(request: ScreeningRequest, signal: AbortSignal): Promise<ScreeningData>;
}

/** Who is screened: the person's identification as we hold it. */
export interface ScreeningSubject {
  personId: number;
  identificationType: IdentificationType;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  /** Digits only. */
  birthNumber: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  companyId: string | null;
  identityCard: string | null;
}

/** A bank transaction handed to the statement analysis and the scoring. */
export interface ScreeningTransaction {
  /** YYYY-MM-DD. */
  date: string;
  /** CZK, negative for money leaving the account. */
  amount: number;
  counterparty: string | null;
  description: string | null;
}

export interface ScreeningRequest {
  type: ScreeningType;
  /** Our screening id: lets the gateway recognise a retried call. */
  reference: string;
  subject: ScreeningSubject;
  /** SOKORDIA_BANK_STATEMENT_PDF and TRANSACTION_SCORING only. */
  transactions?: ScreeningTransaction[];
  /** SOKORDIA_BANK_STATEMENT_PDF: where the transactions came from and from how many statements. */
  statements?: { source: 'STATEMENT_PDF' | 'FORM_TRANSACTIONS'; count: number };
}

/**
 * A screening could not be done. `message` is Czech, for staff (it becomes the screening's
 * error); `retryable` says whether trying again later may help (the register is down or slow)
 * or not (it refused the question, the person lacks the data it needs).
 */
export class ScreeningFailed extends Error {
  readonly retryable: boolean;
  /** What happened, for the logs (never shown to staff, never personal data). */
  readonly detail?: string;
  constructor(message: string, retryable: boolean, detail?: string) {
    super(message);
    this.retryable = retryable;
    this.detail = detail;
    this.name = 'ScreeningFailed';
  }
}

/** Which `data` shape each screening type answers. */
export const SCREENING_DATA_KIND = {
  ISIR_INSOLVENCY: 'INSOLVENCY',
  ISPIS_CEE: 'EXECUTIONS',
  ISPIS_OBCHR: 'COMMERCIAL_REGISTER',
  ISPIS_OSOBACUZK: 'CADASTRE',
  ISPIS_RZP: 'TRADE_REGISTER',
  MVCR_IDENTITY_CARD: 'IDENTITY_CARD',
  RZP: 'TRADE_REGISTER',
  SOKORDIA_BANK_STATEMENT_PDF: 'BANK_STATEMENTS',
  TRANSACTION_SCORING: 'TRANSACTION_SCORING',
  ZOBI_OSOBACUZK: 'CADASTRE',
} as const satisfies Record<ScreeningType, ScreeningData['kind']>;

/** Types answered from the person's bank transactions rather than from a public register. */
export const TRANSACTION_TYPES: readonly ScreeningType[] = ['SOKORDIA_BANK_STATEMENT_PDF', 'TRANSACTION_SCORING'];
