import type { LeadDebtRequest, LeadDebtView } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findLead } from '../find-lead.ts';
import { columnsOf, leadDebtViewOf } from './debt-record.ts';

/** POST /leads/{leadId}/debt/: an existing debt of the applicant. */
export async function createDebt(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { leadId: number; debt: LeadDebtRequest }): Promise<LeadDebtView> {
  const { leadId, debt } = input;
  return deps.prisma.$transaction(async (tx) => {
    await findLead(tx, leadId);
    const row = await tx.leadDebt.create({ data: { ...(columnsOf(debt, true) as Omit<Prisma.LeadDebtUncheckedCreateInput, 'leadId'>), leadId } });
    await recordAudit(tx, actor, { action: 'lead.debt.create', entity: 'LeadDebt', entityId: row.id, changes: { lead_id: leadId, ...debt } as Prisma.InputJsonValue });
    return leadDebtViewOf(row);
  });
}
