import type { IdmCheckResult } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { findLead } from './find-lead.ts';
import { idmCheckResultOf } from './idm-evaluation-view.ts';

export const IDM_NOT_FOUND = 'Hodnocení nebylo nalezeno.';

/** GET /leads/{leadId}/idm-evaluations/{id}/check-result/: state, decision and the key numbers. */
export async function getIdmCheckResult(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { leadId: number; id: number }): Promise<IdmCheckResult> {
  await findLead(deps.prisma, input.leadId);
  const evaluation = await deps.prisma.idmEvaluation.findFirst({ where: { id: input.id, leadId: input.leadId } });
  if (!evaluation) throw notFound(IDM_NOT_FOUND);
  return idmCheckResultOf(evaluation);
}
