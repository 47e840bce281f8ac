import { dealMessages, type StaffApplicationForm } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { staffApplicationFormOf } from '../leads/get-lead-application-form.ts';
import { findDeal } from './deal-views.ts';

/** GET /deals/{id}/application_form/: the application form of the deal's lead, as the lead's own call answers it. */
export async function getDealApplicationForm(deps: Pick<Deps, 'prisma' | 'config'>, actor: Actor, input: { id: number }): Promise<StaffApplicationForm> {
  const deal = await findDeal(deps.prisma, input.id);
  if (deal.leadId === null) throw notFound(dealMessages.noApplicationForm);
  return staffApplicationFormOf(deps, actor, deal.leadId);
}
