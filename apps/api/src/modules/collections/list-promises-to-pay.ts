import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { toPromise } from './collection-views.ts';
import { staffNames } from '../users/staff-names.ts';

/** GET /deals/{dealId}/promises-to-pay/: the deal's promises, newest first. */
export async function listPromisesToPay(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number }) {
  if (!(await deps.prisma.deal.findUnique({ where: { id: input.dealId }, select: { id: true } }))) throw notFound();
  const rows = await deps.prisma.promiseToPay.findMany({ where: { dealId: input.dealId }, orderBy: { id: 'desc' }, take: 500 });
  const staff = await staffNames(deps.prisma, rows.map((r) => r.createdById));
  return rows.map((r) => toPromise(r, staff));
}
