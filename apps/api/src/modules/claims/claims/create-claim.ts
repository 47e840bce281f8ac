import { claimMessages, type ClaimCreateRequest, type ClaimView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict, invalid } from '../../../domain/errors.ts';
import { dbDate } from '../../../domain/dates.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { claimViewOf } from './claim-record.ts';

/**
 * POST /deals/{dealId}/claims/: a claim entered by hand (a contractual penalty, costs of
 * recovery, a fee…), outside any group, on a deal being serviced (ACTIVE or in insolvency).
 */
export async function createClaim(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; claim: ClaimCreateRequest }): Promise<ClaimView> {
  const { dealId, claim: body } = input;
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (deal.state !== 'ACTIVE' && deal.state !== 'FILED_FOR_INSOLVENCY') throw conflict(claimMessages.dealNotServiced);
    if (body.creditor && !(await tx.person.findUnique({ where: { id: body.creditor }, select: { id: true } }))) throw invalid({ creditor: [claimMessages.creditorUnknown] });
    const claim = await tx.claim.create({
      data: { dealId, type: body.type, dueDate: dbDate(body.due_date), amount: body.amount, description: body.description ?? null, creditorId: body.creditor ?? null },
    });
    await recordAudit(tx, actor, { action: 'claim.create', entity: 'Claim', entityId: claim.id, changes: { deal_id: dealId, ...body } });
    return claimViewOf(claim);
  }, TX_OPTIONS);
}
