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

export async function pairingCandidates(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
  payment: { variableSymbol: string | null; specificSymbol: string | null; counterAccount: string | null },
): Promise<PairingCandidates> {
  const vs = symbol(payment.variableSymbol);
  const ss = symbol(payment.specificSymbol);
  const account = payment.counterAccount?.trim() || null;
  const dealOf = async (value: string | null) => {
    if (value === null) return null;
    const [row] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM deals WHERE variable_symbol = ${value}`;
    return row?.id ?? null;
  };
  const counterAccountDeals = account
    ? (
        await db.$queryRaw<{ deal_id: number }[]>`
          SELECT DISTINCT deal_id FROM payments
           WHERE counter_account = ${account} AND deal_id IS NOT NULL AND direction = 'INCOMING_PAYMENT'
           ORDER BY deal_id LIMIT 2`
      ).map((r) => r.deal_id)
    : [];
  return { byVariableSymbol: await dealOf(vs), bySpecificSymbol: await dealOf(ss), counterAccountDeals };
}

/** The deal an incoming payment belongs to, or null when it stays unpaired. */
export async function pairPayment(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
  payment: { variableSymbol: string | null; specificSymbol: string | null; counterAccount: string | null },
): Promise<Pairing | null> {
  return choosePairing(await pairingCandidates(db, payment));
}
