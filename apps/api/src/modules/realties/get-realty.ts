import type { RealtyView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { realtySelect, toRealtyViews, type RealtyRow } from './realty-view.ts';

/** GET /realties/{id}/ (ours): a realty with its groups, latest title deed, purchase and alerts. */
export async function getRealty(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<RealtyView> {
  const rows = await deps.prisma.$queryRaw<RealtyRow[]>`SELECT ${realtySelect} FROM realties r WHERE r.id = ${input.id}`;
  if (!rows.length) throw notFound();
  return (await toRealtyViews(deps, rows))[0]!;
}
