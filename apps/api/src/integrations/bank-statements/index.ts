import type { Deps } from '../../deps.ts';
import type { BankStatementAnalysis } from './bank-statement-analysis.ts';
import { HttpBankStatementAnalysis } from './http-bank-statement-analysis.ts';
import { SandboxBankStatementAnalysis } from './sandbox-bank-statement-analysis.ts';

export * from './bank-statement-analysis.ts';

const instances = new WeakMap<Deps['config'], BankStatementAnalysis>();

/** The analysis the configuration chooses (sandbox by default). */
export function bankStatementAnalysisFor(deps: Pick<Deps, 'config'>): BankStatementAnalysis {
  let analysis = instances.get(deps.config);
  if (!analysis) {
    if (deps.config.BANK_STATEMENT_ANALYSIS === 'http') {
      if (!deps.config.BANK_STATEMENT_ANALYSIS_URL) throw new Error('BANK_STATEMENT_ANALYSIS=http needs BANK_STATEMENT_ANALYSIS_URL.');
      analysis = new HttpBankStatementAnalysis(deps.config.BANK_STATEMENT_ANALYSIS_URL, deps.config.BANK_STATEMENT_ANALYSIS_API_KEY);
    } else {
      analysis = new SandboxBankStatementAnalysis();
    }
    instances.set(deps.config, analysis);
  }
  return analysis;
}
