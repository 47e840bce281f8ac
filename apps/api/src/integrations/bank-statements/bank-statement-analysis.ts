/**
 * Reads an uploaded bank statement: the period it covers and its transactions. Czech lenders
 * buy this as a service (the back office knows it as the SOKORDIA_BANK_STATEMENT_PDF screening);
 * the sandbox reads text PDFs itself.
 */
export interface BankStatementAnalysis {
  analyse(statement: StatementFile): Promise<StatementAnalysis>;
}

export interface StatementFile {
  content: Buffer;
  fileName: string;
  mimeType: string;
}

export interface StatementAnalysis {
  /** False when no statement could be read from the file (a scan, another document). */
  readable: boolean;
  /** Inclusive calendar days, `YYYY-MM-DD`; null when the statement does not state it. */
  period: { from: string; to: string } | null;
  accountNumber: string | null;
  transactions: StatementTransaction[];
}

export interface StatementTransaction {
  /** `YYYY-MM-DD` (booking date). */
  date: string;
  /** Signed decimal string with a dot, e.g. `-1250.00`: negative for money leaving the account. */
  amount: string;
  currency: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  description: string | null;
  variableSymbol: string | null;
}

/** The analysis could not be asked (service down, timing out, answering nonsense). */
export class BankStatementAnalysisUnavailable extends Error {}
