import { faker } from '@faker-js/faker/locale/cs_CZ';
import { Decimal } from 'decimal.js';
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
  type DealCreateRequest,
  type DealModelRequest,
  type DealObligationRequest,
  type DealStateRequest,
  type NoticeDisablingSetting,
  type PersonRole,
  type PurposeRequest,
  type RealtyGroupRequest,
} from '@lending/contracts';
import type { Lead, Person, Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { StaffActor } from '../domain/actor.ts';
import { changeDealState } from '../modules/claims/state/change-deal-state.ts';
import { createDealModel } from '../modules/claims/deal-models/create-deal-model.ts';
import { convertLeadToDeal } from '../modules/claims/lead-conversion/convert-lead.ts';
import { addDays } from '../domain/dates.ts';
import { createDeal } from '../modules/deals/create-deal.ts';
import { createDealItem } from '../modules/deals/create-deal-item.ts';
import type { AnySubResource } from '../modules/deals/deal-sub-resource.ts';
import { updateDealItem } from '../modules/deals/update-deal-item.ts';
import { obligations } from '../modules/deals/sub-resources.ts';
import { createPurpose } from '../modules/purposes/create-purpose.ts';
import { createRealtyGroup } from '../modules/realty-groups/create-realty-group.ts';
import { czechAddress } from './demo-persons.ts';

// The demo loan book, made the way staff make it: every deal goes through the engine's own use
// cases (createDeal, createDealModel, purposes, collateral, changeDealState — activation
// generates the claims groups and claims — and convertLeadToDeal for accepted offers), each
// called "on the day" it happened (the use cases read the clock from deps.now), so activation,
// signing and closing dates are history, not today. Its payment history is imported afterwards
// as the bank's statements (demo-payments.ts), then the close of business for today sets DPD,
// penalty interest and breaches (seed-demo-data.ts).
//
// Each serviced deal is planned with how it is paid (`DealHistory`): ACTIVE deals were paid out
// over the last year and their debtors pay (the newest have no installment due yet); a sixth of
// them are in arrears on purpose, planned with a DPD: they paid until the installment due that
// many days ago (a few months of payments, or none: first-payment defaults, collection cases).
// Deals filed for insolvency stopped paying weeks before filing; CLOSED ones carry the history of
// the last three years: about half of the closed loans were repaid in full (at the end of the
// term or early) and are closed as CLOSED_DULY once their payments are booked, the rest stopped
// paying months before they were written off, handed to collection, assigned… (reasons that
// leave claims owed). Tenants of leases (nájem) overpaying their rent keep the credit: their
// terms allocate nothing in advance (OTHER_PROFILE_V2).

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
  /** Told each time a deal has been taken through all its steps (the first start prints progress). */
  onDeal?: (done: number, total: number) => void;
}

export interface DemoDealsResult {
  deals: number;
  fromLeads: number;
  /** What each serviced deal's debtor did (demo-payments.ts writes it as bank statements). */
  histories: DealHistory[];
}

/** How a serviced deal was paid, as planned with the deal (the payments follow it). */
export interface DealHistory {
  dealId: number;
  /** The debtor stopped paying: installments due on or after this day are unpaid. Null: still paying. */
  stopsOn: string | null;
  /** Repaid in full (at the end of its term or early), then closed as CLOSED_DULY once the payments are booked. */
  repaid: boolean;
}

type Plan = {
  type: DealType;
  state: DealState;
  closedReason: DealClosedReason | null;
  /** In arrears on purpose: the first unpaid due date is this many days before today. */
  dpd: number;
  /** Paid off and closed duly (state CLOSED, reason CLOSED_DULY, set after the payments). */
  repaid: boolean;
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
/** Why a deal ended with its claims still owed, by kind of deal (CLOSED_DULY ones are paid off: `Plan.repaid`). */
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
    // Of the closed loans (not collection cases) about half were repaid; the rest ended owing.
    const repaid = state === 'CLOSED' && kind === 'loan' && type !== 'HARD_COLLECTION' && faker.datatype.boolean(0.5);
    return {
      type,
      state,
      closedReason: repaid ? 'CLOSED_DULY' : state === 'CLOSED' ? faker.helpers.arrayElement(CLOSED_REASONS[kind]) : state === 'CLOSED_APPLICATION' && faker.datatype.boolean(0.4) ? faker.helpers.arrayElement(['OTHER', 'CHANGE_PRODUCT_TYPE'] as const) : null,
      dpd: dpd === 0 ? 0 : dpd === 91 ? int(91, 420) : int(dpd, dpd + 29),
      repaid,
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
    const term = faker.helpers.arrayElement([12, 24, 24, 36, 36, 48]);
    const body = dealModelRequest.parse({
      name: type === 'LEASE' ? 'Nájemní smlouva' : 'Leasingová smlouva',
      // A tenant's rent paid beyond the month stays as credit (přeplatek) until used or refunded.
      ...(type === 'LEASE' ? { allocation_profile: 'OTHER_PROFILE_V2' } : {}),
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
    if (type === 'CONSUMER_LOAN') return [roundTo(int(30_000, 800_000), 5_000), faker.number.float({ min: 7.9, max: 19.9, fractionDigits: 1 }), faker.helpers.arrayElement([12, 24, 24, 36, 36, 48, 48, 60, 72, 84]), faker.datatype.boolean(0.9) ? 'ANNUITY' : 'LINEAR'];
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

const BANK_CODES = ['0800', '0100', '0300', '3030', '0600', '5500', '2010', '2700'];
const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** A Czech account number that passes the decree's modulo-11 check. */
export function bankAccount(): string {
  for (;;) {
    const digits = [int(1, 9), ...Array.from({ length: 8 }, () => int(0, 9))];
    const sum = digits.reduce((s, d, i) => s + d * WEIGHTS[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return `${digits.join('')}${check}/${faker.helpers.arrayElement(BANK_CODES)}`;
  }
}

/** One staff action on a deal, decided in advance (every random draw is made in plan order, so the book is the same however the work interleaves). */
type Step =
  | { kind: 'model'; at: Date; body: DealModelRequest }
  | { kind: 'prepare'; at: Date; purposes: PurposeRequest[]; collateral: { owner: number; realty: RealtyData; group: RealtyGroupRequest } | null }
  | { kind: 'state'; at: Date; body: DealStateRequest }
  | { kind: 'pledge'; at: Date; body: DealObligationRequest; fulfilledAt: Date | null };
type RealtyData = Omit<Prisma.RealtyUncheckedCreateInput, 'id'>;

interface DealScript {
  createdAt: Date;
  create: DealCreateRequest;
  steps: Step[];
  /** For a deal that gets activated: how it is paid. */
  history: Omit<DealHistory, 'dealId'> | null;
}

/** Deals worked on at once (besides the one being made): the use cases wait on the database part of the time; four connections in all. */
const WORKERS = 3;

/** Makes the demo deals (see the top of this file). Deterministic for a given faker seed and day. */
export async function seedDeals(prisma: PrismaClient, input: DemoDealsInput, count = 1_500): Promise<DemoDealsResult> {
  const T = input.today;
  // An office hour of `day` (Prague), never after the seed's own moment.
  const at = (day: string) => new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + int(6 * 60, 14 * 60) * 60_000, input.now.getTime() - 60_000));
  const minDay = (a: string, b: string) => (a < b ? a : b);
  const natural = input.persons;
  const selfEmployed = natural.filter((p) => p.companyId);
  // Each step's audit entry carries its number as the request id: afterwards it gets the step's moment.
  const stamps: Date[] = [];
  const actorAt = (when: Date) => {
    stamps.push(when);
    return { ...input.actor, meta: { ...input.actor.meta, requestId: `seed-${stamps.length - 1}` } };
  };
  const depsAt = (when: Date) => ({ prisma, now: () => when });
  /** Per deal: when it was made and when its terms and documents were prepared, for the rows the use cases stamp with the database's clock. */
  const moments = new Map<number, { created: Date; model: Date | null; prepared: Date | null }>();

  /** The payout (principal − upfront fee, exact) split into what the borrower gets and, sometimes, a refinanced debt. */
  function purposesFor(type: DealType, payout: Decimal, owner: Person): PurposeRequest[] {
    if (!needsPurpose(type)) return [];
    // Only the random share is drawn as a number (whole hundreds); the amounts are exact.
    const refinanced = type === 'CONSUMER_LOAN' && payout.gt(60_000) && faker.datatype.boolean(0.3) ? roundTo(payout.toNumber() * faker.number.float({ min: 0.2, max: 0.6 }), 100) : 0;
    const name = (owner.companyName ?? `${owner.firstName} ${owner.lastName}`).slice(0, 70);
    return [
      ...(refinanced
        ? [purposeRequest.parse({ type: 'CREDITOR_DEBT', amount: amount(refinanced), bank_account: bankAccount(), variable_symbol: String(int(1_000_000, 9_999_999_999)), recipient_name: faker.helpers.arrayElement(CREDITORS), message: 'Splacení úvěru' })]
        : []),
      purposeRequest.parse({ type: 'APPLICANT_BANK_ACCOUNT', amount: payout.minus(refinanced).toFixed(2), bank_account: bankAccount(), recipient_name: name, message: faker.helpers.arrayElement(PURPOSE_MESSAGES) }),
    ];
  }

  /** A realty the owner holds: what a business loan, a lease or a leaseback is secured by or about. */
  function collateralFor(type: DealType, owner: Person): Extract<Step, { kind: 'prepare' }>['collateral'] {
    if (!needsCollateral(type)) return null;
    const address = czechAddress();
    return {
      owner: owner.id,
      realty: {
        type: type === 'LEASE' ? 'FLAT' : faker.helpers.arrayElement(['FLAT', 'FAMILY_HOUSE', 'FAMILY_HOUSE'] as const),
        ...address,
        cadastralAreaName: address.city,
        lvNumber: String(int(100, 4999)),
        floorArea: amount(int(35, 220)),
      },
      group: realtyGroupRequest.parse({ name: type === 'LEASE' ? 'Pronajímaná nemovitost' : 'Zajištění', mortgage: type.startsWith('INVESTMENT_LOAN'), realties: [] }),
    };
  }

  const state = (day: string, target: DealState, closedReason: DealClosedReason | null = null): Step => ({ kind: 'state', at: at(day), body: dealStateRequest.parse({ state: target, closed_reason: closedReason }) });

  /** After activation: a business loan's pledge must be registered within a month; most are, a few never. */
  function pledge(payoutDay: string): Step {
    const fulfilled = faker.datatype.boolean(0.85) ? addDays(payoutDay, int(8, 28)) : null;
    return {
      kind: 'pledge',
      at: at(payoutDay),
      body: dealObligationRequest.parse({ type: 'PLEDGE_RIGHT', due_date: addDays(payoutDay, 30), description: 'Vklad zástavního práva do katastru nemovitostí' }),
      fulfilledAt: fulfilled && fulfilled <= T ? at(fulfilled) : null,
    };
  }

  async function run(dealId: number, steps: Step[]): Promise<void> {
    for (const step of steps) {
      const deps = depsAt(step.at);
      const actor = actorAt(step.at);
      if (step.kind === 'model') await createDealModel(deps, actor, { dealId, model: step.body });
      else if (step.kind === 'state') await changeDealState(deps, actor, { dealId, transition: step.body });
      else if (step.kind === 'prepare') {
        for (const purpose of step.purposes) await createPurpose(deps, actor, { dealId, purpose });
        if (step.collateral) {
          const realty = await prisma.realty.create({ data: step.collateral.realty });
          await prisma.realtyRight.create({ data: { personId: step.collateral.owner, realtyId: realty.id, type: 'OWNERSHIP', shareNumerator: 1, shareDenominator: 1, lvNumber: realty.lvNumber } });
          await createRealtyGroup(deps, actor, { dealId, group: { ...step.collateral.group, realties: [realty.id] } });
        }
      } else {
        const created = (await createDealItem(deps, actor, { resource: obligationResource, dealId, item: step.body })) as { id: number };
        if (step.fulfilledAt) {
          const when = step.fulfilledAt;
          await updateDealItem(depsAt(when), actorAt(when), { resource: obligationResource, dealId, id: created.id, changes: { fulfilled_at: when.toISOString() } });
        }
      }
    }
  }

  // Accepted offers become deals the day after acceptance (every other one: the rest wait for
  // staff). One by one: few, and each decides its next steps from the terms the conversion made.
  let fromLeads = 0;
  let finished = 0;
  const histories: DealHistory[] = [];
  for (const lead of input.leads.filter((l) => l.state === 'OFFER_ACCEPTED' && l.personId).filter((_, i) => i % 2 === 0)) {
    const convertedOn = minDay(addDays(lead.updatedAt.toISOString().slice(0, 10), 1), T);
    const when = at(convertedOn);
    const answer = await convertLeadToDeal(depsAt(when), actorAt(when), { leadId: lead.id });
    fromLeads++;
    const deal = await prisma.deal.findUniqueOrThrow({ where: { id: answer.deal_id }, include: { models: true } });
    moments.set(deal.id, { created: when, model: when, prepared: when });
    const model = deal.models[0];
    if (!model) continue;
    const payoutDay = model.disbursementDate.toISOString().slice(0, 10);
    const firstDue = model.firstDueDate.toISOString().slice(0, 10);
    const person = [...natural, ...input.companies].find((p) => p.id === lead.personId)!;
    const completion = minDay(addDays(convertedOn, 1), T);
    const steps: Step[] = [
      { kind: 'prepare', at: when, purposes: purposesFor(deal.type, new Decimal(model.principal.toFixed(2)).minus(model.upfrontFee.toFixed(2)), person), collateral: answer.realty_group_id === null ? collateralFor(deal.type, person) : null },
      state(completion, 'CONTRACT_COMPLETION'),
    ];
    if (payoutDay > T) steps.push(state(minDay(addDays(completion, 2), T), 'CONTRACT_SIGN'));
    else if (firstDue >= T || fromLeads % 3 === 0) {
      steps.push(state(addDays(payoutDay, -1), 'CONTRACT_SIGN'), state(payoutDay, 'ACTIVE'));
      histories.push({ dealId: deal.id, stopsOn: null, repaid: false });
    }
    else steps.push(state(minDay(addDays(completion, int(3, 12)), T), 'CLOSED_APPLICATION', 'OTHER'));
    await run(deal.id, steps);
    input.onDeal?.(++finished, count);
  }

  // The rest of the book, planned first (every random draw in order), …
  const scripts: DealScript[] = plan(count - fromLeads).map((p, i) => {
    const kind = kindOf(p.type);
    const serviced = p.state === 'ACTIVE' || p.state === 'FILED_FOR_INSOLVENCY' || p.state === 'CLOSED';
    let dueDay = faker.helpers.arrayElement(DUE_DAYS);
    // The payout day and first due date, by state (see the top of this file).
    let payout: string;
    let firstDue: string;
    let filedOn: string | null = null;
    let closedOn: string | null = null;
    // The day the debtor stopped paying (see DealHistory), for deals in arrears or ended owing.
    let stopsOn: string | null = null;
    const firstDueAfter = (day: string) => monthsOn(day, monthsOn(day, 0, dueDay) <= day ? 1 : 0, dueDay);
    if (p.state === 'ACTIVE' && p.dpd === 0) {
      // Paid out over the last year, paying since; the newest have no installment due yet.
      payout = addDays(T, -int(3, 365));
      firstDue = firstDueAfter(addDays(payout, int(15, 25)));
    } else if (p.state === 'ACTIVE') {
      // Paid until the installment due `dpd` days ago (a first-payment default when it is the first).
      const stop = addDays(T, -p.dpd);
      dueDay = Math.min(28, dayOfMonth(stop));
      stopsOn = monthsOn(stop, 0, dueDay);
      firstDue = monthsOn(stopsOn, -weighted<number>([[0, 20], [1, 16], [2, 16], [3, 16], [4, 16], [5, 16]]), dueDay);
      payout = addDays(firstDue, -int(20, 40));
    } else if (p.state === 'FILED_FOR_INSOLVENCY') {
      // Stopped paying weeks before filing for insolvency.
      firstDue = monthsOn(addDays(T, -int(150, 600)), 0, dueDay);
      payout = addDays(firstDue, -int(20, 40));
      filedOn = minDay(addDays(firstDue, int(60, 420)), addDays(T, -1));
      stopsOn = addDays(filedOn, -int(20, 75));
    } else if (p.state === 'CLOSED') {
      payout = addDays(T, -int(200, 1_095));
      firstDue = firstDueAfter(addDays(payout, 15));
      // A repaid deal is closed once its payments are booked (demo-payments.ts); the others stopped
      // paying months before they were written off, handed over… (or before the insolvency).
      if (!p.repaid) {
        closedOn = minDay(addDays(firstDue, int(120, 480)), addDays(T, -2));
        if (p.closedReason === 'CLOSED_AFTER_INSOLVENCY') filedOn = addDays(closedOn, -int(30, 100));
        stopsOn = addDays(filedOn ?? closedOn, -int(60, 200));
      }
    } else {
      // Applications: the payout is planned weeks ahead (or was, for one closed long ago).
      payout = p.state === 'CLOSED_APPLICATION' ? addDays(T, -int(0, 1_095)) : addDays(T, int(3, 30));
      firstDue = firstDueAfter(addDays(payout, 15));
    }
    // The steps before the payout, backwards from it.
    const sign = serviced ? addDays(payout, -int(1, 4)) : minDay(addDays(payout, -int(10, 14)), T);
    const completion = minDay(addDays(sign, -int(1, 6)), T);
    const modelDay = addDays(completion, -int(0, 3));
    const createdOn = minDay(addDays(modelDay, -int(1, 20)), T);
    const { body, payout: payoutAmount, value } = termsFor(p.type, payout, firstDue);

    // Who owes it.
    const company = business(p.type) && faker.datatype.boolean(0.6);
    const owner = company ? faker.helpers.arrayElement(input.companies) : business(p.type) ? faker.helpers.arrayElement(selfEmployed) : faker.helpers.arrayElement(natural);
    const other = faker.helpers.arrayElement(natural.filter((n) => n.id !== owner.id).slice(0, 120));
    const debtorRole: PersonRole = p.type === 'HARD_COLLECTION' || p.type === 'OTHER_DEAL' ? 'DEBTOR' : 'BORROWER';
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
            : [{ person: owner.id, role: debtorRole }];
    if (company) participants.push({ person: other.id, role: 'ACCESSORY_DEBTOR' });
    else if (p.type === 'CONSUMER_LOAN' && faker.datatype.boolean(0.15)) participants.push({ person: other.id, role: 'DEBTOR' });
    const settings: NoticeDisablingSetting[] = faker.datatype.boolean(0.04) ? ['DISABLE_NON_PAYING_NOTICE'] : faker.datatype.boolean(0.02) ? ['DISABLE_NOTARIAL_DEED_NOTICE', 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE'] : [];
    const create = dealCreateRequest.parse({
      type: p.type,
      value: amount(value),
      contract_number: p.state === 'NEW_APPLICATION' ? undefined : `${CONTRACT_PREFIX[p.type] ?? 'PU'}-${createdOn.slice(0, 4)}-${String(1_000 + i).padStart(5, '0')}`,
      external_id: faker.datatype.boolean(0.7) ? `PD-${20_000 + i}` : undefined,
      abp: faker.datatype.boolean(0.03),
      liquidated: p.state === 'CLOSED' && !p.repaid && faker.datatype.boolean(0.08),
      settings,
      non_paying_after_days: p.type === 'HARD_COLLECTION' ? 90 : undefined,
      participants,
    });

    const steps: Step[] = [];
    const withModel = p.state !== 'NEW_APPLICATION' && p.state !== 'CLOSED_APPLICATION' ? true : faker.datatype.boolean(0.5);
    if (withModel) steps.push({ kind: 'model', at: at(modelDay), body });
    if (p.state === 'CLOSED_APPLICATION') steps.push(state(minDay(addDays(createdOn, int(3, 40)), T), 'CLOSED_APPLICATION', p.closedReason));
    else if (p.state !== 'NEW_APPLICATION') {
      steps.push({ kind: 'prepare', at: at(modelDay), purposes: purposesFor(p.type, new Decimal(payoutAmount), owner), collateral: collateralFor(p.type, owner) });
      steps.push(state(completion, 'CONTRACT_COMPLETION'));
      if (p.state !== 'CONTRACT_COMPLETION') steps.push(state(sign, 'CONTRACT_SIGN'));
      if (serviced) {
        steps.push(state(payout, 'ACTIVE'));
        if (p.type.startsWith('INVESTMENT_LOAN')) steps.push(pledge(payout));
        if (filedOn) steps.push(state(filedOn, 'FILED_FOR_INSOLVENCY'));
        if (closedOn) steps.push(state(closedOn, 'CLOSED', p.closedReason));
      }
    }
    return { createdAt: at(createdOn), create, steps, history: serviced ? { stopsOn, repaid: p.repaid } : null };
  });

  // … made one after another (so ids and variable symbols follow the plan) while workers take
  // each made deal through its steps, several at once.
  const dealIds: Promise<number>[] = [];
  const made: ((id: number) => void)[] = [];
  for (let i = 0; i < scripts.length; i++) dealIds.push(new Promise((resolve) => made.push(resolve)));
  const creating = (async () => {
    for (const [i, script] of scripts.entries()) {
      const deal = await createDeal(depsAt(script.createdAt), actorAt(script.createdAt), { deal: script.create });
      const model = script.steps.find((s) => s.kind === 'model')?.at ?? null;
      moments.set(deal.id, { created: script.createdAt, model, prepared: script.steps.find((s) => s.kind === 'prepare')?.at ?? model });
      made[i]!(deal.id);
      if (script.history) histories.push({ dealId: deal.id, ...script.history });
    }
  })();
  let next = 0;
  await Promise.all([
    creating,
    ...Array.from({ length: WORKERS }, async () => {
      while (next < scripts.length) {
        const i = next++;
        await run(await dealIds[i]!, scripts[i]!.steps);
        input.onDeal?.(++finished, count);
      }
    }),
  ]);
  await stampHistory(prisma, moments, stamps);
  return { deals: scripts.length + fromLeads, fromLeads, histories };
}

const obligationResource = obligations as unknown as AnySubResource;

/**
 * The use cases stamp their rows with the database's clock; the seed ran them "on the day", so
 * the rows get that day afterwards: audit entries by their step (request id), the rest from the
 * deal's own moments. Money, states and every date the engine computed stay as they are.
 */
async function stampHistory(prisma: PrismaClient, moments: Map<number, { created: Date; model: Date | null; prepared: Date | null }>, stamps: Date[]): Promise<void> {
  const ts = (d: Date | null) => (d ? `'${d.toISOString()}'::timestamptz` : 'NULL::timestamptz');
  const deals = [...moments].map(([id, m]) => `(${id}, ${ts(m.created)}, ${ts(m.model)}, ${ts(m.prepared)})`).join(', ');
  const audit = stamps.map((d, i) => `('seed-${i}', ${ts(d)})`).join(', ');
  await prisma.$transaction(async (tx) => { for (const q of [
    (`UPDATE audit_log a SET created_at = s.at FROM (VALUES ${audit}) s(request_id, at) WHERE a.request_id = s.request_id`),
    (`CREATE TEMPORARY TABLE seed_moments ON COMMIT DROP AS SELECT * FROM (VALUES ${deals}) s(deal_id, created, model, prepared)`),
    (`UPDATE deals d SET created_at = m.created, updated_at = greatest(m.created, d.activated_at, d.closed_at) FROM seed_moments m WHERE m.deal_id = d.id`),
    (`UPDATE deal_participants x SET created_at = m.created, updated_at = m.created FROM seed_moments m WHERE m.deal_id = x.deal_id`),
    (`UPDATE deal_models x SET created_at = m.model, updated_at = greatest(m.model, x.activated_at) FROM seed_moments m WHERE m.deal_id = x.deal_id AND m.model IS NOT NULL`),
    (`UPDATE purposes x SET created_at = m.prepared, updated_at = m.prepared FROM seed_moments m WHERE m.deal_id = x.deal_id AND m.prepared IS NOT NULL`),
    (`UPDATE realty_groups x SET created_at = m.prepared, updated_at = m.prepared FROM seed_moments m WHERE m.deal_id = x.deal_id AND m.prepared IS NOT NULL`),
    (`UPDATE realties r SET created_at = g.created_at, updated_at = g.created_at FROM realty_group_realties gr JOIN realty_groups g ON g.id = gr.realty_group_id WHERE gr.realty_id = r.id AND r.created_at > g.created_at`),
    (`UPDATE claims_groups g SET created_at = m.activated_at, updated_at = m.activated_at FROM deal_models m WHERE m.id = g.deal_model_id AND m.activated_at IS NOT NULL`),
    (`UPDATE claims c SET created_at = g.created_at, updated_at = g.created_at FROM claims_groups g WHERE g.id = c.claims_group_id`),
    (`UPDATE deal_obligations o SET created_at = d.activated_at, updated_at = coalesce(o.fulfilled_at, d.activated_at) FROM deals d WHERE d.id = o.deal_id AND d.activated_at IS NOT NULL`),
    (`UPDATE leads l SET updated_at = d.created_at FROM deals d WHERE d.lead_id = l.id`),
  ]) await tx.$executeRawUnsafe(q); }, { timeout: 120_000 });
}
