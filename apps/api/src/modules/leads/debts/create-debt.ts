import type { LeadDebtRequest, LeadDebtView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { findLead } from '../find-lead.ts';
import { leadDebtViewOf, columnsOf } from './debt-record.ts';

/** POST /leads/{leadId}/debt/: an existing debt of the applicant. */
export async function createDebt(deps: Pick<Deps, 'prisma'>, leadId: number, body: LeadDebtRequest, actor: StaffActor): Promise<LeadDebtView> {
  return deps.prisma.$transaction(async (tx) => {
    await findLead(tx, leadId);
    const row = await tx.leadDebt.create({ data: { ...(columnsOf(body, true) as Omit<Prisma.LeadDebtUncheckedCreateInput, 'leadId'>), leadId } });
    await recordStaffAudit(tx, actor, { action: 'lead.debt.create', entity: 'LeadDebt', entityId: row.id, changes: { lead_id: leadId, ...body } as Prisma.InputJsonValue });
    return leadDebtViewOf(row);
  });
}
