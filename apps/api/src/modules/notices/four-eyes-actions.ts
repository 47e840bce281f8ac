import { czechDay, sendNoticesRequest, type ApprovalAction, type NoticeGroup } from '@lending/contracts';
import { z } from 'zod';
import { fromDbDate } from '../../domain/dates.ts';
import type { AnyFourEyesAction, FourEyesAction } from '../approvals/four-eyes.ts';
import { sendNoticeGroup } from './send-notice-group.ts';

const sendInput = sendNoticesRequest.extend({ dealId: z.number().int(), id: z.number().int() });
type SendInput = z.output<typeof sendInput>;

/**
 * Acceleration (zesplatnění, ROLES.md: four-eyes for collections): sending a group of the
 * ACCELERATION step waits for a second collector or an administrator. Every other group sends at
 * once (describe answers null).
 */
export const noticeAcceleration: FourEyesAction<SendInput, NoticeGroup> = {
  action: 'NOTICE_ACCELERATION',
  input: sendInput,
  async describe(tx, { dealId, id }) {
    const group = await tx.noticeGroup.findFirst({ where: { id, dealId }, select: { noticeType: true, date: true, _count: { select: { notices: true } } } });
    if (!group || group.noticeType !== 'ACCELERATION') return null;
    return { dealId, amount: null, summary: `Odeslání oznámení o zesplatnění ze dne ${czechDay(fromDbDate(group.date))} (${group._count.notices} adresátům) — obchod #${dealId}` };
  },
  execute: (deps, actor, input) => sendNoticeGroup(deps, actor, input),
  resultOf: (group) => ({ notice_group_id: group.id }),
};

export const noticesFourEyesActions: { [A in ApprovalAction]?: AnyFourEyesAction } = { NOTICE_ACCELERATION: noticeAcceleration };
