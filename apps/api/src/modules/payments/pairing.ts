import type { Prisma } from '../../generated/prisma/client.ts';

// Pairing an incoming payment to a deal (SERVICING.md §5): the variable symbol is a deal's
// variable symbol, else the specific symbol is, else the counter-account paid earlier to
// exactly one deal. Anything else waits in the unpaired queue for staff.

export type PairedBy = 'VARIABLE_SYMBOL' | 'SPECIFIC_SYMBOL' | 'COUNTER_ACCOUNT';

export interface Pairing {
  dealId: number;
  by: PairedBy;
}

/** What the database knows about a payment's symbols and counter-account. */
export interface PairingCandidates {
  /** The deal whose variable symbol is the payment's variable symbol. */
  byVariableSymbol: number | null;
  /** The deal whose variable symbol is the payment's specific symbol. */
  bySpecificSymbol: number | null;
  /** Deals earlier payments from the same counter-account were paired to (distinct). */
  counterAccountDeals: readonly number[];
}

/** The rule itself, pure: first match wins; a counter-account known to several deals decides nothing. */
export function choosePairing(candidates: PairingCandidates): Pairing | null {
  if (candidates.byVariableSymbol !== null) return { dealId: candidates.byVariableSymbol, by: 'VARIABLE_SYMBOL' };
  if (candidates.bySpecificSymbol !== null) return { dealId: candidates.bySpecificSymbol, by: 'SPECIFIC_SYMBOL' };
  if (candidates.counterAccountDeals.length === 1) return { dealId: candidates.counterAccountDeals[0]!, by: 'COUNTER_ACCOUNT' };
  return null;
}

/** Symbols compare without leading zeros (deals store theirs so, banks pad them). */
const symbol = (raw: string | null | undefined) => {
  const s = raw?.trim().replace(/^0+/, '') ?? '';
  return s === '' ? null : s;
};

type PairingInput = { variableSymbol: string | null; specificSymbol: string | null; counterAccount: string | null };

/**
 * Pairs incoming payments taken in the order given, as if booked one after another: the
 * database is asked once for every symbol and counter-account of the batch, and a payment of the
 * batch paired to a deal makes its counter-account known for that deal to the payments after it.
 */
export async function pairPayments(db: Pick<Prisma.TransactionClient, '$queryRaw'>, payments: readonly PairingInput[]): Promise<(Pairing | null)[]> {
  const symbols = [...new Set(payments.flatMap((p) => [symbol(p.variableSymbol), symbol(p.specificSymbol)]).filter((s) => s !== null))];
  const accountOf = (p: PairingInput) => p.counterAccount?.trim() || null;
  const accounts = [...new Set(payments.map(accountOf).filter((a) => a !== null))];
  const [deals, known] = await Promise.all([
    symbols.length ? db.$queryRaw<{ id: number; variable_symbol: string }[]>`SELECT id, variable_symbol FROM deals WHERE variable_symbol = ANY(${symbols}::text[])` : [],
    // Two distinct deals are enough to know an account decides nothing.
    accounts.length
      ? db.$queryRaw<{ account: string; deals: number[] }[]>`
          SELECT a.account, array(SELECT DISTINCT p.deal_id FROM payments p
                                    WHERE p.counter_account = a.account AND p.deal_id IS NOT NULL AND p.direction = 'INCOMING_PAYMENT'
                                    ORDER BY p.deal_id LIMIT 2) AS deals
            FROM unnest(${accounts}::text[]) a(account)`
      : [],
  ]);
  const dealOf = new Map(deals.map((d) => [d.variable_symbol, d.id]));
  const accountDeals = new Map(known.map((k) => [k.account, new Set(k.deals)]));
  return payments.map((p) => {
    const vs = symbol(p.variableSymbol);
    const ss = symbol(p.specificSymbol);
    const account = accountOf(p);
    const seen = account ? accountDeals.get(account) : undefined;
    const pairing = choosePairing({
      byVariableSymbol: (vs !== null && dealOf.get(vs)) || null,
      bySpecificSymbol: (ss !== null && dealOf.get(ss)) || null,
      counterAccountDeals: seen ? [...seen].slice(0, 2) : [],
    });
    if (pairing && account) accountDeals.set(account, (seen ?? new Set()).add(pairing.dealId));
    return pairing;
  });
}

/** The deal an incoming payment belongs to, or null when it stays unpaired. */
export async function pairPayment(db: Pick<Prisma.TransactionClient, '$queryRaw'>, payment: PairingInput): Promise<Pairing | null> {
  return (await pairPayments(db, [payment]))[0]!;
}
