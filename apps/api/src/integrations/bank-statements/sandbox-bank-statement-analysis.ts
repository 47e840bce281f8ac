import type { BankStatementAnalysis, StatementAnalysis, StatementFile } from './bank-statement-analysis.ts';
import { pdfTextLines } from './pdf-text.ts';
import { parseStatementText } from './statement-text.ts';

/**
 * Offline stand-in for the analysis service: reads the text layer of a PDF statement (pdf.js)
 * and parses it with the rules of parseStatementText. Scans and other files are unreadable:
 * there is no OCR here, which a real service would have.
 */
export class SandboxBankStatementAnalysis implements BankStatementAnalysis {
  async analyse(statement: StatementFile): Promise<StatementAnalysis> {
    if (statement.mimeType !== 'application/pdf') return { readable: false, period: null, accountNumber: null, transactions: [] };
    return parseStatementText(await pdfTextLines(statement.content));
  }
}
