import type { PurposeDrawing } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { drawingInclude, toDrawing } from './purpose-view.ts';

/** GET /deals/purpose/purpose-drawing/{id}/ */
export async function getDrawing(deps: Pick<Deps, 'prisma'>, id: number): Promise<PurposeDrawing> {
  const drawing = await deps.prisma.purposeDrawing.findUnique({ where: { id }, include: { ...drawingInclude, purpose: { select: { dealId: true } } } });
  if (!drawing) throw notFound();
  return toDrawing(drawing, drawing.purpose.dealId);
}
