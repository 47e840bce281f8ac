import type { collectionCallRequest} from '@lending/contracts';
import { collectionsMessages } from '@lending/contracts';
import type { z } from 'zod';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate, fromDbDate, today } from '../../domain/dates.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { personName } from '../notices/notice-views.ts';
import { SERVICED_STATES } from '../servicing/index.ts';
import { staffNames } from '../users/staff-names.ts';

/**
 * POST /deals/{dealId}/collection-calls/: a call with the debtor (outcome, note, next action) on
 * a serviced deal, with the promise to pay they made on it, if any (its date not in the past);
 * the close of business later marks the promise kept or broken. Audited with the deal.
 */
export async function logCollectionCall(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; call: z.output<typeof collectionCallRequest> }) {
  const { call } = input;
  const day = today(deps);
  if (call.promise && call.promise.promised_on < day) throw invalid({ 'promise.promised_on': [collectionsMessages.promiseDateInPast] });
  return deps.prisma.$transaction(async (tx) => {
    const deal = await tx.deal.findUnique({ where: { id: input.dealId }, select: { state: true, participants: { select: { personId: true } } } });
    if (!deal) throw notFound();
    if (!(SERVICED_STATES as readonly string[]).includes(deal.state)) throw invalid({ deal: [collectionsMessages.notServiced] });
    if (call.person !== null && !deal.participants.some((p) => p.personId === call.person)) throw invalid({ person: [collectionsMessages.addresseeNotOnDeal] });
    const row = await tx.collectionCall.create({
      data: { dealId: input.dealId, personId: call.person, calledAt: deps.now(), outcome: call.outcome, note: call.note, nextActionOn: call.next_action_on ? dbDate(call.next_action_on) : null, createdById: actor.staffId },
    });
    const promise = call.promise
      ? await tx.promiseToPay.create({ data: { dealId: input.dealId, callId: row.id, madeOn: dbDate(day), promisedOn: dbDate(call.promise.promised_on), amount: call.promise.amount, createdById: actor.staffId } })
      : null;
    await recordAudit(tx, actor, {
      action: 'deal.collection_call',
      entity: 'CollectionCall',
      entityId: row.id,
      changes: { deal_id: input.dealId, outcome: call.outcome, ...(promise ? { promise: { id: promise.id, promised_on: call.promise!.promised_on, amount: promise.amount.toFixed(2) } } : {}) },
    });
    const person = call.person !== null ? await tx.person.findUnique({ where: { id: call.person }, select: { id: true, firstName: true, lastName: true, companyName: true } }) : null;
    const names = await staffNames(tx, [actor.staffId]);
    return {
      id: row.id,
      deal: row.dealId,
      person: person ? { id: person.id, name: personName(person) } : null,
      called_at: row.calledAt.toISOString(),
      outcome: row.outcome,
      note: row.note,
      next_action_on: row.nextActionOn ? fromDbDate(row.nextActionOn) : null,
      created_by: { id: actor.staffId, name: names.get(actor.staffId) ?? '' },
      promise: promise?.id ?? null,
    };
  });
}
