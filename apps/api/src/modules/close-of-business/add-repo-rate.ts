import { isoDayInput } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';

const RATE = /^-?\d{1,2}(\.\d{1,3})?$/;

export type AddRepoRateResult = { ok: true; validFrom: string; rate: string; source: string } | { ok: false; error: string };

/**
 * Records a ČNB two-week repo rate valid from a day (`pnpm cli add-repo-rate`), the data penalty
 * interest is computed from (NV 351/2013 Sb.: the rate valid on the first day of the delay's
 * half-year). The next close of business recomputes every penalty-interest claim it concerns.
 */
export async function addRepoRate(deps: Pick<Deps, 'prisma'>, input: { validFrom: string; rate: string; source?: string }): Promise<AddRepoRateResult> {
  const day = isoDayInput.safeParse(input.validFrom);
  if (!day.success) return { ok: false, error: `Bad date "${input.validFrom}": ${day.error.issues[0]!.message}` };
  if (!RATE.test(input.rate) || Number(input.rate) < -5 || Number(input.rate) > 50) return { ok: false, error: `Bad rate "${input.rate}": per cent per annum, e.g. 3.50 (at most three decimal places, -5 to 50).` };
  const source = input.source?.trim() || 'ČNB, vývoj 2T repo sazby';
  try {
    const row = await deps.prisma.repoRate.create({ data: { validFrom: new Date(`${day.data}T00:00:00Z`), rate: input.rate, source } });
    return { ok: true, validFrom: day.data, rate: row.rate.toFixed(2), source };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return { ok: false, error: `A repo rate valid from ${day.data} is already recorded.` };
    throw error;
  }
}
