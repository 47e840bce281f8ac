import { createHash } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.ts';

/** What identifies a person when a person is looked up before one is created. */
export interface PersonIdentifiers {
  birthNumber?: string | null;
  email?: string | null;
  phoneE164?: string | null;
}

function lockId(key: string): bigint {
  return createHash('sha256').update(`person:${key}`).digest().readBigInt64BE(0);
}

/** The advisory lock ids of a person's identifiers, without repeats, in ascending order: the order every caller takes them in. */
export function personLockIds(identifiers: PersonIdentifiers): bigint[] {
  const keys = [
    identifiers.birthNumber ? `birth_number:${identifiers.birthNumber}` : null,
    identifiers.email ? `email:${identifiers.email.trim().toLowerCase()}` : null,
    identifiers.phoneE164 ? `phone:${identifiers.phoneE164}` : null,
  ].filter((k) => k !== null);
  return [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Takes transaction-scoped advisory locks on a person's identifiers (birth number, e-mail,
 * phone; normalised by the caller), so that "find the person, else create one" runs for one
 * identifier at a time across requests and replicas: the second of two racing pushes finds
 * the person the first created, instead of creating a twin (e-mail, phone) or failing on the
 * unique birth number. Held until the transaction ends. The locks are taken in ascending
 * order of their ids, so transactions sharing some identifiers cannot deadlock.
 */
export async function lockPersonIdentifiers(tx: Prisma.TransactionClient, identifiers: PersonIdentifiers): Promise<void> {
  const ids = personLockIds(identifiers);
  if (!ids.length) return;
  // One round trip: the ids come out of the subquery in ascending order and are locked in it.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(id) FROM (SELECT unnest(${ids.map(String)}::bigint[]) AS id ORDER BY 1) ordered`;
}
