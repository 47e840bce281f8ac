import { NoticeType, type Notice, type NoticeGroup } from '@lending/contracts';
import { fromDbDate } from '../../domain/dates.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

// How notice groups and notices are answered (docs/decisions/0048).

export const groupInclude = {
  step: { select: { code: true, title: true, position: true, autoSend: true } },
  round: { select: { id: true, breachType: true, startedOn: true, endedOn: true } },
  notices: {
    orderBy: [{ personId: 'asc' }, { channel: 'asc' }],
    include: {
      notification: { select: { id: true, state: true, error: true } },
    },
  },
} satisfies Prisma.NoticeGroupInclude;

type GroupRow = Prisma.NoticeGroupGetPayload<{ include: typeof groupInclude }>;
type NoticeRow = GroupRow['notices'][number];

export type Names = { persons: Map<number, string>; staff: Map<number, string> };

/** A person's name as letters address them: the company, else first and last name. */
export const personName = (p: { firstName: string | null; lastName: string | null; companyName: string | null }) =>
  p.companyName ?? ([p.firstName, p.lastName].filter(Boolean).join(' ') || '—');

/** The names the views show, read in two queries for any number of groups. */
export async function namesFor(tx: Pick<Prisma.TransactionClient, 'person' | 'staffUser'>, groups: GroupRow[]): Promise<Names> {
  const personIds = [...new Set(groups.flatMap((g) => g.notices.map((n) => n.personId)))];
  const staffIds = [...new Set(groups.flatMap((g) => [g.createdById, g.sentById]).filter((id): id is number => id !== null))];
  const [persons, staff] = await Promise.all([
    personIds.length ? tx.person.findMany({ where: { id: { in: personIds } }, select: { id: true, firstName: true, lastName: true, companyName: true } }) : [],
    staffIds.length ? tx.staffUser.findMany({ where: { id: { in: staffIds } }, select: { id: true, firstName: true, lastName: true, email: true } }) : [],
  ]);
  return {
    persons: new Map(persons.map((p) => [p.id, personName(p)])),
    staff: new Map(staff.map((s) => [s.id, [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email])),
  };
}

const staffRef = (names: Names, id: number | null) => (id === null ? null : { id, name: names.staff.get(id) ?? `#${id}` });

export function toNotice(n: NoticeRow, names: Names): Notice {
  return {
    id: n.id,
    group: n.groupId,
    person: { id: n.personId, name: names.persons.get(n.personId) ?? `#${n.personId}` },
    role: n.role,
    channel: n.channel,
    state: n.state,
    recipient: n.recipient,
    sent_at: n.sentAt?.toISOString() ?? null,
    error: n.error,
    notification: n.notification ? { id: n.notification.id, state: n.notification.state, error: n.notification.error } : null,
    has_pdf: n.pdfKey !== null,
  };
}

export function toNoticeGroup(g: GroupRow, names: Names): NoticeGroup {
  return {
    id: g.id,
    deal: g.dealId,
    step: g.step ? { code: g.step.code, title: g.step.title, position: g.step.position, auto_send: g.step.autoSend } : null,
    title: g.title ?? g.step?.title ?? NoticeType.labels[g.noticeType],
    round: g.round ? { id: g.round.id, breach_type: g.round.breachType, started_on: fromDbDate(g.round.startedOn), ended_on: g.round.endedOn ? fromDbDate(g.round.endedOn) : null } : null,
    notice_type: g.noticeType,
    state: g.state,
    date: fromDbDate(g.date),
    deadline: fromDbDate(g.deadline),
    channels: g.channels,
    registered: g.registered,
    note: g.note,
    created_by: staffRef(names, g.createdById),
    sent_by: staffRef(names, g.sentById),
    sent_at: g.sentAt?.toISOString() ?? null,
    cancelled_at: g.cancelledAt?.toISOString() ?? null,
    cancel_reason: g.cancelReason,
    created_at: g.createdAt.toISOString(),
    notices: g.notices.map((n) => toNotice(n, names)),
  };
}

/** One group as answered, read in `tx`. */
export async function readNoticeGroup(tx: Prisma.TransactionClient, id: number): Promise<NoticeGroup> {
  const group = await tx.noticeGroup.findUniqueOrThrow({ where: { id }, include: groupInclude });
  return toNoticeGroup(group, await namesFor(tx, [group]));
}
