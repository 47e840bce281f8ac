import { isoDayInput } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';

const RATE = /^-?\d{1,2}(\.\d{1,3})?$/;

/**
 * Records a ČNB two-week repo rate valid from a day (`pnpm cli add-repo-rate`), the data penalty
 * interest is computed from (NV 351/2013 Sb.: the rate valid on the first day of the delay's
 * half-year). The next close of business recomputes every penalty-interest claim it concerns.
 */
export async function addRepoRate(
  deps: Pick<Deps, 'prisma'>,
  actor: Actor,
  input: { validFrom: string; rate: string; source?: string },
): Promise<{ validFrom: string; rate: string; source: string }> {
  const day = isoDayInput.safeParse(input.validFrom);
  if (!day.success) throw invalid({ valid_from: [`Bad date "${input.validFrom}": ${day.error.issues[0]!.message}`] });
  if (!RATE.test(input.rate) || Number(input.rate) < -5 || Number(input.rate) > 50) {
    throw invalid({ rate: [`Bad rate "${input.rate}": per cent per annum, e.g. 3.50 (at most three decimal places, -5 to 50).`] });
  }
  const source = input.source?.trim() || 'ČNB, vývoj 2T repo sazby';
  try {
    const row = await deps.prisma.$transaction(async (tx) => {
      const created = await tx.repoRate.create({ data: { validFrom: dbDate(day.data), rate: input.rate, source } });
      await recordAudit(tx, actor, { action: 'repo_rate.create', entity: 'RepoRate', entityId: day.data, changes: { rate: input.rate, source } });
      return created;
    });
    return { validFrom: day.data, rate: row.rate.toFixed(2), source };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(`A repo rate valid from ${day.data} is already recorded.`);
    throw error;
  }
}
