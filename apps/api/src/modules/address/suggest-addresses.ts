import type { AddressSuggestRequest, AddressSuggestResponse } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { addressProviderFor } from '../../integrations/address/index.ts';

/** Address suggestions for what the applicant has typed so far (SmartForm's whisperer contract). */
export function suggestAddresses(deps: Pick<Deps, 'config' | 'prisma' | 'logger'>, _actor: Actor, input: { search: AddressSuggestRequest }): Promise<AddressSuggestResponse> {
  return addressProviderFor(deps).suggest(input.search);
}
