import type { CollectionStep } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';

/** GET /collections/steps/: the ladder as data, by breach type and position (SERVICING.md §6). */
export async function listCollectionSteps(deps: Pick<Deps, 'prisma'>, _actor: Actor): Promise<CollectionStep[]> {
  const steps = await deps.prisma.collectionStep.findMany({ orderBy: [{ breachType: 'asc' }, { position: 'asc' }] });
  return steps.map((s) => ({
    code: s.code,
    breach_type: s.breachType,
    position: s.position,
    notice_type: s.noticeType,
    title: s.title,
    trigger_days: s.triggerDays,
    min_days_after_previous: s.minDaysAfterPrevious,
    channels: s.channels,
    registered: s.registered,
    deadline_days: s.deadlineDays,
    auto_send: s.autoSend,
    disabled_by: s.disabledBy,
    cost_of_recovery: s.costOfRecovery,
  }));
}
