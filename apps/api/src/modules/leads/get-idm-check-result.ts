import type { IdmCheckResult } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { findLead } from './find-lead.ts';
import { idmCheckResultOf } from './idm-evaluation-view.ts';

export const IDM_NOT_FOUND = 'Hodnocení nebylo nalezeno.';

/** GET /leads/{leadId}/idm-evaluations/{id}/check-result/: state, decision and the key numbers. */
export async function getIdmCheckResult(deps: Pick<Deps, 'prisma'>, leadId: number, id: number): Promise<IdmCheckResult> {
  await findLead(deps.prisma, leadId);
  const evaluation = await deps.prisma.idmEvaluation.findFirst({ where: { id, leadId } });
  if (!evaluation) throw notFound(IDM_NOT_FOUND);
  return idmCheckResultOf(evaluation);
}
