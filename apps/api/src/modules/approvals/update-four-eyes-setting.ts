import type { ApprovalAction, FourEyesSetting, FourEyesSettingRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { settingViewOf } from './list-four-eyes-settings.ts';

/** PUT /approvals/settings/{action}/: ADMIN switches an action's four-eyes, its threshold and expiry (audited). Requests already pending keep theirs. */
export async function updateFourEyesSetting(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { action: ApprovalAction; setting: FourEyesSettingRequest }): Promise<FourEyesSetting> {
  const { action, setting } = input;
  return deps.prisma.$transaction(async (tx) => {
    const before = await tx.fourEyesSetting.findUnique({ where: { action } });
    const data = { enabled: setting.enabled, threshold: setting.threshold, expiresAfterDays: setting.expires_after_days };
    const saved = await tx.fourEyesSetting.upsert({ where: { action }, create: { action, ...data }, update: data });
    await recordAudit(tx, actor, {
      action: 'four_eyes_setting.update',
      entity: 'FourEyesSetting',
      entityId: action,
      changes: { from: before ? settingViewOf(before) : null, to: settingViewOf(saved) },
    });
    return settingViewOf(saved);
  });
}
