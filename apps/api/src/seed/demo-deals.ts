import { faker } from '@faker-js/faker/locale/cs_CZ';
import {
  dealCreateRequest,
  dealModelRequest,
  dealObligationRequest,
  dealStateRequest,
  purposeRequest,
  realtyGroupRequest,
  type DealClosedReason,
  type DealState,
  type DealType,
  type DealModelRequest,
  type NoticeDisablingSetting,
  type PersonRole,
} from '@lending/contracts';
import type { Lead, Person, PrismaClient } from '../generated/prisma/client.ts';
import type { StaffActor } from '../modules/audit/record-staff-audit.ts';
import { changeDealState } from '../modules/claims/state/change-deal-state.ts';
import { createDealModel } from '../modules/claims/deal-models/create-deal-model.ts';
import { convertLeadToDeal } from '../modules/claims/lead-conversion/convert-lead.ts';
import { addDays } from '../modules/close-of-business/business-dates.ts';
import { createDeal } from '../modules/deals/create-deal.ts';
import { createItem, updateItem, type AnySubResource } from '../modules/deals/deal-sub-resource.ts';
import { obligations } from '../modules/deals/sub-resources.ts';
import { createPurpose } from '../modules/purposes/create-purpose.ts';
import { createRealtyGroup } from '../modules/realty-groups/create-realty-group.ts';
import { czechAddress } from './demo-persons.ts';

// The demo loan book, made the way staff make it: every deal goes through the engine's own use
// cases (createDeal, createDealModel, purposes, collateral, changeDealState — activation
// generates the claims groups and claims — and convertLeadToDeal for accepted offers), each
// called "on the day" it happened (the use cases read the clock from deps.now), so activation,
// signing and closing dates are history, not today. The close of business for today then sets
// DPD, penalty interest and breaches (seed-demo-data.ts).
//
// No payment history: nothing in the engine records a payment yet (the payments issue brings
// imports and allocation; claims.paid_amount is written only by the allocation trigger). So an
// installment that fell due is unpaid, and the book is shaped to stay believable without it:
// most ACTIVE deals were paid out within the last six weeks (their first installment is not yet
// due), a sixth are in arrears on purpose (first-payment defaults, collection cases), deals filed
// for insolvency and CLOSED ones (written off, handed to collection, assigned…: reasons that
// leave claims owed) carry the history of the last three years. CLOSED_DULY and early repayment
// need payments and come with the payments issue.

const DAY = 86_400_000;

export interface DemoDealsInput {
  persons: Person[];
  companies: Person[];
  /** The demo leads; half of those with an accepted offer become deals. */
  leads: Lead[];
  /** Prague calendar day the seed runs on. */
  today: string;
  /** The moment the seed runs: nothing is dated after it. */
  now: Date;
  actor: StaffActor;
}

export interface DemoDealsResult {
  deals: number;
  fromLeads: number;
}

type Plan = {
  type: DealType;
  state: DealState;
  closedReason: DealClosedReason | null;
  /** In arrears on purpose: the first unpaid due date is this many days before today. */
  dpd: number;
};

const TYPES: [DealType, number][] = [
  ['CONSUMER_LOAN', 38],
  ['INVESTMENT_LOAN_V2', 12],
  ['INVESTMENT_LOAN', 3],
  ['INVESTMENT_LOAN_V15', 3],
  ['INVESTMENT_LOAN_V151', 3],
  ['BORROWING', 4],
  ['HARD_COLLECTION', 7],
  ['LEASE', 7],
  ['LEASING', 5],
  ['SALE_AND_LEASEBACK', 8],
  ['SALE', 5],
  ['OTHER_DEAL', 5],
];
const STATES: [DealState, number][] = [
  ['ACTIVE', 52],
  ['FILED_FOR_INSOLVENCY', 4],
  ['CLOSED', 14],
  ['CLOSED_APPLICATION', 12],
  ['NEW_APPLICATION', 8],
  ['CONTRACT_COMPLETION', 5],
  ['CONTRACT_SIGN', 5],
];
/** Why a deal ended with its claims still owed (no payment history yet), by kind of deal. */
const CLOSED_REASONS: Record<'loan' | 'lease' | 'leaseback', DealClosedReason[]> = {
  loan: ['CLOSED_DEAL_WRITE_OFF', 'CLOSED_MOVED_TO_HC', 'CLOSED_MOVED_TO_THIRD_PARTY', 'CLOSED_AFTER_INSOLVENCY', 'CLOSED_ENFORCEMENT', 'CLOSED_DEBTOR_DEATH_NO_SUCCESOR', 'CHANGE_PRODUCT_TYPE', 'OTHER'],
  lease: ['CLOSED_LEASE_FORCED_EVICTION', 'CLOSED_DEAL_WRITE_OFF', 'CLOSED_MOVED_TO_HC', 'OTHER'],
  leaseback: ['CLOSED_PROPERTY_NOT_PURCHASED', 'CLOSED_PROPERTY_SOLD', 'CLOSED_AFTER_INSOLVENCY', 'CLOSED_MOVED_TO_THIRD_PARTY'],
};
const CONTRACT_PREFIX: Partial<Record<DealType, string>> = {
  CONSUMER_LOAN: 'SU',
  BORROWING: 'PZ',
  HARD_COLLECTION: 'VP',
  LEASE: 'NS',
  LEASING: 'LS',
  SALE_AND_LEASEBACK: 'ZN',
  SALE: 'KS',
  OTHER_DEAL: 'JO',
};
const DUE_DAYS = [1, 5, 10, 15, 15, 15, 20, 25];
const PURPOSE_MESSAGES = ['Výplata úvěru', 'Výplata zápůjčky', 'Úhrada kupní ceny'];
const CREDITORS = ['Home Credit a.s.', 'Cofidis s.r.o.', 'Provident Financial s.r.o.', 'Essox s.r.o.', 'Komerční banka, a.s.'];

const weighted = <T>(list: [T, number][]): T => {
  const total = list.reduce((sum, [, w]) => sum + w, 0);
  let r = faker.number.float({ min: 0, max: total });
  for (const [value, w] of list) if ((r -= w) <= 0) return value;
  return list.at(-1)![0];
};
const int = (min: number, max: number) => faker.number.int({ min, max });
const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const amount = (n: number) => n.toFixed(2);
const kindOf = (type: DealType) => (type === 'LEASE' || type === 'LEASING' ? 'lease' : type === 'SALE_AND_LEASEBACK' ? 'leaseback' : 'loan');
const business = (type: DealType) => type.startsWith('INVESTMENT_LOAN') || type === 'BORROWING';
const needsPurpose = (type: DealType) => type === 'CONSUMER_LOAN' || type.startsWith('INVESTMENT_LOAN') || type === 'SALE_AND_LEASEBACK';
const needsCollateral = (type: DealType) => type.startsWith('INVESTMENT_LOAN') || type === 'LEASE' || type === 'SALE_AND_LEASEBACK';

/** `day` moved by `months` onto `dueDay` (the month's last day when shorter). */
function monthsOn(day: string, months: number, dueDay: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0));
  return new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), Math.min(dueDay, last.getUTCDate()))).toISOString().slice(0, 10);
}
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

/** The state of each deal, its type, and for ACTIVE ones whether (and how far) it is in arrears. */
function plan(count: number): Plan[] {
  return Array.from({ length: count }, () => {
    const type = weighted(TYPES);
    const state = weighted(STATES);
    const kind = kindOf(type);
    // A collection case is in arrears by nature; of the rest a sixth: most a month or two, a few long.
    const late = state === 'ACTIVE' && (type === 'HARD_COLLECTION' ? faker.datatype.boolean(0.8) : faker.datatype.boolean(0.16));
    const dpd = late ? weighted<number>([[1, 40], [31, 22], [61, 14], [91, 24]]) : 0;
    return {
      type,
      state,
      closedReason: state === 'CLOSED' ? faker.helpers.arrayElement(CLOSED_REASONS[kind]) : state === 'CLOSED_APPLICATION' && faker.datatype.boolean(0.4) ? faker.helpers.arrayElement(['OTHER', 'CHANGE_PRODUCT_TYPE'] as const) : null,
      dpd: dpd === 0 ? 0 : dpd === 91 ? int(91, 420) : int(dpd, dpd + 29),
    };
  });
}

/** The financial terms of a deal model for `type`, paid out on `disbursement`, first due on `firstDue`. */
function termsFor(type: DealType, disbursement: string, firstDue: string): { body: DealModelRequest; payout: number; value: number } {
  const dueDay = dayOfMonth(firstDue);
  const kind = kindOf(type);
  if (kind === 'lease') {
    const value = roundTo(int(1_500_000, 6_500_000), 10_000);
    const rent = roundTo((value * faker.number.float({ min: 0.0035, max: 0.006 })) / 1, 100);
    const term = faker.helpers.arrayElement([12, 24, 36, 48, 60]);
    const body = dealModelRequest.parse({
      name: type === 'LEASE' ? 'Nájemní smlouva' : 'Leasingová smlouva',
      principal: amount(value),
      term_months: term,
      disbursement_date: disbursement,
      first_due_date: firstDue,
      due_day: dueDay,
      monthly_fee: type === 'LEASING' ? '250.00' : '0.00',
      parameters: {
        monthly_rent: amount(rent),
        services_advance: type === 'LEASE' ? amount(roundTo(int(1_500, 4_500), 100)) : '0.00',
        deposit: type === 'LEASE' ? amount(2 * rent) : '0.00',
      },
    });
    return { body, payout: 0, value };
  }
  if (kind === 'leaseback') {
    const price = roundTo(int(1_500_000, 5_000_000), 10_000);
    const term = faker.helpers.arrayElement([12, 18, 24, 36]);
    const upfront = roundTo(price * 0.015, 100);
    const body = dealModelRequest.parse({
      name: 'Zpětný nájem',
      principal: amount(price),
      term_months: term,
      disbursement_date: disbursement,
      first_due_date: firstDue,
      due_day: dueDay,
      upfront_fee: amount(upfront),
      parameters: {
        monthly_rent: amount(roundTo(price * faker.number.float({ min: 0.007, max: 0.01 }), 100)),
        deposit: '0.00',
        buyback_price: amount(roundTo(price * faker.number.float({ min: 1.05, max: 1.12 }), 1_000)),
        buyback_deadline: monthsOn(disbursement, term, dayOfMonth(disbursement)),
      },
    });
    return { body, payout: price - upfront, value: price };
  }
  const [principal, rate, term, installment] = ((): [number, number, number, 'ANNUITY' | 'LINEAR' | 'BULLET'] => {
    if (type === 'CONSUMER_LOAN') return [roundTo(int(30_000, 800_000), 5_000), faker.number.float({ min: 7.9, max: 19.9, fractionDigits: 1 }), faker.helpers.arrayElement([12, 24, 36, 48, 60, 72, 84, 96]), faker.datatype.boolean(0.9) ? 'ANNUITY' : 'LINEAR'];
    if (type.startsWith('INVESTMENT_LOAN')) return [roundTo(int(300_000, 5_000_000), 50_000), faker.number.float({ min: 9.9, max: 16.9, fractionDigits: 1 }), faker.helpers.arrayElement([12, 24, 36, 48, 60]), faker.datatype.boolean(0.4) ? 'BULLET' : 'ANNUITY'];
    if (type === 'BORROWING') return [roundTo(int(200_000, 2_000_000), 50_000), faker.number.float({ min: 5, max: 9, fractionDigits: 1 }), faker.helpers.arrayElement([12, 24, 36]), 'BULLET'];
    if (type === 'HARD_COLLECTION') return [roundTo(int(20_000, 400_000), 1_000), faker.number.float({ min: 0, max: 10, fractionDigits: 1 }), faker.helpers.arrayElement([6, 12, 18, 24, 36]), 'LINEAR'];
    return [roundTo(int(100_000, 3_000_000), 10_000), faker.number.float({ min: 0, max: 8.9, fractionDigits: 1 }), faker.helpers.arrayElement([12, 24, 36, 48]), 'ANNUITY'];
  })();
  const upfront = type === 'CONSUMER_LOAN' || type.startsWith('INVESTMENT_LOAN') ? roundTo(principal * faker.helpers.arrayElement([0, 0, 0.01, 0.02]), 100) : 0;
  const body = dealModelRequest.parse({
    name: 'Úvěrové podmínky',
    principal: amount(principal),
    annual_interest_rate: rate.toFixed(1),
    term_months: term,
    disbursement_date: disbursement,
    first_due_date: firstDue,
    due_day: dueDay,
    installment_type: installment,
    upfront_fee: amount(upfront),
    monthly_fee: type === 'CONSUMER_LOAN' ? faker.helpers.arrayElement(['0.00', '0.00', '99.00', '149.00']) : '0.00',
  });
  return { body, payout: principal - upfront, value: principal };
}

/**
 * Records when each step happened: the use cases stamp rows with the database's clock, so the
 * rows a step made (ids after the previous step's) get the step's moment afterwards, in one
 * statement per table. Money, states and dates the engine computed are left as they are.
 */
const STAMPED = ['deals', 'deal_participants', 'deal_models', 'claims_groups', 'claims', 'purposes', 'realty_groups', 'deal_obligations', 'audit_log'] as const;

class Clock {
  private readonly ranges: { at: Date; upTo: number[] }[] = [];
  private first: number[] = [];
  private readonly prisma: PrismaClient;
  constructor(prisma: PrismaClient) {
    this.prisma = prisma;
  }

  async start(): Promise<void> {
    this.first = await this.maxIds();
  }

  private async maxIds(): Promise<number[]> {
    const [row] = await this.prisma.$queryRawUnsafe<{ ids: string[] }[]>(`SELECT ARRAY[${STAMPED.map((t) => `coalesce((SELECT max(id) FROM ${t}), 0)`).join(', ')}]::bigint[]::text[] AS ids`);
    return row!.ids.map(Number);
  }

  /** Runs `work` as if at `at`; what it wrote is stamped with `at` by `apply()`. */
  async at<T>(at: Date, work: (deps: { prisma: PrismaClient; now: () => Date }) => Promise<T>): Promise<T> {
    const result = await work({ prisma: this.prisma, now: () => at });
    this.ranges.push({ at, upTo: await this.maxIds() });
    return result;
  }

  async apply(): Promise<void> {
    const rows = this.ranges.map((r, i) => ({ at: r.at.toISOString(), from: i === 0 ? this.first : this.ranges[i - 1]!.upTo, to: r.upTo }));
    for (const [t, table] of STAMPED.entries()) {
      const values = rows.filter((r) => r.to[t]! > r.from[t]!).map((r) => `(${r.from[t]}, ${r.to[t]}, '${r.at}'::timestamptz)`);
      if (!values.length) continue;
      const updated = table === 'audit_log' ? '' : ', updated_at = s.at';
      await this.prisma.$executeRawUnsafe(`UPDATE ${table} x SET created_at = s.at${updated} FROM (VALUES ${values.join(', ')}) s(lo, hi, at) WHERE x.id > s.lo AND x.id <= s.hi`);
    }
    // Rows changed by a later step: a deal last changed when it was activated or closed, a model when it came into force.
    await this.prisma.$executeRawUnsafe(`UPDATE deals SET updated_at = greatest(created_at, activated_at, closed_at)`);
    await this.prisma.$executeRawUnsafe(`UPDATE deal_models SET updated_at = greatest(created_at, activated_at)`);
  }
}

const BANK_CODES = ['0800', '0100', '0300', '3030', '0600', '5500', '2010', '2700'];
const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** A Czech account number that passes the decree's modulo-11 check. */
function bankAccount(): string {
  for (;;) {
    const digits = [int(1, 9), ...Array.from({ length: 8 }, () => int(0, 9))];
    const sum = digits.reduce((s, d, i) => s + d * WEIGHTS[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return `${digits.join('')}${check}/${faker.helpers.arrayElement(BANK_CODES)}`;
  }
}

/** Makes the demo deals (see the top of this file). Deterministic for a given faker seed and day. */
export async function seedDeals(prisma: PrismaClient, input: DemoDealsInput, count = 1_500): Promise<DemoDealsResult> {
  const T = input.today;
  const actor = input.actor;
  const clock = new Clock(prisma);
  await clock.start();
  // An office hour of `day` (Prague), never after the seed's own moment.
  const at = (day: string) => new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + int(6 * 60, 14 * 60) * 60_000, input.now.getTime() - 60_000));
  const minDay = (a: string, b: string) => (a < b ? a : b);
  const natural = input.persons;
  const selfEmployed = natural.filter((p) => p.companyId);

  /** A realty the person owns: what a business loan, a lease or a leaseback is secured by or about. */
  async function ownedRealty(person: Person, type: DealType): Promise<number> {
    const address = czechAddress();
    const realty = await prisma.realty.create({
      data: {
        type: type === 'LEASE' ? 'FLAT' : faker.helpers.arrayElement(['FLAT', 'FAMILY_HOUSE', 'FAMILY_HOUSE'] as const),
        ...address,
        cadastralAreaName: address.city,
        lvNumber: String(int(100, 9999)),
        floorArea: amount(int(35, 220)),
      },
    });
    await prisma.realtyRight.create({ data: { personId: person.id, realtyId: realty.id, type: 'OWNERSHIP', shareNumerator: 1, shareDenominator: 1, lvNumber: realty.lvNumber } });
    return realty.id;
  }

  /** Purposes of the payout (they must sum to principal − upfront fee) and the collateral, as the deal type requires. */
  async function prepare(dealId: number, type: DealType, payout: number, owner: Person, day: string, hasCollateral = false): Promise<void> {
    await clock.at(at(day), async (deps) => {
      if (needsPurpose(type)) {
        const refinanced = type === 'CONSUMER_LOAN' && payout > 60_000 && faker.datatype.boolean(0.3) ? roundTo(payout * faker.number.float({ min: 0.2, max: 0.6 }), 100) : 0;
        if (refinanced) {
          await createPurpose(deps, actor, dealId, purposeRequest.parse({ type: 'CREDITOR_DEBT', amount: amount(refinanced), bank_account: bankAccount(), variable_symbol: String(int(1_000_000, 9_999_999_999)), recipient_name: faker.helpers.arrayElement(CREDITORS), message: 'Splacení úvěru' }));
        }
        const name = owner.companyName ?? `${owner.firstName} ${owner.lastName}`;
        await createPurpose(deps, actor, dealId, purposeRequest.parse({ type: 'APPLICANT_BANK_ACCOUNT', amount: amount(payout - refinanced), bank_account: bankAccount(), recipient_name: name.slice(0, 70), message: faker.helpers.arrayElement(PURPOSE_MESSAGES) }));
      }
      if (needsCollateral(type) && !hasCollateral) {
        const realty = await ownedRealty(owner, type);
        await createRealtyGroup(deps, actor, dealId, realtyGroupRequest.parse({ name: type === 'LEASE' ? 'Pronajímaná nemovitost' : 'Zajištění', mortgage: type.startsWith('INVESTMENT_LOAN'), realties: [realty] }));
      }
    });
  }

  const toState = (dealId: number, day: string, state: DealState, closedReason: DealClosedReason | null = null) =>
    clock.at(at(day), (deps) => changeDealState(deps, dealId, dealStateRequest.parse({ state, closed_reason: closedReason }), actor));

  /** After activation: a business loan's pledge must be registered within a month; most are, some late, a few never. */
  async function pledge(dealId: number, payoutDay: string): Promise<void> {
    const def = obligations(() => at(payoutDay)) as unknown as AnySubResource;
    const created = (await clock.at(at(payoutDay), (deps) =>
      createItem(deps, def, actor, dealId, dealObligationRequest.parse({ type: 'PLEDGE_RIGHT', due_date: addDays(payoutDay, 30), description: 'Vklad zástavního práva do katastru nemovitostí' })),
    )) as { id: number };
    const fulfilled = faker.datatype.boolean(0.85) ? addDays(payoutDay, int(8, 28)) : null;
    if (fulfilled && fulfilled <= T) {
      await clock.at(at(fulfilled), (deps) => updateItem(deps, obligations(() => deps.now()) as unknown as AnySubResource, actor, { dealId, id: created.id }, { fulfilled_at: deps.now().toISOString() }));
    }
  }

  let fromLeads = 0;
  // Accepted offers become deals on the day after acceptance (every other one: the rest wait for staff to convert them).
  const accepted = input.leads.filter((l) => l.state === 'OFFER_ACCEPTED' && l.personId).filter((_, i) => i % 2 === 0);
  for (const lead of accepted) {
    const convertedOn = minDay(addDays(lead.updatedAt.toISOString().slice(0, 10), 1), T);
    const answer = await clock.at(at(convertedOn), (deps) => convertLeadToDeal(deps, lead.id, actor));
    fromLeads++;
    const deal = await prisma.deal.findUniqueOrThrow({ where: { id: answer.deal_id }, include: { models: true } });
    const model = deal.models[0];
    if (!model) continue;
    const payoutDay = model.disbursementDate.toISOString().slice(0, 10);
    const firstDue = model.firstDueDate.toISOString().slice(0, 10);
    const person = natural.find((p) => p.id === lead.personId) ?? input.companies.find((p) => p.id === lead.personId)!;
    await prepare(deal.id, deal.type, Number(model.principal) - Number(model.upfrontFee), person, convertedOn, answer.realty_group_id !== null);
    const completion = minDay(addDays(convertedOn, 1), T);
    await toState(deal.id, completion, 'CONTRACT_COMPLETION');
    if (payoutDay > T) {
      await toState(deal.id, minDay(addDays(completion, 2), T), 'CONTRACT_SIGN');
    } else if (firstDue >= T || fromLeads % 3 === 0) {
      await toState(deal.id, addDays(payoutDay, -1), 'CONTRACT_SIGN');
      await toState(deal.id, payoutDay, 'ACTIVE');
    } else {
      await toState(deal.id, minDay(addDays(completion, int(3, 12)), T), 'CLOSED_APPLICATION', 'OTHER');
    }
  }

  const plans = plan(count - fromLeads);
  for (const [i, p] of plans.entries()) {
    const kind = kindOf(p.type);
    const serviced = p.state === 'ACTIVE' || p.state === 'FILED_FOR_INSOLVENCY' || p.state === 'CLOSED';
    let dueDay = faker.helpers.arrayElement(DUE_DAYS);
    // The payout day and first due date, by state (see the top of this file).
    let payout: string;
    let firstDue: string;
    let filedOn: string | null = null;
    let closedOn: string | null = null;
    if (p.state === 'ACTIVE' && p.dpd === 0) {
      const from = addDays(T, int(0, 12));
      firstDue = monthsOn(from, monthsOn(from, 0, dueDay) <= from ? 1 : 0, dueDay);
      payout = minDay(addDays(firstDue, -int(20, 40)), T);
    } else if (p.state === 'ACTIVE') {
      firstDue = addDays(T, -p.dpd);
      dueDay = Math.min(28, dayOfMonth(firstDue));
      firstDue = monthsOn(firstDue, 0, dueDay);
      payout = addDays(firstDue, -int(20, 40));
    } else if (p.state === 'FILED_FOR_INSOLVENCY') {
      firstDue = monthsOn(addDays(T, -int(150, 480)), 0, dueDay);
      payout = addDays(firstDue, -int(20, 40));
      filedOn = minDay(addDays(firstDue, int(60, 140)), addDays(T, -1));
    } else if (p.state === 'CLOSED') {
      payout = addDays(T, -int(200, 1_095));
      firstDue = monthsOn(addDays(payout, 15), monthsOn(addDays(payout, 15), 0, dueDay) <= addDays(payout, 15) ? 1 : 0, dueDay);
      closedOn = minDay(addDays(firstDue, int(120, 480)), addDays(T, -2));
      if (p.closedReason === 'CLOSED_AFTER_INSOLVENCY') filedOn = addDays(closedOn, -int(30, 100));
    } else {
      // Applications: the payout is planned weeks ahead (or was, for one closed long ago).
      payout = p.state === 'CLOSED_APPLICATION' ? addDays(T, -int(0, 1_095)) : addDays(T, int(3, 30));
      firstDue = monthsOn(addDays(payout, 15), monthsOn(addDays(payout, 15), 0, dueDay) <= addDays(payout, 15) ? 1 : 0, dueDay);
    }
    // The steps before the payout, backwards from it (applications: forwards from their creation).
    const sign = serviced ? addDays(payout, -int(1, 4)) : minDay(addDays(payout, -int(10, 14)), T);
    const completion = minDay(addDays(sign, -int(1, 6)), T);
    const modelDay = addDays(completion, -int(0, 3));
    const createdOn = minDay(addDays(modelDay, -int(1, 20)), T);
    const { body, payout: payoutAmount, value } = termsFor(p.type, payout, firstDue);

    // Who owes it.
    const company = business(p.type) && faker.datatype.boolean(0.6);
    const owner = company ? faker.helpers.arrayElement(input.companies) : business(p.type) ? faker.helpers.arrayElement(selfEmployed) : faker.helpers.arrayElement(natural);
    const other = faker.helpers.arrayElement(natural.filter((n) => n.id !== owner.id).slice(0, 120));
    const participants: { person: number; role: PersonRole }[] =
      kind === 'lease'
        ? [{ person: owner.id, role: 'TENANT' }]
        : kind === 'leaseback'
          ? [
              { person: owner.id, role: 'SELLER' },
              { person: owner.id, role: 'TENANT' },
            ]
          : p.type === 'SALE'
            ? [
                { person: owner.id, role: 'BUYER' },
                { person: owner.id, role: 'DEBTOR' },
              ]
            : [{ person: owner.id, role: p.type === 'HARD_COLLECTION' || p.type === 'OTHER_DEAL' ? 'DEBTOR' : 'BORROWER' }];
    if (company) participants.push({ person: other.id, role: 'ACCESSORY_DEBTOR' });
    else if (p.type === 'CONSUMER_LOAN' && faker.datatype.boolean(0.15)) participants.push({ person: other.id, role: 'DEBTOR' });
    const year = createdOn.slice(0, 4);
    const settings: NoticeDisablingSetting[] = faker.datatype.boolean(0.04) ? ['DISABLE_NON_PAYING_NOTICE'] : faker.datatype.boolean(0.02) ? ['DISABLE_NOTARIAL_DEED_NOTICE', 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE'] : [];
    const created = await clock.at(at(createdOn), (deps) =>
      createDeal(
        deps,
        actor,
        dealCreateRequest.parse({
          type: p.type,
          value: amount(value),
          contract_number: p.state === 'NEW_APPLICATION' ? undefined : `${CONTRACT_PREFIX[p.type] ?? 'PU'}-${year}-${String(1_000 + i).padStart(5, '0')}`,
          external_id: faker.datatype.boolean(0.7) ? `PD-${20_000 + i}` : undefined,
          abp: faker.datatype.boolean(0.03),
          liquidated: p.state === 'CLOSED' && faker.datatype.boolean(0.08),
          settings,
          non_paying_after_days: p.type === 'HARD_COLLECTION' ? 90 : undefined,
          participants,
        }),
      ),
    );
    const dealId = created.id;
    const withModel = p.state !== 'NEW_APPLICATION' && p.state !== 'CLOSED_APPLICATION' ? true : faker.datatype.boolean(0.5);
    if (withModel) await clock.at(at(modelDay), (deps) => createDealModel(deps, dealId, body, actor));
    if (p.state === 'NEW_APPLICATION') continue;
    if (p.state === 'CLOSED_APPLICATION') {
      await toState(dealId, minDay(addDays(createdOn, int(3, 40)), T), 'CLOSED_APPLICATION', p.closedReason);
      continue;
    }
    await prepare(dealId, p.type, payoutAmount, owner, modelDay);
    await toState(dealId, completion, 'CONTRACT_COMPLETION');
    if (p.state === 'CONTRACT_COMPLETION') continue;
    await toState(dealId, sign, 'CONTRACT_SIGN');
    if (p.state === 'CONTRACT_SIGN') continue;
    await toState(dealId, payout, 'ACTIVE');
    if (p.type.startsWith('INVESTMENT_LOAN')) await pledge(dealId, payout);
    if (filedOn) await toState(dealId, filedOn, 'FILED_FOR_INSOLVENCY');
    if (closedOn) await toState(dealId, closedOn, 'CLOSED', p.closedReason);
  }
  await clock.apply();
  return { deals: plans.length + fromLeads, fromLeads };
}
