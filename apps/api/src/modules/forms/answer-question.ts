import { irregularOfferGroups, type QuestionRequest } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { parseInput } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { evaluateBankStatements } from '../documents/evaluate-bank-statements.ts';
import { findFormByToken } from '../form-access/form-token.ts';
import { applyOffer } from './apply-offer.ts';
import { createDebtor } from './create-debtor.ts';

/** The detail questions of the lead form (backoffice.md §3, portal.md §4). */
export async function answerQuestion(deps: Pick<Deps, 'prisma' | 'config' | 'now'>, actor: PublicActor, input: { token: string; question: QuestionRequest }) {
  const { token, question } = input;
  switch (question.type) {
    case 'EVALUATE_REQUISITION_STATUS':
      return evaluateBankStatements(deps, await findFormByToken(deps, token));
    case 'SAVE_APPLICATION_OFFER':
      return applyOffer(deps, actor, { token, choice: { kind: 'REGULAR', value: question.value, installment_value: question.installment_value } });
    case 'SAVE_IRREGULAR_PAYMENT_OFFER':
      return applyOffer(deps, actor, { token, choice: { kind: 'IRREGULAR', groups: parseInput(irregularOfferGroups, question) } });
    case 'CREATE_DEBTORS': {
      // The question's own keys (and the body's token, on /forms/question/) are not the debtor's.
      const { type: _type, token: _token, ...debtor } = question as Record<string, unknown>;
      return createDebtor(deps, actor, { token, debtor });
    }
  }
}
