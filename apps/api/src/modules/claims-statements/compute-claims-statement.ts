import Decimal from 'decimal.js';
import { ClaimType, type AllocationProfile, type ClaimsStatementContent, type ClaimsStatementLine } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recomputeDelinquency } from '../servicing/index.ts';
import { allocate } from '../servicing/index.ts';
import { dealCredit } from '../servicing/index.ts';

// The figures of a claims statement as of a day D (docs/decisions/0036). Paid amounts are what
// allocations of payments dated on or before D put on each claim; penalty interest is what the
// close of business's own formula accrues through D (run inside a savepoint that is rolled
// back, so nothing of it is written); the order is the one in which the chosen profile's rules
// would pay the debts with one payment made on D.

type Tx = Prisma.TransactionClient;

/** The § 1932 baseline, for a deal whose terms name no profile: the replay's own default. */
export const FALLBACK_PROFILE: AllocationProfile = 'LOAN_ALLOCATION_PROFILE_V1';

/** The profile the deal's payments are allocated by: its active model's, else the deal's (as the replay reads it). */
export async function dealProfile(tx: Pick<Tx, '$queryRaw'>, dealId: number): Promise<AllocationProfile> {
  const [row] = await tx.$queryRaw<{ profile: AllocationProfile | null }[]>`
    SELECT coalesce(
             (SELECT m.allocation_profile FROM deal_models m WHERE m.deal_id = d.id AND m.state = 'ACTIVE'),
             d.allocation_profile)::text AS profile
      FROM deals d WHERE d.id = ${dealId}`;
  return row?.profile ?? FALLBACK_PROFILE;
}

interface ClaimRow {
  id: number;
  type: ClaimType;
  due_date: string;
  description: string | null;
  source_claim_id: number | null;
  amount: string;
  paid: string;
  simulated: boolean;
}

/**
 * Every claim of the deal not cancelled, with its amount as of D and what was paid on it by D.
 * Penalty interest: the close of business brings the deal to D (its accrual restarted from
 * scratch so that D may be earlier than the day already accrued), the amounts are read, and the
 * savepoint is rolled back. A penalty claim the close has not booked yet comes out `simulated`.
 * The caller holds the deal's allocation lock (lockDealForAllocation), so nothing moves between.
 */
async function claimsAsOf(tx: Tx, dealId: number, asOf: string): Promise<ClaimRow[]> {
  await tx.$executeRaw`SAVEPOINT claims_statement`;
  try {
    const [{ ids }] = (await tx.$queryRaw<{ ids: number[] }[]>`SELECT coalesce(array_agg(id), '{}') AS ids FROM claims WHERE deal_id = ${dealId}`) as [{ ids: number[] }];
    await tx.$executeRaw`
      UPDATE claims SET accrued_through = NULL
       WHERE deal_id = ${dealId} AND type = 'PENALTY_INTEREST' AND source_claim_id IS NOT NULL AND cancelled_at IS NULL`;
    await recomputeDelinquency(tx, dealId, asOf);
    // A penalty claim the close accrued again has accrued_through set; its amount through D is
    // accrued_exact rounded as the close rounds it (half-up), never the clamp to what was paid later.
    return await tx.$queryRaw<ClaimRow[]>`
      SELECT c.id, c.type::text AS type, to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.description, c.source_claim_id,
             (CASE WHEN c.type = 'PENALTY_INTEREST' AND c.accrued_through IS NOT NULL THEN round(c.accrued_exact, 2) ELSE c.amount END)::text AS amount,
             coalesce((SELECT sum(a.amount) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
                        WHERE a.claim_id = c.id AND p.date <= ${asOf}::date), 0)::text AS paid,
             NOT (c.id = ANY(${ids}::int[])) AS simulated
        FROM claims c
       WHERE c.deal_id = ${dealId} AND c.cancelled_at IS NULL
       ORDER BY c.due_date, c.id`;
  } finally {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT claims_statement`;
    await tx.$executeRaw`RELEASE SAVEPOINT claims_statement`;
  }
}


/**
 * Lines in the order `profile` pays them: the engine itself allocates one payment of everything
 * owed, made on D; a line no rule of the profile takes (a due-only profile and a claim not yet
 * due) follows in due-date order with no rule.
 */
export function orderByProfile(profile: AllocationProfile, asOf: string, lines: readonly ClaimsStatementLine[]): ClaimsStatementLine[] {
  if (lines.length === 0) return [];
  const total = lines.reduce((sum, l) => sum.plus(l.remaining), new Decimal(0));
  const result = allocate({
    profile,
    claims: lines.map((l, i) => ({ id: i, type: l.type, dueDate: l.due_date, amount: l.remaining })),
    payments: [{ id: 1, date: asOf, amount: total.toFixed(2) }],
  });
  const placed = new Map<number, string>();
  for (const row of result.allocations) if (!placed.has(row.claimId)) placed.set(row.claimId, row.rule);
  const ordered = [...placed].map(([i, rule]) => ({ ...lines[i]!, rule }));
  const rest = lines.map((l, i) => ({ l, i })).filter(({ i }) => !placed.has(i)).map(({ l }) => ({ ...l, rule: null }));
  return [...ordered, ...rest];
}

const sum = (lines: readonly ClaimsStatementLine[]) => lines.reduce((s, l) => s.plus(l.remaining), new Decimal(0));

/** The statement of deal `dealId` as of `asOf` under `profile`, inside the caller's transaction (which holds the deal's allocation lock). */
export async function computeClaimsStatement(tx: Tx, dealId: number, asOf: string, profile: AllocationProfile): Promise<ClaimsStatementContent> {
  const deal = await tx.deal.findUniqueOrThrow({ where: { id: dealId }, select: { contractNumber: true, variableSymbol: true } });
  const claims = await claimsAsOf(tx, dealId, asOf);
  const lines: ClaimsStatementLine[] = [];
  for (const c of claims) {
    const remaining = Decimal.max(0, new Decimal(c.amount).minus(c.paid));
    if (remaining.isZero()) continue;
    if (c.due_date > asOf && c.type !== 'PRINCIPAL') continue;
    lines.push({
      claim_id: c.simulated ? null : c.id,
      source_claim_id: c.source_claim_id,
      type: c.type,
      type_label: ClaimType.labels[c.type],
      due_date: c.due_date,
      description: c.description,
      amount: new Decimal(c.amount).toFixed(2),
      paid: new Decimal(c.paid).toFixed(2),
      remaining: remaining.toFixed(2),
      rule: null,
    });
  }
  const ordered = orderByProfile(profile, asOf, lines);
  const due = ordered.filter((l) => l.due_date <= asOf);
  const notYetDue = ordered.filter((l) => l.due_date > asOf);
  const byType = new Map<ClaimType, Decimal>();
  for (const l of due) byType.set(l.type, (byType.get(l.type) ?? new Decimal(0)).plus(l.remaining));
  const totalDue = sum(due);
  const totalNotYetDue = sum(notYetDue);
  return {
    contract_number: deal.contractNumber,
    variable_symbol: deal.variableSymbol,
    allocation_profile: profile,
    due,
    not_yet_due_principal: notYetDue,
    totals_by_type: [...byType].map(([type, remaining]) => ({ type, type_label: ClaimType.labels[type], remaining: remaining.toFixed(2) })),
    total_due: totalDue.toFixed(2),
    total_not_yet_due_principal: totalNotYetDue.toFixed(2),
    grand_total: totalDue.plus(totalNotYetDue).toFixed(2),
    credit: await dealCredit(tx, dealId, asOf),
  };
}
