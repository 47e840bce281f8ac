import { Decimal } from 'decimal.js';
import { czechDay, dealModelMessages, formatCzk, REQUIRED_MESSAGE, type AllocationProfile, type DealModelPatch, type DealType, type LeaseParametersRequest } from '@lending/contracts';
import { Prisma, type Deal, type DealModel } from '../../../generated/prisma/client.ts';
import { invalid } from '../../../domain/errors.ts';
import { dayNumber, dbDate } from '../../../domain/dates.ts';
import { dueDateOf, InvalidScheduleTerms } from '../schedule/compute-schedule.ts';
import { computeModelSchedule, type LeaseParameters, type ModelSchedule, type ModelTerms } from '../schedule/model-schedule.ts';
import { day, dayOrNull, type Tx } from '../deal-records.ts';
import { kindOf, termsOf } from './model-record.ts';

/** The allocation profile a new version gets when staff name none (docs/decisions/0025). */
export function defaultAllocationProfile(type: DealType): AllocationProfile {
  if (type === 'CONSUMER_LOAN') return 'CL_PE_ALLOCATION_PROFILE_V2';
  if (type.startsWith('INVESTMENT_LOAN')) return 'IL_SE_ALLOCATION_PROFILE';
  if (type === 'HARD_COLLECTION') return 'HARD_COLLECTION_PROFILE_V1';
  if (type === 'BORROWING') return 'LOAN_ALLOCATION_PROFILE_V3';
  return 'OTHER_PROFILE_V1';
}

const PRE_ACTIVE = new Set(['NEW_APPLICATION', 'CONTRACT_COMPLETION', 'CONTRACT_SIGN']);

/** Whether versions may be added or changed: before activation, or a restructuring of an ACTIVE deal. */
export const modelsOpen = (deal: Deal) => PRE_ACTIVE.has(deal.state) || deal.state === 'ACTIVE';

/**
 * The principal a restructuring from `validFrom` takes over: the PRINCIPAL claims of the loan
 * installments due on or after that day with nothing paid on them, which it cancels. Installments
 * with anything paid stay as they are, so every crown of principal is claimed exactly once.
 */
export async function releasedPrincipal(tx: Tx, dealId: number, validFrom: string): Promise<Decimal> {
  const [row] = await tx.$queryRaw<{ total: string | null }[]>`
    SELECT sum(c.amount)::text AS total FROM claims c JOIN claims_groups g ON g.id = c.claims_group_id
    WHERE g.deal_id = ${dealId} AND g.kind = 'REGULAR' AND g.cancelled_at IS NULL AND g.due_date >= ${dbDate(validFrom)}::date
      AND c.type = 'PRINCIPAL' AND c.cancelled_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM claims p WHERE p.claims_group_id = g.id AND p.paid_amount > 0)`;
  return new Decimal(row?.total ?? 0);
}

/** 2026-03-05 → '5. 3. 2026', as Czech messages write a day. */

function leaseParameters(body: LeaseParametersRequest | null | undefined, base: LeaseParameters | null, replace: boolean): LeaseParameters | null {
  if (body === null) return null;
  if (body === undefined) return replace ? null : base;
  const from = replace ? null : base;
  return {
    monthly_rent: body.monthly_rent ?? from?.monthly_rent ?? null,
    services_advance: body.services_advance ?? from?.services_advance ?? '0.00',
    deposit: body.deposit ?? from?.deposit ?? '0.00',
    buyback_price: body.buyback_price ?? from?.buyback_price ?? null,
    buyback_deadline: body.buyback_deadline ?? from?.buyback_deadline ?? null,
  };
}

export interface ResolvedModel {
  data: Omit<Prisma.DealModelUncheckedCreateInput, 'dealId' | 'version'>;
  terms: ModelTerms;
  schedule: ModelSchedule;
  validFrom: string | null;
}

/**
 * The columns of a version from a request: POST (no base), PUT (base, `replace`: fields left out
 * take their defaults) or PATCH (fields left out keep the base's). Every problem is in one invalid
 * error, all fields at once: the terms, the lease parameters of the deal type, and for an ACTIVE deal the
 * restructuring (valid_from and the principal it takes over).
 */
export async function resolveModel(tx: Tx, deal: Deal, body: DealModelPatch, base: DealModel | null, replace: boolean): Promise<ResolvedModel> {
  const kind = kindOf(deal.type);
  const keep = base && !replace ? base : null;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const firstDueDate = body.first_due_date ?? (keep ? day(keep.firstDueDate) : undefined);
  const disbursementDate = body.disbursement_date ?? (keep ? day(keep.disbursementDate) : undefined);
  const principal = body.principal ?? keep?.principal.toFixed(2);
  const termMonths = body.term_months ?? keep?.termMonths;
  if (!firstDueDate) add('first_due_date', REQUIRED_MESSAGE);
  if (!disbursementDate) add('disbursement_date', REQUIRED_MESSAGE);
  if (!principal) add('principal', REQUIRED_MESSAGE);
  if (!termMonths) add('term_months', REQUIRED_MESSAGE);
  let rate = body.annual_interest_rate ?? keep?.annualInterestRate.toFixed(4);
  if (rate === undefined) {
    if (kind === 'REGULAR') add('annual_interest_rate', dealModelMessages.rateRequired);
    rate = '0.0000';
  }
  if (Object.keys(errors).length) throw invalid(errors);

  // The due day follows the first due date unless given (or kept, while it still fits it).
  let dueDay = body.due_day ?? keep?.dueDay ?? Number(firstDueDate!.slice(8, 10));
  if (body.due_day === undefined && keep && body.first_due_date !== undefined && dueDateOf(firstDueDate!, keep.dueDay, 0) !== firstDueDate) dueDay = Number(firstDueDate!.slice(8, 10));

  const terms: ModelTerms = {
    principal: principal!,
    annualInterestRate: rate,
    termMonths: termMonths!,
    disbursementDate: disbursementDate!,
    firstDueDate: firstDueDate!,
    dueDay,
    installmentType: body.installment_type ?? keep?.installmentType ?? 'ANNUITY',
    upfrontFee: body.upfront_fee ?? keep?.upfrontFee.toFixed(2) ?? '0.00',
    monthlyFee: body.monthly_fee ?? keep?.monthlyFee.toFixed(2) ?? '0.00',
    parameters: leaseParameters(body.parameters, (base?.parameters as LeaseParameters | null) ?? null, replace),
  };
  const validFrom = body.valid_from !== undefined ? body.valid_from : keep ? dayOrNull(keep.validFrom) : null;

  let schedule: ModelSchedule | null = null;
  try {
    schedule = computeModelSchedule(terms, kind);
  } catch (error) {
    if (!(error instanceof InvalidScheduleTerms)) throw error;
    for (const [field, messages] of Object.entries(error.fields)) for (const m of messages) add(field, m);
  }

  if (deal.state !== 'ACTIVE') {
    if (validFrom) add('valid_from', dealModelMessages.validFromOnlyRestructuring);
  } else if (!validFrom) {
    add('valid_from', dealModelMessages.validFromRequired);
  } else {
    const active = await tx.dealModel.findFirst({ where: { dealId: deal.id, state: 'ACTIVE' } });
    if (dayNumber(validFrom) > dayNumber(terms.firstDueDate)) add('valid_from', dealModelMessages.validFromAfterFirstDue);
    if (active && dayNumber(validFrom) <= dayNumber(termsOf(active).disbursementDate)) add('valid_from', dealModelMessages.validFromBeforeStart);
    if (kind === 'REGULAR' && !errors.valid_from) {
      const released = await releasedPrincipal(tx, deal.id, validFrom);
      if (!released.eq(terms.principal)) add('principal', dealModelMessages.restructuringPrincipal(formatCzk(released.toFixed(2)), czechDay(validFrom)));
    }
  }
  if (Object.keys(errors).length || !schedule) throw invalid(errors);

  return {
    terms,
    schedule,
    validFrom,
    data: {
      name: body.name !== undefined ? body.name : (keep?.name ?? null),
      validFrom: validFrom ? dbDate(validFrom) : null,
      principal: terms.principal,
      annualInterestRate: terms.annualInterestRate,
      termMonths: terms.termMonths,
      disbursementDate: dbDate(terms.disbursementDate),
      firstDueDate: dbDate(terms.firstDueDate),
      dueDay: terms.dueDay,
      installmentType: terms.installmentType,
      upfrontFee: terms.upfrontFee,
      monthlyFee: terms.monthlyFee,
      allocationProfile: body.allocation_profile ?? keep?.allocationProfile ?? defaultAllocationProfile(deal.type),
      installmentValue: schedule.installmentValue.toFixed(2),
      rpsn: schedule.rpsn ? schedule.rpsn.toFixed(2) : null,
      parameters: terms.parameters ? (terms.parameters as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
    },
  };
}
