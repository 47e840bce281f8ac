import { z } from 'zod';
import { BankStatementAnalysisUnavailable, type BankStatementAnalysis, type StatementAnalysis, type StatementFile } from './bank-statement-analysis.ts';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const amount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d{1,2})?$/)]).transform((v) => Number(v).toFixed(2));
const answer = z.object({
  readable: z.boolean().default(true),
  period: z.object({ from: isoDay, to: isoDay }).nullable().default(null),
  account_number: z.string().nullable().default(null),
  transactions: z
    .array(
      z.object({
        date: isoDay,
        amount,
        currency: z.string().length(3).default('CZK'),
        counterparty_name: z.string().nullable().default(null),
        counterparty_account: z.string().nullable().default(null),
        description: z.string().nullable().default(null),
        variable_symbol: z.string().nullable().default(null),
      }),
    )
    .max(20_000),
});

/**
 * A bank-statement analysis service over HTTP. No vendor publishes a public API for this
 * (the back office's provider is Sokordia, whose API is private), so this speaks a small
 * contract of our own that an adapter in front of any vendor can serve:
 *
 *   POST {BANK_STATEMENT_ANALYSIS_URL}/statements/analyse
 *   Content-Type: <the file's type>        Authorization: Bearer <BANK_STATEMENT_ANALYSIS_API_KEY>
 *   X-File-Name: <file name, percent-encoded UTF-8>
 *   <the file's bytes>
 *
 *   200 {readable, period: {from, to} | null, account_number, transactions: [{date: "YYYY-MM-DD",
 *        amount: "-1250.00" (signed), currency, counterparty_name, counterparty_account,
 *        description, variable_symbol}]}
 *   422 the file holds no readable statement
 *
 * Anything else (other statuses, time-outs, an answer of another shape) is "unavailable".
 */
export class HttpBankStatementAnalysis implements BankStatementAnalysis {
  private readonly baseUrl: string;
  private readonly apiKey?: string;
  private readonly timeoutMs: number;
  constructor(baseUrl: string, apiKey?: string, timeoutMs = 20_000) {
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
    this.timeoutMs = timeoutMs;
  }

  async analyse(statement: StatementFile): Promise<StatementAnalysis> {
    const headers: Record<string, string> = {
      'Content-Type': statement.mimeType,
      Accept: 'application/json',
      'X-File-Name': encodeURIComponent(statement.fileName),
    };
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/$/, '')}/statements/analyse`, {
        method: 'POST',
        headers,
        body: new Uint8Array(statement.content),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new BankStatementAnalysisUnavailable(`bank-statement analysis unreachable: ${(error as Error).message}`);
    }
    if (response.status === 422) {
      await response.arrayBuffer();
      return { readable: false, period: null, accountNumber: null, transactions: [] };
    }
    if (!response.ok) {
      await response.arrayBuffer();
      throw new BankStatementAnalysisUnavailable(`bank-statement analysis answered ${response.status}`);
    }
    const parsed = answer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new BankStatementAnalysisUnavailable('bank-statement analysis answered an unexpected document');
    const a = parsed.data;
    return {
      readable: a.readable,
      period: a.period && a.period.from <= a.period.to ? a.period : null,
      accountNumber: a.account_number,
      transactions: a.transactions.map((t) => ({
        date: t.date,
        amount: t.amount,
        currency: t.currency,
        counterpartyName: t.counterparty_name,
        counterpartyAccount: t.counterparty_account,
        description: t.description,
        variableSymbol: t.variable_symbol,
      })),
    };
  }
}
