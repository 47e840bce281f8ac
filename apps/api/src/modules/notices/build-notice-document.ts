import { NoticeType, ObligationType, PersonRole } from '@lending/contracts';
import type { Config } from '../../config.ts';
import { addDays, fromDbDate } from '../../domain/dates.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { computeClaimsStatement, dealProfile } from '../claims-statements/compute-claims-statement.ts';
import { lockDealForAllocation } from '../servicing/index.ts';
import type { NoticeDocument } from './notice-document.ts';
import { personName } from './notice-views.ts';

type Tx = Prisma.TransactionClient;
export type LenderConfig = Pick<Config, 'LENDER_NAME' | 'LENDER_ADDRESS' | 'LENDER_ACCOUNT' | 'LENDER_IBAN'>;

/** A postal address as letter lines: street and number, then ZIP and city (the whole text split when its parts are unknown). */
export function addressLines(a: { wholeAddress: string; street: string | null; houseNumber: string | null; city: string | null; zip: string | null } | undefined): string[] {
  if (!a) return [];
  if (a.street && a.city) {
    const zip = a.zip ? `${a.zip.replace(/\s/g, '').replace(/^(\d{3})(\d{2})$/, '$1 $2')} ` : '';
    return [[a.street, a.houseNumber].filter(Boolean).join(' '), `${zip}${a.city}`];
  }
  return a.wholeAddress.split(',').map((part) => part.trim()).filter(Boolean);
}

/** The person's letter address: the contact address, else permanent, else registered. */
export async function postalAddress(tx: Pick<Tx, 'personAddress'>, personId: number) {
  const rows = await tx.personAddress.findMany({ where: { personId } });
  const rank = { CONTACT: 0, PERMANENT: 1, REGISTERED: 2 } as const;
  return rows.sort((a, b) => rank[a.type] - rank[b.type] || a.id - b.id)[0];
}

/** What every notice of a group shares: the deal's figures as of the group's date and the ladder around it. */
export type GroupContent = Omit<NoticeDocument, 'noticeId' | 'addressee'>;

/**
 * The content of a group's notices as of its date: the claims statement the claims-statement
 * code computes for that day (the deal's allocation lock held, its penalty interest brought to
 * the day and rolled back), the penalty rate still running, what to pay by the group's deadline,
 * the undelivered obligation of the round, and the next step of the ladder with the day it can
 * come. Computed once per group; each addressee's notice adds its name and address
 * (noticeDocument). Called when a group is sent (the content is then frozen on each notice) and
 * for previews of prepared ones.
 */
export async function buildGroupContent(tx: Tx, lender: LenderConfig, groupId: number): Promise<GroupContent> {
  const group = await tx.noticeGroup.findUniqueOrThrow({
    where: { id: groupId },
    include: { step: true, round: { include: { breach: { include: { obligation: true } } } }, deal: { select: { id: true, contractNumber: true, variableSymbol: true } } },
  });
  const date = fromDbDate(group.date);
  await lockDealForAllocation(tx, group.dealId);
  const statement = await computeClaimsStatement(tx, group.dealId, date, await dealProfile(tx, group.dealId));
  const [rate] = await tx.$queryRaw<{ rate: string | null }[]>`
    SELECT max(rate)::text AS rate FROM claims
     WHERE deal_id = ${group.dealId} AND type = 'PENALTY_INTEREST' AND cancelled_at IS NULL AND rate IS NOT NULL AND paid_amount < amount`;
  const title = group.title ?? group.step?.title ?? NoticeType.labels[group.noticeType];
  const contract = group.deal.contractNumber ?? `obchod ${group.dealId}`;
  const overdue = Number(statement.total_due) > 0; // a comparison with zero only, never arithmetic
  const obligation = group.round?.breach?.obligation;
  return {
    groupId: group.id,
    noticeType: group.noticeType,
    title,
    date,
    registered: group.registered,
    lender: { name: lender.LENDER_NAME, address: lender.LENDER_ADDRESS ?? null, account: lender.LENDER_ACCOUNT ?? null, iban: lender.LENDER_IBAN ?? null },
    deal: { id: group.dealId, contractNumber: group.deal.contractNumber, variableSymbol: group.deal.variableSymbol },
    statement,
    penaltyRate: rate?.rate ?? null,
    payment: overdue ? { amount: statement.total_due, variableSymbol: group.deal.variableSymbol, dueBy: fromDbDate(group.deadline), message: `${title} ${contract}` } : null,
    obligation: obligation ? { label: ObligationType.labels[obligation.type], description: obligation.description, dueDate: obligation.dueDate ? fromDbDate(obligation.dueDate) : null } : null,
    nextStep: await nextStepOf(tx, group),
    note: group.note,
  };
}

/** One addressee's notice of a group: the group's content with their name, role and postal address. */
export async function noticeDocument(
  tx: Pick<Tx, 'person' | 'personAddress'>,
  group: GroupContent,
  notice: { id: number; personId: number; role: PersonRole },
): Promise<NoticeDocument> {
  const person = await tx.person.findUniqueOrThrow({ where: { id: notice.personId }, select: { firstName: true, lastName: true, companyName: true } });
  return {
    ...group,
    noticeId: notice.id,
    addressee: { name: personName(person), roleLabel: PersonRole.labels[notice.role].toLowerCase(), addressLines: addressLines(await postalAddress(tx, notice.personId)) },
  };
}

/**
 * The ladder's next step after this group's and the earliest day it can come: not before the
 * letter's deadline has passed, nor before the step's waiting time, nor before its trigger (the
 * days past due it needs if nothing is paid, or the days since the breach began).
 */
async function nextStepOf(
  tx: Pick<Tx, 'collectionStep'>,
  group: { date: Date; deadline: Date; step: { breachType: string; position: number } | null; round: { startedOn: Date; breachType: string } | null },
): Promise<{ title: string; on: string } | null> {
  if (!group.step || !group.round) return null;
  const next = await tx.collectionStep.findFirst({ where: { breachType: group.step.breachType as never, position: group.step.position + 1 } });
  if (!next) return null;
  const started = fromDbDate(group.round.startedOn);
  // Days past due on day X are X − (first day past due − 1).
  const triggerDay = group.round.breachType === 'NON_PAYING' ? addDays(started, next.triggerDays - 1) : addDays(started, next.triggerDays);
  const on = [addDays(fromDbDate(group.deadline), 1), addDays(fromDbDate(group.date), next.minDaysAfterPrevious), triggerDay].sort().at(-1)!;
  return { title: next.title, on };
}
