import { leadMessages } from '@lending/contracts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Lead, Prisma } from '../../generated/prisma/client.ts';

/** The transaction the leads' writes run in. */
export type Tx = Prisma.TransactionClient;

/** The lead of a staff path, or not found 'Lead nebyl nalezen.'. */
export async function findLead(db: Pick<Deps['prisma'], 'lead'> | Tx, id: number): Promise<Lead> {
  const lead = await db.lead.findUnique({ where: { id } });
  if (!lead) throw notFound(leadMessages.leadNotFound);
  return lead;
}

/**
 * The lead, read under its row lock (SELECT … FOR UPDATE) inside `tx`, so state changes of one
 * lead (close, offer) are serialised and each sees the state the previous one left.
 */
export async function lockLead(tx: Tx, id: number): Promise<Lead> {
  await tx.$queryRaw`SELECT id FROM leads WHERE id = ${id} FOR UPDATE`;
  return findLead(tx, id);
}
