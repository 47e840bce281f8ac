import type { TitleDeedChange } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { compareExtracts } from './compare-extracts.ts';
import { extractOf } from './title-deed-view.ts';

export const compareMessages = { otherLv: 'Porovnat lze jen dva výpisy téhož listu vlastnictví.' };

/** GET /title-deeds/{id}/changes/?since={otherId} (ours): what changed between two extracts of one LV. */
export async function compareTitleDeeds(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number; since: number }): Promise<TitleDeedChange[]> {
  const rows = await deps.prisma.titleDeed.findMany({ where: { id: { in: [input.id, input.since] }, downloadedAt: { not: null } } });
  const next = rows.find((r) => r.id === input.id);
  const previous = rows.find((r) => r.id === input.since);
  if (!next) throw notFound();
  if (!previous) throw invalid({ since: ['Takový výpis neexistuje.'] });
  if (previous.cadastralLocationCode !== next.cadastralLocationCode || previous.lvNumber !== next.lvNumber) throw invalid({ since: [compareMessages.otherLv] });
  const [a, b] = [extractOf(previous), extractOf(next)];
  return a && b ? compareExtracts(a, b) : [];
}
