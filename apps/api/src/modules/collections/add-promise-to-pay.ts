import { collectionsMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate, today } from '../../domain/dates.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { toPromise } from './collection-views.ts';
import { staffNames } from '../users/staff-names.ts';

/** POST /deals/{dealId}/promises-to-pay/: a promise recorded without a call (e.g. by letter or e-mail). */
export async function addPromiseToPay(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; promised_on: string; amount: string }) {
  const day = today(deps);
  if (input.promised_on < day) throw invalid({ promised_on: [collectionsMessages.promiseDateInPast] });
  return deps.prisma.$transaction(async (tx) => {
    if (!(await tx.deal.findUnique({ where: { id: input.dealId }, select: { id: true } }))) throw notFound();
    const row = await tx.promiseToPay.create({ data: { dealId: input.dealId, madeOn: dbDate(day), promisedOn: dbDate(input.promised_on), amount: input.amount, createdById: actor.staffId } });
    await recordAudit(tx, actor, { action: 'deal.promise_to_pay', entity: 'PromiseToPay', entityId: row.id, changes: { deal_id: input.dealId, promised_on: input.promised_on, amount: row.amount.toFixed(2) } });
    return toPromise(row, await staffNames(tx, [actor.staffId]));
  });
}
