import type { PaymentPairedBy } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { SERVICED_STATES } from '../servicing/index.ts';

// Pairing an incoming payment to a deal (SERVICING.md §5, docs/decisions/0047): the variable
// symbol is a deal's variable symbol, else the specific symbol is, else the counter-account paid
// earlier to exactly one deal — and that deal is serviced (ACTIVE, FILED_FOR_INSOLVENCY). A
// counter-account known only to a deal that is not serviced (an application, a closed deal)
// pairs nothing: the payment waits in the unpaired queue with that deal as a suggestion for staff.

/** How the rule paired a payment (the other ways of payments.paired_by are set by staff and bookings). */
export type PairedBy = Extract<PaymentPairedBy, 'VARIABLE_SYMBOL' | 'SPECIFIC_SYMBOL' | 'COUNTER_ACCOUNT'>;

export interface Pairing {
  dealId: number;
  by: PairedBy;
}

/** What the rule decided of one payment: the deal it pairs to, or else perhaps a deal to suggest. */
export interface PairingDecision {
  pairing: Pairing | null;
  /** Unpaired, but its counter-account paid this deal (not serviced) and no other. */
  suggestion: number | null;
}

export interface KnownDeal {
  dealId: number;
  /** ACTIVE or FILED_FOR_INSOLVENCY. */
  serviced: boolean;
}

/** What the database knows about a payment's symbols and counter-account. */
export interface PairingCandidates {
  /** The deal whose variable symbol is the payment's variable symbol. */
  byVariableSymbol: number | null;
  /** The deal whose variable symbol is the payment's specific symbol. */
  bySpecificSymbol: number | null;
  /** Deals earlier payments from the same counter-account were paired to (distinct; two are enough to know it decides nothing). */
  counterAccountDeals: readonly KnownDeal[];
}

const UNPAIRED: PairingDecision = { pairing: null, suggestion: null };

/**
 * The rule itself, pure: first match wins; a counter-account known to several deals decides
 * nothing, one known to a single deal that is not serviced only suggests it.
 */
export function choosePairing(candidates: PairingCandidates): PairingDecision {
  if (candidates.byVariableSymbol !== null) return { pairing: { dealId: candidates.byVariableSymbol, by: 'VARIABLE_SYMBOL' }, suggestion: null };
  if (candidates.bySpecificSymbol !== null) return { pairing: { dealId: candidates.bySpecificSymbol, by: 'SPECIFIC_SYMBOL' }, suggestion: null };
  if (candidates.counterAccountDeals.length !== 1) return UNPAIRED;
  const [known] = candidates.counterAccountDeals as [KnownDeal];
  return known.serviced ? { pairing: { dealId: known.dealId, by: 'COUNTER_ACCOUNT' }, suggestion: null } : { pairing: null, suggestion: known.dealId };
}

/** Symbols compare without leading zeros (deals store theirs so, banks pad them). */
const symbol = (raw: string | null | undefined) => {
  const s = raw?.trim().replace(/^0+/, '') ?? '';
  return s === '' ? null : s;
};

type PairingInput = { variableSymbol: string | null; specificSymbol: string | null; counterAccount: string | null };
type Db = Pick<Prisma.TransactionClient, '$queryRaw'>;

const isServiced = (state: string) => (SERVICED_STATES as readonly string[]).includes(state);

/**
 * Pairs incoming payments taken in the order given, as if booked one after another: the
 * database is asked once for every symbol and counter-account of the batch, and a payment of the
 * batch paired to a deal makes its counter-account known for that deal to the payments after it.
 */
export async function pairPayments(db: Db, payments: readonly PairingInput[]): Promise<PairingDecision[]> {
  const symbols = [...new Set(payments.flatMap((p) => [symbol(p.variableSymbol), symbol(p.specificSymbol)]).filter((s) => s !== null))];
  const accountOf = (p: PairingInput) => p.counterAccount?.trim() || null;
  const accounts = [...new Set(payments.map(accountOf).filter((a) => a !== null))];
  const [deals, known] = await Promise.all([
    symbols.length
      ? db.$queryRaw<{ id: number; variable_symbol: string; state: string }[]>`SELECT id, variable_symbol, state::text AS state FROM deals WHERE variable_symbol = ANY(${symbols}::text[])`
      : [],
    // Two distinct deals are enough to know an account decides nothing.
    accounts.length
      ? db.$queryRaw<{ account: string; deals: number[]; states: string[] }[]>`
          SELECT a.account, k.deals, array(SELECT d.state::text FROM deals d JOIN unnest(k.deals) WITH ORDINALITY u(id, n) ON u.id = d.id ORDER BY u.n) AS states
            FROM unnest(${accounts}::text[]) a(account)
            CROSS JOIN LATERAL (SELECT array(SELECT DISTINCT p.deal_id FROM payments p
                                               WHERE p.counter_account = a.account AND p.deal_id IS NOT NULL AND p.direction = 'INCOMING_PAYMENT'
                                               ORDER BY p.deal_id LIMIT 2) AS deals) k`
      : [],
  ]);
  const dealOf = new Map(deals.map((d) => [d.variable_symbol, { dealId: d.id, serviced: isServiced(d.state) }]));
  // Each account's deals by id, with whether each is serviced.
  const accountDeals = new Map(known.map((k) => [k.account, new Map(k.deals.map((id, n) => [id, isServiced(k.states[n] ?? '')]))]));
  return payments.map((p) => {
    const vs = symbol(p.variableSymbol);
    const ss = symbol(p.specificSymbol);
    const account = accountOf(p);
    const seen = account ? accountDeals.get(account) : undefined;
    const byVs = vs !== null ? dealOf.get(vs) : undefined;
    const bySs = ss !== null ? dealOf.get(ss) : undefined;
    const decision = choosePairing({
      byVariableSymbol: byVs?.dealId ?? null,
      bySpecificSymbol: bySs?.dealId ?? null,
      counterAccountDeals: seen ? [...seen].slice(0, 2).map(([dealId, serviced]) => ({ dealId, serviced })) : [],
    });
    const { pairing } = decision;
    if (pairing && account) {
      // The deal paired to, as the database would know it once this payment is booked: its state from the lookup that found it.
      const serviced = pairing.by === 'VARIABLE_SYMBOL' ? byVs!.serviced : pairing.by === 'SPECIFIC_SYMBOL' ? bySs!.serviced : true;
      const deals = seen ?? new Map<number, boolean>();
      if (!deals.has(pairing.dealId)) deals.set(pairing.dealId, serviced);
      accountDeals.set(account, deals);
    }
    return decision;
  });
}

/** The deal an incoming payment belongs to, or null when it stays unpaired (then perhaps a deal to suggest). */
export async function pairPayment(db: Db, payment: PairingInput): Promise<PairingDecision> {
  return (await pairPayments(db, [payment]))[0]!;
}
