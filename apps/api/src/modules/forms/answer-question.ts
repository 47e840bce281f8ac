import { irregularOfferGroups, type QuestionRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest, zodFieldErrors } from '../../http/errors.ts';
import { evaluateBankStatements } from '../documents/evaluate-bank-statements.ts';
import { applyOffer } from './apply-offer.ts';
import { createDebtor } from './create-debtor.ts';
import { findFormByToken } from '../form-access/form-token.ts';

/** The detail questions of the lead form (backoffice.md §3, portal.md §4). */
export async function answerQuestion(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'>,
  token: string,
  question: QuestionRequest & Record<string, unknown>,
  meta: { ip: string; requestId: string },
) {
  switch (question.type) {
    case 'EVALUATE_REQUISITION_STATUS': {
      const form = await findFormByToken(deps, token);
      return evaluateBankStatements(deps, form);
    }
    case 'SAVE_APPLICATION_OFFER':
      return applyOffer(deps, token, { kind: 'REGULAR', value: question.value, installment_value: question.installment_value }, meta);
    case 'SAVE_IRREGULAR_PAYMENT_OFFER': {
      const groups = irregularOfferGroups.safeParse(question);
      if (!groups.success) throw badRequest(zodFieldErrors(groups.error));
      return applyOffer(deps, token, { kind: 'IRREGULAR', groups: groups.data }, meta);
    }
    case 'CREATE_DEBTORS': {
      const { type: _type, token: _token, ...body } = question;
      return createDebtor(deps, token, body, meta);
    }
  }
}
