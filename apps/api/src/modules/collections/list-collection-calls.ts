import type { Actor } from '../../domain/actor.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { personName } from '../notices/notice-views.ts';
import { staffNames } from '../users/staff-names.ts';

/** GET /deals/{dealId}/collection-calls/: the deal's call log, newest first. */
export async function listCollectionCalls(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number }) {
  if (!(await deps.prisma.deal.findUnique({ where: { id: input.dealId }, select: { id: true } }))) throw notFound();
  const calls = await deps.prisma.collectionCall.findMany({ where: { dealId: input.dealId }, orderBy: [{ calledAt: 'desc' }, { id: 'desc' }], include: { promises: { select: { id: true } } }, take: 500 });
  const personIds = calls.map((c) => c.personId).filter((id): id is number => id !== null);
  const persons = new Map((await deps.prisma.person.findMany({ where: { id: { in: personIds } }, select: { id: true, firstName: true, lastName: true, companyName: true } })).map((p) => [p.id, personName(p)]));
  const staff = await staffNames(deps.prisma, calls.map((c) => c.createdById));
  return calls.map((c) => ({
    id: c.id,
    deal: c.dealId,
    person: c.personId !== null ? { id: c.personId, name: persons.get(c.personId) ?? '' } : null,
    called_at: c.calledAt.toISOString(),
    outcome: c.outcome,
    note: c.note,
    next_action_on: c.nextActionOn ? fromDbDate(c.nextActionOn) : null,
    created_by: { id: c.createdById, name: staff.get(c.createdById) ?? '' },
    promise: c.promises[0]?.id ?? null,
  }));
}
