import type { CallDataPatch, CallDataView } from '@lending/contracts';
import { notFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import type { CallData, Prisma } from '../../../generated/prisma/client.ts';
import { findLead, type Tx } from '../find-lead.ts';
import { iso } from '../lead-views.ts';

// What the call-data use cases share (/leads/{leadId}/call-data/): the view, the lookup, the columns.

export const CALL_DATA_NOT_FOUND = 'Záznam hovoru nebyl nalezen.';

export const columns = { id: 'id', called_at: 'calledAt', created_at: 'createdAt' } as const;

export function callDataViewOf(row: CallData): CallDataView {
  return {
    id: row.id,
    lead_id: row.leadId,
    called_at: row.calledAt.toISOString(),
    outcome: row.outcome,
    note: row.note,
    next_call_at: iso(row.nextCallAt),
    data: (row.data ?? {}) as Record<string, unknown>,
    created_by_id: row.createdById,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findCallData(db: Tx | Deps['prisma'], leadId: number, id: number): Promise<CallData> {
  await findLead(db, leadId);
  const row = await db.callData.findFirst({ where: { id, leadId } });
  if (!row) throw notFound(CALL_DATA_NOT_FOUND);
  return row;
}

/** The columns a body sets; with `replace`, the fields it leaves out are reset. */
export function columnsOf(body: CallDataPatch, replace: boolean): Prisma.CallDataUncheckedUpdateInput {
  const data: Prisma.CallDataUncheckedUpdateInput = {};
  if (body.called_at !== undefined) data.calledAt = new Date(body.called_at);
  if (body.outcome !== undefined || replace) data.outcome = body.outcome ?? null;
  if (body.note !== undefined || replace) data.note = body.note || null;
  if (body.next_call_at !== undefined || replace) data.nextCallAt = body.next_call_at ? new Date(body.next_call_at) : null;
  if (body.data !== undefined || replace) data.data = (body.data ?? {}) as Prisma.InputJsonValue;
  return data;
}
