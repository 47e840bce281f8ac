import type { PurposeDrawing } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { drawingInclude, toDrawing } from './purpose-view.ts';

/** GET /deals/purpose/purpose-drawing/{id}/ */
export async function getDrawing(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<PurposeDrawing> {
  const drawing = await deps.prisma.purposeDrawing.findUnique({ where: { id: input.id }, include: { ...drawingInclude, purpose: { select: { dealId: true } } } });
  if (!drawing) throw notFound();
  return toDrawing(drawing, drawing.purpose.dealId);
}
