import { dealMessages, moneyOf, type DealPersonRef } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { notFound } from '../../domain/errors.ts';
import { personName } from '../leads/lead-views.ts';

export { personName };

/** A @db.Date column as YYYY-MM-DD (Prisma reads them as UTC midnight). */
export const dayOf = (d: Date | null): string | null => (d === null ? null : d.toISOString().slice(0, 10));
export const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
/** Money of a required column: "0.00" rather than null. */
export const moneyText = (v: Prisma.Decimal): string => moneyOf(v)!;
/** A per-cent rate column as its decimal string (the column's four places). */
export const rateText = (v: Prisma.Decimal | null): string | null => (v === null ? null : v.toFixed(4));

export function personRefOf(p: { id: number; firstName: string | null; lastName: string | null; companyName: string | null }): DealPersonRef {
  return { id: p.id, name: personName(p) };
}

type Db = Pick<Prisma.TransactionClient, 'deal'>;

/** The deal, or not found "Obchod nebyl nalezen." (every path under /deals/{dealId}/ starts here). */
export async function findDeal(db: Db, id: number) {
  const deal = await db.deal.findUnique({ where: { id } });
  if (!deal) throw notFound(dealMessages.dealNotFound);
  return deal;
}

/**
 * Locks the deal's row for the rest of the transaction: writes under one deal (its participants,
 * its settings) run one after another, so checks such as "the last debtor" hold when committed.
 */
export async function lockDeal(tx: Prisma.TransactionClient, id: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM deals WHERE id = ${id} FOR UPDATE`;
  if (rows.length === 0) throw notFound(dealMessages.dealNotFound);
  return findDeal(tx, id);
}

/** States before activation: the deal's type and value are still terms, not history. */
export const PRE_ACTIVE_STATES = ['NEW_APPLICATION', 'CONTRACT_COMPLETION', 'CONTRACT_SIGN'] as const;
/** States in which a deal must keep a debtor. */
export const RUNNING_STATES = ['CONTRACT_SIGN', 'ACTIVE', 'FILED_FOR_INSOLVENCY'] as const;
