import type { CallDataView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import { callDataViewOf, findCallData } from './call-data-record.ts';

/** GET /leads/{leadId}/call-data/{id}/ (404 when it is another lead's). */
export async function getCallData(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { leadId: number; id: number }): Promise<CallDataView> {
  return callDataViewOf(await findCallData(deps.prisma, input.leadId, input.id));
}
