import { Decimal } from 'decimal.js';
import {
  czechDay,
  DealState,
  dealStateMessages,
  dealStateTransitionAllowed,
  formatCzk,
  ObligationType,
  type DealClosedReason,
  type DealProblem,
  type DealProblemCode,
  type DealType,
} from '@lending/contracts';
import type { Deal } from '../../../generated/prisma/client.ts';
import { dbDate } from '../../../domain/dates.ts';
import { InvalidScheduleTerms } from '../schedule/compute-schedule.ts';
import { computeModelSchedule } from '../schedule/model-schedule.ts';
import { kindOf, termsOf } from '../deal-models/model-record.ts';
import { versionToActivate } from '../activation/activate-first-model.ts';
import { day, type Db } from '../deal-records.ts';

// What stops a deal's transition (docs/decisions/0024): every problem at once, each with a
// Czech sentence, so staff fix them in one go. `validate` answers them; the state call refuses
// with the same list.

type Requirement = 'debtor' | 'model' | 'draftModel' | 'purpose' | 'collateral' | 'obligations' | 'closedReason' | 'settled';

/** What each target state requires of the deal. */
export const REQUIREMENTS: Readonly<Record<DealState, readonly Requirement[]>> = {
  NEW_APPLICATION: [],
  CONTRACT_COMPLETION: ['debtor', 'model'],
  CONTRACT_SIGN: ['debtor', 'model', 'purpose', 'collateral', 'obligations'],
  ACTIVE: ['debtor', 'draftModel', 'purpose', 'collateral', 'obligations'],
  CLOSED_APPLICATION: [],
  FILED_FOR_INSOLVENCY: [],
  CLOSED: ['closedReason', 'settled'],
};

/** Deal types whose money is paid out to named purposes (the loan to the borrower or their creditors, the purchase price to the seller). */
const NEEDS_PURPOSE: ReadonlySet<DealType> = new Set(['CONSUMER_LOAN', 'INVESTMENT_LOAN', 'INVESTMENT_LOAN_V15', 'INVESTMENT_LOAN_V151', 'INVESTMENT_LOAN_V2', 'SALE_AND_LEASEBACK']);
/** Deal types secured by (or about) a realty: business loans, the leased or bought-and-leased-back property. */
const NEEDS_COLLATERAL: ReadonlySet<DealType> = new Set(['INVESTMENT_LOAN', 'INVESTMENT_LOAN_V15', 'INVESTMENT_LOAN_V151', 'INVESTMENT_LOAN_V2', 'LEASE', 'SALE_AND_LEASEBACK']);
/** Roles that owe the deal's claims. */
export const DEBTOR_ROLES = ['BORROWER', 'DEBTOR', 'TENANT'] as const;

const problem = (code: DealProblemCode, message: string, objectId: number | null = null): DealProblem => ({ code, message, object_id: objectId });

/**
 * Every problem that stops `deal` going to `target` on `today` (Prague). Reads what other
 * modules own (participants, purposes, realty groups, obligations, claims) without changing it.
 */
export async function dealProblems(db: Db, deal: Deal, target: DealState, closedReason: DealClosedReason | null | undefined, today: string): Promise<DealProblem[]> {
  const problems: DealProblem[] = [];
  if (deal.state === target) problems.push(problem('TRANSITION_NOT_ALLOWED', dealStateMessages.same(DealState.labels[target])));
  else if (!dealStateTransitionAllowed(deal.state, target)) problems.push(problem('TRANSITION_NOT_ALLOWED', dealStateMessages.forbidden(DealState.labels[deal.state], DealState.labels[target])));
  const needs = new Set(REQUIREMENTS[target]);

  if (needs.has('debtor')) {
    const debtors = await db.dealParticipant.count({ where: { dealId: deal.id, role: { in: [...DEBTOR_ROLES] } } });
    if (!debtors) problems.push(problem('NO_DEBTOR', 'Obchod nemá dlužníka: přidejte účastníka v roli vydlužitel, dlužník nebo nájemce.'));
  }

  // The version the deal would be signed or activated with: the newest draft, else the one in force.
  let payout: Decimal | null = null;
  if (needs.has('model') || needs.has('draftModel')) {
    const draft = await versionToActivate(db, deal.id);
    const model = draft ?? (needs.has('model') ? await db.dealModel.findFirst({ where: { dealId: deal.id, state: 'ACTIVE' } }) : null);
    if (!model) {
      problems.push(needs.has('draftModel') ? problem('NO_DRAFT_MODEL', 'Obchod nemá návrh modelu, který by se aktivací stal platným.') : problem('NO_DEAL_MODEL', 'Obchod nemá model (návrh ani platnou verzi).'));
    } else {
      try {
        computeModelSchedule(termsOf(model), kindOf(deal.type), { rpsn: false });
        payout = new Decimal(model.principal.toFixed(2)).minus(model.upfrontFee.toFixed(2));
      } catch (error) {
        if (!(error instanceof InvalidScheduleTerms)) throw error;
        problems.push(problem('INVALID_DEAL_MODEL', `Model verze ${model.version} nelze použít: ${Object.values(error.fields).flat().join(' ')}`, model.id));
      }
    }
  }

  if (needs.has('purpose') && NEEDS_PURPOSE.has(deal.type)) {
    const purposes = await db.purpose.aggregate({ where: { dealId: deal.id }, _sum: { amount: true }, _count: true });
    if (!purposes._count) problems.push(problem('MISSING_PURPOSE', 'Obchod nemá účel výplaty: zadejte, komu a kolik se vyplatí.'));
    else if (payout && !payout.eq(purposes._sum.amount!.toFixed(2))) {
      problems.push(problem('PURPOSE_MISMATCH', `Součet účelů výplaty (${formatCzk(purposes._sum.amount!.toFixed(2))}) se neshoduje s částkou k výplatě podle modelu (${formatCzk(payout.toFixed(2))}).`));
    }
  }

  if (needs.has('collateral') && NEEDS_COLLATERAL.has(deal.type)) {
    const groups = await db.realtyGroup.count({ where: { dealId: deal.id, realties: { some: {} } } });
    if (!groups) problems.push(problem('MISSING_COLLATERAL', 'Obchod nemá zajištění: přidejte skupinu nemovitostí s alespoň jednou nemovitostí.'));
  }

  if (needs.has('obligations')) {
    const overdue = await db.dealObligation.findMany({ where: { dealId: deal.id, fulfilledAt: null, dueDate: { lt: dbDate(today) } }, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }] });
    for (const o of overdue) {
      problems.push(problem('UNDELIVERED_OBLIGATION', `Povinnost „${ObligationType.labels[o.type]}“ nebyla splněna do ${czechDay(day(o.dueDate!))}.`, o.id));
    }
  }

  if (needs.has('closedReason') && !closedReason) problems.push(problem('CLOSED_REASON_REQUIRED', dealStateMessages.closedReasonRequired));
  if (needs.has('settled') && closedReason === 'CLOSED_DULY') {
    const [row] = await db.$queryRaw<{ outstanding: string | null }[]>`
      SELECT sum(amount - paid_amount)::text AS outstanding FROM claims WHERE deal_id = ${deal.id} AND cancelled_at IS NULL`;
    const outstanding = new Decimal(row?.outstanding ?? 0);
    if (outstanding.gt(0)) problems.push(problem('OUTSTANDING_CLAIMS', `Obchod nelze uzavřít jako řádně splacený: zbývá uhradit ${formatCzk(outstanding.toFixed(2))}.`));
  }
  return problems;
}
