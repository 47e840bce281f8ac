import { Decimal } from 'decimal.js';
import { dealModelMessages, scheduleKindOfDealType, type DealModelView, type DealType, type ScheduleRowView } from '@lending/contracts';
import type { DealModel } from '../../../generated/prisma/client.ts';
import { invalid, notFound } from '../../../domain/errors.ts';
import { computeModelSchedule, type LeaseParameters, type ModelRow, type ModelTerms, type ScheduleKind } from '../schedule/model-schedule.ts';
import { InvalidScheduleTerms } from '../schedule/compute-schedule.ts';
import { day, dayOrNull, iso, type Db } from '../deal-records.ts';

/** The terms of a stored version, as the schedule engines read them. */
export function termsOf(model: DealModel): ModelTerms {
  return {
    principal: model.principal.toFixed(2),
    annualInterestRate: model.annualInterestRate.toFixed(4),
    termMonths: model.termMonths,
    disbursementDate: day(model.disbursementDate),
    firstDueDate: day(model.firstDueDate),
    dueDay: model.dueDay,
    installmentType: model.installmentType,
    upfrontFee: model.upfrontFee.toFixed(2),
    monthlyFee: model.monthlyFee.toFixed(2),
    parameters: (model.parameters as LeaseParameters | null) ?? null,
  };
}

export const kindOf = (type: DealType): ScheduleKind => scheduleKindOfDealType(type);

/** The schedule of stored terms (claims are made from it; its RPSN was stored with them), or invalid with every field that stops them. */
export function scheduleOrInvalid(terms: ModelTerms, kind: ScheduleKind) {
  try {
    return computeModelSchedule(terms, kind, { rpsn: false });
  } catch (error) {
    if (error instanceof InvalidScheduleTerms) throw invalid(error.fields);
    throw error;
  }
}

export function scheduleRowView(row: ModelRow): ScheduleRowView {
  return {
    number: row.number,
    due_date: row.dueDate,
    period_from: row.periodFrom,
    period_to: row.periodTo,
    installment: row.installment.toFixed(2),
    principal: row.principal.toFixed(2),
    interest: row.interest.toFixed(2),
    fees: row.fees.toFixed(2),
    rent: row.rent.toFixed(2),
    services_advance: row.servicesAdvance.toFixed(2),
    deposit: row.deposit.toFixed(2),
    purchase_price: row.purchasePrice.toFixed(2),
    balance: row.balance ? row.balance.toFixed(2) : null,
  };
}

const sum = (rows: ModelRow[], pick: (r: ModelRow) => Decimal) => rows.reduce((total, r) => total.plus(pick(r)), new Decimal(0)).toFixed(2);

/**
 * The answer of a version: its terms and the schedule computed from them (the same engine that
 * generates the claims), before and after activation. The RPSN is the one stored when the terms
 * were written (solving it again for every read of a list would cost more than the read).
 */
export function dealModelViewOf(model: DealModel, dealType: DealType): DealModelView {
  const kind = kindOf(dealType);
  let rows: ModelRow[] = [];
  try {
    rows = computeModelSchedule(termsOf(model), kind, { rpsn: false }).rows;
  } catch (error) {
    // Terms written before a rule tightened still answer, with an empty schedule to fix.
    if (!(error instanceof InvalidScheduleTerms)) throw error;
  }
  const parameters = model.parameters as LeaseParameters | null;
  return {
    id: model.id,
    deal_id: model.dealId,
    version: model.version,
    state: model.state,
    valid_from: dayOrNull(model.validFrom),
    name: model.name,
    principal: model.principal.toFixed(2),
    annual_interest_rate: model.annualInterestRate.toFixed(4),
    term_months: model.termMonths,
    disbursement_date: day(model.disbursementDate),
    first_due_date: day(model.firstDueDate),
    due_day: model.dueDay,
    installment_type: model.installmentType,
    upfront_fee: model.upfrontFee.toFixed(2),
    monthly_fee: model.monthlyFee.toFixed(2),
    allocation_profile: model.allocationProfile,
    schedule_kind: kind,
    installment_value: model.installmentValue ? model.installmentValue.toFixed(2) : null,
    rpsn: model.rpsn ? model.rpsn.toFixed(2) : null,
    parameters: parameters
      ? {
          monthly_rent: parameters.monthly_rent ?? '0.00',
          services_advance: parameters.services_advance,
          deposit: parameters.deposit,
          buyback_price: parameters.buyback_price,
          buyback_deadline: parameters.buyback_deadline,
        }
      : null,
    schedule: rows.map(scheduleRowView),
    totals: {
      installments: sum(rows, (r) => r.installment),
      principal: sum(rows, (r) => r.principal),
      interest: sum(rows, (r) => r.interest),
      fees: sum(rows, (r) => r.fees),
      rent: sum(rows, (r) => r.rent),
      services_advance: sum(rows, (r) => r.servicesAdvance),
      deposit: sum(rows, (r) => r.deposit),
      purchase_price: sum(rows, (r) => r.purchasePrice),
    },
    created_by_id: model.createdById,
    activated_at: iso(model.activatedAt),
    created_at: model.createdAt.toISOString(),
    updated_at: model.updatedAt.toISOString(),
  };
}

/** A version of the deal, or not found (a version of another deal is not found too). */
export async function findModel(db: Db, dealId: number, id: number): Promise<DealModel> {
  const model = await db.dealModel.findFirst({ where: { id, dealId } });
  if (!model) throw notFound(dealModelMessages.modelNotFound);
  return model;
}
