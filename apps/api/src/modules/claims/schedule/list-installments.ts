import { Decimal } from 'decimal.js';
import type { InstallmentStatus, ModelInstallmentsView, ModelInstallmentView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { dayNumber, today } from '../../../domain/dates.ts';
import type { Deps } from '../../../deps.ts';
import { findModel } from '../deal-models/model-record.ts';
import { day, findDeal } from '../deal-records.ts';

// A model's schedule against the deal's real claims: each installment is the model's live
// claims group of that number (claims generation numbers them from 1 within the version), and
// what it owes and has paid are the sums of the group's live claims (paid_amount comes from the
// allocations). Penalty interest and claims entered by hand belong to no group: the deal's own
// outstanding and overdue amounts count them, the schedule does not.

interface GroupSums {
  id: number;
  number: number;
  due_date: Date;
  amount: string;
  paid: string;
}

/** Where an installment stands on `asOf` (YYYY-MM-DD); the order is InstallmentStatus's. */
export function installmentStatus(dueDate: string, amount: Decimal, paid: Decimal, asOf: string): { status: InstallmentStatus; daysPastDue: number } {
  if (paid.gte(amount)) return { status: 'PAID', daysPastDue: 0 };
  const late = dayNumber(asOf) - dayNumber(dueDate);
  if (late > 0) return { status: 'OVERDUE', daysPastDue: late };
  if (paid.gt(0)) return { status: 'PARTIALLY_PAID', daysPastDue: 0 };
  return { status: late === 0 ? 'DUE' : 'FUTURE', daysPastDue: 0 };
}

/** GET /deals/{dealId}/deal-model/{id}/installments/: the version's installments with paid, remaining and status, and their totals. */
export async function listInstallments(deps: Pick<Deps, 'prisma' | 'now'>, _actor: Actor, input: { dealId: number; id: number }): Promise<ModelInstallmentsView> {
  await findDeal(deps.prisma, input.dealId);
  const model = await findModel(deps.prisma, input.dealId, input.id);
  const businessDate = today(deps);
  // One statement for the whole schedule; sums as text so no float ever holds them.
  const groups = await deps.prisma.$queryRaw<GroupSums[]>`
    SELECT g.id, g.number, g.due_date,
           coalesce(sum(c.amount), 0)::text AS amount,
           coalesce(sum(c.paid_amount), 0)::text AS paid
      FROM claims_groups g
      LEFT JOIN claims c ON c.claims_group_id = g.id AND c.cancelled_at IS NULL
     WHERE g.deal_id = ${input.dealId} AND g.deal_model_id = ${model.id} AND g.cancelled_at IS NULL
     GROUP BY g.id
     ORDER BY g.number, g.id`;

  const zero = new Decimal(0);
  const totals = { owed: zero, paid: zero, overdue: zero };
  const installments = groups.map((g): ModelInstallmentView => {
    const amount = new Decimal(g.amount);
    const paid = new Decimal(g.paid);
    const remaining = amount.minus(paid);
    const dueDate = day(g.due_date);
    const { status, daysPastDue } = installmentStatus(dueDate, amount, paid, businessDate);
    totals.owed = totals.owed.plus(amount);
    totals.paid = totals.paid.plus(paid);
    if (status === 'OVERDUE') totals.overdue = totals.overdue.plus(remaining);
    return {
      number: g.number,
      claims_group_id: g.id,
      due_date: dueDate,
      amount: amount.toFixed(2),
      paid_amount: paid.toFixed(2),
      remaining: remaining.toFixed(2),
      status,
      days_past_due: daysPastDue,
    };
  });
  return {
    deal_model_id: model.id,
    business_date: businessDate,
    installments,
    totals: {
      owed: totals.owed.toFixed(2),
      paid: totals.paid.toFixed(2),
      outstanding: totals.owed.minus(totals.paid).toFixed(2),
      overdue: totals.overdue.toFixed(2),
    },
  };
}
