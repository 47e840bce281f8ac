import type { Purpose } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { purposeInclude, toPurpose } from './purpose-view.ts';

/** GET /deals/{dealId}/purposes/{id}/ */
export async function getPurpose(deps: Pick<Deps, 'prisma'>, dealId: number, id: number): Promise<Purpose> {
  const purpose = await deps.prisma.purpose.findFirst({ where: { id, dealId }, include: purposeInclude });
  if (!purpose) throw notFound();
  return toPurpose(purpose);
}
