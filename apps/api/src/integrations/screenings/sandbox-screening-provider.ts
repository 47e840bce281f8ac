import type { ScreeningData } from '@lending/contracts';
import { ScreeningFailed, type ScreeningProvider, type ScreeningRequest } from './screening-provider.ts';
import {
  sandboxCadastre,
  sandboxCommercialRegister,
  sandboxExecutions,
  sandboxIdentityCard,
  sandboxInsolvency,
  sandboxTradeRegister,
} from './sandbox/sandbox-registers.ts';
import { analyseStatements, scoreTransactions } from './sandbox/transaction-analysis.ts';

/**
 * Offline stand-in for every register: answers are derived from the subject's birth number
 * (or IČO, or our id), so the same person always gets the same findings, and most people are
 * clean (see sandboxProfile). Statements and scoring are computed from the transactions given.
 */
export class SandboxScreeningProvider implements ScreeningProvider {
  readonly name = 'sandbox';

  async screen(request: ScreeningRequest, signal: AbortSignal): Promise<ScreeningData> {
    signal.throwIfAborted();
    const { subject } = request;
    switch (request.type) {
      case 'ISIR_INSOLVENCY':
        return sandboxInsolvency(subject);
      case 'ISPIS_CEE':
        return sandboxExecutions(subject);
      case 'ISPIS_OBCHR':
        return sandboxCommercialRegister(subject);
      case 'ISPIS_OSOBACUZK':
      case 'ZOBI_OSOBACUZK':
        return sandboxCadastre(subject);
      case 'ISPIS_RZP':
      case 'RZP':
        return sandboxTradeRegister(subject);
      case 'MVCR_IDENTITY_CARD':
        if (!subject.identityCard) throw new ScreeningFailed('Osoba nemá vyplněné číslo občanského průkazu.', false);
        return sandboxIdentityCard({ ...subject, identityCard: subject.identityCard });
      case 'SOKORDIA_BANK_STATEMENT_PDF':
        return analyseStatements(request.transactions ?? [], request.statements ?? { source: 'FORM_TRANSACTIONS', count: 0 });
      case 'TRANSACTION_SCORING':
        return scoreTransactions(request.transactions ?? []);
    }
  }
}
