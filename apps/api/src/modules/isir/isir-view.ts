import { IsirCaseState, type IsirCaseView } from '@lending/contracts';
import type { IsirCase } from '../../generated/prisma/client.ts';

export function toIsirCaseView(c: IsirCase): IsirCaseView {
  return {
    id: c.id,
    file_mark: c.fileMark,
    state: c.state,
    state_label: IsirCaseState.labels[c.state],
    person_id: c.personId,
    court: c.court,
    debtor_name: c.debtorName,
    started_at: c.startedAt?.toISOString().slice(0, 10) ?? null,
    data: c.data && typeof c.data === 'object' && !Array.isArray(c.data) ? (c.data as Record<string, unknown>) : null,
    last_checked_at: c.lastCheckedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
