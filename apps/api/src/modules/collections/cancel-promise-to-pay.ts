import { collectionsMessages } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { toPromise } from './collection-views.ts';
import { staffNames } from '../users/staff-names.ts';

/** POST /deals/{dealId}/promises-to-pay/{id}/cancel/: withdraws an OPEN promise (entered by mistake). */
export async function cancelPromiseToPay(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; id: number }) {
  return deps.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string }[]>`SELECT state FROM promises_to_pay WHERE id = ${input.id} AND deal_id = ${input.dealId} FOR UPDATE`;
    if (!row) throw notFound(collectionsMessages.promiseNotFound);
    if (row.state !== 'OPEN') throw conflict(collectionsMessages.promiseNotOpen);
    const updated = await tx.promiseToPay.update({ where: { id: input.id }, data: { state: 'CANCELLED' } });
    await recordAudit(tx, actor, { action: 'deal.promise_to_pay.cancel', entity: 'PromiseToPay', entityId: input.id, changes: { deal_id: input.dealId } });
    return toPromise(updated, await staffNames(tx, [updated.createdById]));
  });
}
