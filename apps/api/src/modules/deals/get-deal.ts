import { dealMessages, moneyOf, type DealDetail, type DealExpansion } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { dealCredit } from '../servicing/index.ts';
import { dayOf, iso, moneyText, rateText } from './deal-views.ts';
import { dealRowsByIds } from './list-deals.ts';
import { debtViewOf, labelViewOf, noteInclude, noteViewOf, obligationViewOf, participantInclude, participantViewOf } from './sub-resource-views.ts';

type Db = Deps['prisma'];
type Expanded = Omit<DealDetail, keyof Awaited<ReturnType<typeof dealRowsByIds>>[number] | 'lead_id' | 'allocation_profile' | 'non_paying_after_days' | 'signed_at' | 'activated_at' | 'closed_at' | 'note' | 'credit'>;

// Each expansion reads its table directly (other areas own the writes: deal models and claims
// groups the claims engine, realty groups and purposes theirs, breaches the close of business).
const expansions: { [K in DealExpansion]: (db: Db, dealId: number) => Promise<Expanded[K]> } = {
  participants: async (db, dealId) =>
    (await db.dealParticipant.findMany({ where: { dealId }, include: participantInclude, orderBy: { id: 'asc' } })).map(participantViewOf),

  deal_model: async (db, dealId) => {
    // The version in force, else the newest one being prepared.
    const models = await db.dealModel.findMany({ where: { dealId }, orderBy: [{ version: 'desc' }] });
    const m = models.find((x) => x.state === 'ACTIVE') ?? models[0];
    if (!m) return null;
    return {
      id: m.id,
      version: m.version,
      state: m.state,
      valid_from: dayOf(m.validFrom),
      principal: moneyText(m.principal),
      annual_interest_rate: rateText(m.annualInterestRate)!,
      term_months: m.termMonths,
      disbursement_date: dayOf(m.disbursementDate)!,
      first_due_date: dayOf(m.firstDueDate)!,
      due_day: m.dueDay,
      installment_type: m.installmentType,
      upfront_fee: moneyText(m.upfrontFee),
      monthly_fee: moneyText(m.monthlyFee),
      allocation_profile: m.allocationProfile,
      installment_value: moneyOf(m.installmentValue),
      rpsn: m.rpsn === null ? null : m.rpsn.toFixed(2),
      activated_at: iso(m.activatedAt),
      created_at: m.createdAt.toISOString(),
    };
  },

  claims_groups: async (db, dealId) => {
    const rows = await db.$queryRaw<
      {
        id: number;
        deal_model_id: number;
        kind: 'REGULAR' | 'LEASE' | 'LEASEBACK';
        number: number;
        due_date: Date;
        period_from: Date | null;
        period_to: Date | null;
        balance: Prisma.Decimal | null;
        cancelled_at: Date | null;
        amount: Prisma.Decimal;
        paid_amount: Prisma.Decimal;
      }[]
    >(Prisma.sql`
      SELECT g.id, g.deal_model_id, g.kind::text AS kind, g.number, g.due_date, g.period_from, g.period_to, g.balance, g.cancelled_at,
             COALESCE(sum(c.amount) FILTER (WHERE c.cancelled_at IS NULL), 0) AS amount,
             COALESCE(sum(c.paid_amount), 0) AS paid_amount
      FROM claims_groups g LEFT JOIN claims c ON c.claims_group_id = g.id
      WHERE g.deal_id = ${dealId}
      GROUP BY g.id
      ORDER BY g.due_date, g.deal_model_id, g.number`);
    return rows.map((g) => ({
      id: g.id,
      deal_model_id: g.deal_model_id,
      kind: g.kind,
      number: g.number,
      due_date: dayOf(g.due_date)!,
      period_from: dayOf(g.period_from),
      period_to: dayOf(g.period_to),
      balance: moneyOf(g.balance),
      amount: moneyText(g.amount),
      paid_amount: moneyText(g.paid_amount),
      cancelled_at: iso(g.cancelled_at),
    }));
  },

  obligations: async (db, dealId) => (await db.dealObligation.findMany({ where: { dealId }, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }] })).map(obligationViewOf),

  labels: async (db, dealId) => (await db.dealLabel.findMany({ where: { dealId }, orderBy: { name: 'asc' } })).map(labelViewOf),

  notes: async (db, dealId) => (await db.dealNote.findMany({ where: { dealId }, include: noteInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })).map(noteViewOf),

  realty_groups: async (db, dealId) => {
    const groups = await db.realtyGroup.findMany({
      where: { dealId },
      include: {
        realties: { include: { realty: { select: { id: true, type: true, wholeAddress: true } } }, orderBy: { realtyId: 'asc' } },
        estimations: { orderBy: [{ estimatedAt: 'desc' }, { id: 'desc' }], take: 1 },
      },
      orderBy: { id: 'asc' },
    });
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      mortgage: g.mortgage,
      note: g.note,
      realties: g.realties.map(({ realty }) => ({ id: realty.id, type: realty.type, whole_address: realty.wholeAddress })),
      latest_estimation: g.estimations[0] ? { value: moneyText(g.estimations[0].value), estimated_at: dayOf(g.estimations[0].estimatedAt)! } : null,
    }));
  },

  purposes: async (db, dealId) => {
    const purposes = await db.purpose.findMany({ where: { dealId }, include: { drawings: { select: { amount: true } } }, orderBy: { id: 'asc' } });
    return purposes.map((p) => ({
      id: p.id,
      type: p.type,
      amount: moneyText(p.amount),
      drawn_amount: moneyText(p.drawings.reduce((sum, d) => sum.plus(d.amount), new Prisma.Decimal(0))),
      bank_account: p.bankAccount,
      variable_symbol: p.variableSymbol,
      specific_symbol: p.specificSymbol,
      recipient_name: p.recipientName,
      note: p.note,
    }));
  },

  debts: async (db, dealId) => (await db.dealDebt.findMany({ where: { dealId }, orderBy: { id: 'asc' } })).map(debtViewOf),

  breaches: async (db, dealId) =>
    (await db.breach.findMany({ where: { dealId }, orderBy: [{ startedOn: 'desc' }, { id: 'desc' }] })).map((b) => ({
      id: b.id,
      type: b.type,
      obligation_id: b.obligationId,
      started_on: dayOf(b.startedOn)!,
      ended_on: dayOf(b.endedOn),
    })),
};

/** GET /deals/{id}/?expand=a,b: the list row, the deal's own fields and the expansions asked for. */
export async function getDeal(deps: Pick<Deps, 'prisma' | 'now'>, _actor: Actor, input: { id: number; expand?: readonly DealExpansion[] }): Promise<DealDetail> {
  const { id, expand = [] } = input;
  const [row] = await dealRowsByIds(deps, [id]);
  const deal = row ? await deps.prisma.deal.findUnique({ where: { id } }) : null;
  if (!row || !deal) throw notFound(dealMessages.dealNotFound);
  const expanded = await Promise.all(expand.map(async (name) => [name, await expansions[name](deps.prisma, id)] as const));
  return {
    ...row,
    lead_id: deal.leadId,
    allocation_profile: deal.allocationProfile,
    non_paying_after_days: deal.nonPayingAfterDays,
    signed_at: iso(deal.signedAt),
    activated_at: iso(deal.activatedAt),
    closed_at: iso(deal.closedAt),
    note: deal.note,
    credit: await dealCredit(deps.prisma, id),
    ...Object.fromEntries(expanded),
  };
}
