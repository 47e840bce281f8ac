import { dealStateMessages, NEXT_DEAL_STATE, type DealValidateRequest, type DealValidation } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { today } from '../../../domain/dates.ts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { dealProblems } from './deal-problems.ts';

/**
 * POST /deals/{id}/validate/: every problem that stops the deal's next forward step (or the
 * `state` asked for), at once. Changes nothing. A state with no next step and no target answers
 * one problem saying so.
 */
export async function validateDeal(deps: Pick<Deps, 'prisma' | 'now'>, _actor: Actor, input: { dealId: number; transition?: DealValidateRequest }): Promise<DealValidation> {
  const { dealId, transition: body } = input;
  const deal = await findDeal(deps.prisma, dealId);
  const target = body?.state ?? NEXT_DEAL_STATE[deal.state] ?? null;
  const problems = target
    ? await dealProblems(deps.prisma, deal, target, body?.closed_reason, today(deps))
    : [{ code: 'TRANSITION_NOT_ALLOWED' as const, message: dealStateMessages.noNextState, object_id: null }];
  return { deal_id: deal.id, state: deal.state, target_state: target, valid: problems.length === 0, problems };
}
