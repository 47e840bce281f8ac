import { dealModelMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Deal, Prisma } from '../../generated/prisma/client.ts';
import { notFound } from '../../domain/errors.ts';

export type Tx = Prisma.TransactionClient;
export type Db = Deps['prisma'] | Tx;

/** Interactive transactions of this module: generating a long schedule takes more than Prisma's 5 s default under load. */
export const TX_OPTIONS = { timeout: 30_000, maxWait: 15_000 } as const;

/** The deal of a path, or not found 'Obchod nebyl nalezen.'. */
export async function findDeal(db: Db, id: number): Promise<Deal> {
  const deal = await db.deal.findUnique({ where: { id } });
  if (!deal) throw notFound(dealModelMessages.dealNotFound);
  return deal;
}

/**
 * The deal, read under its row lock (SELECT … FOR UPDATE) inside `tx`. Every write of this module
 * (models, state, groups, claims) takes it first, so writes to one deal are serialised, each sees
 * what the previous one left, and two of them never lock in different orders.
 */
export async function lockDeal(tx: Tx, id: number): Promise<Deal> {
  await tx.$queryRaw`SELECT id FROM deals WHERE id = ${id} FOR UPDATE`;
  return findDeal(tx, id);
}

export const iso = (value: Date | null) => (value ? value.toISOString() : null);
export const day = (value: Date) => value.toISOString().slice(0, 10);
export const dayOrNull = (value: Date | null) => (value ? day(value) : null);
