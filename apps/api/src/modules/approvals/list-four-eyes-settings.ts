import { ApprovalAction, type FourEyesSetting } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';

export const settingViewOf = (s: { action: string; enabled: boolean; threshold: { toFixed(n: number): string } | null; expiresAfterDays: number }): FourEyesSetting => ({
  action: s.action as ApprovalAction,
  enabled: s.enabled,
  threshold: s.threshold ? s.threshold.toFixed(2) : null,
  expires_after_days: s.expiresAfterDays,
});

/** GET /approvals/settings/: which actions are four-eyes, from what amount, how long a request waits (one row per action). */
export async function listFourEyesSettings(deps: Pick<Deps, 'prisma'>, _actor: StaffActor): Promise<FourEyesSetting[]> {
  const rows = await deps.prisma.fourEyesSetting.findMany();
  const byAction = new Map(rows.map((r) => [r.action, r]));
  // An action without a row (added by a later release before its migration ran) is not four-eyes.
  return ApprovalAction.values.map((action) => settingViewOf(byAction.get(action) ?? { action, enabled: false, threshold: null, expiresAfterDays: 7 }));
}
