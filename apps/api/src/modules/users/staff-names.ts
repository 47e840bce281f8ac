import type { Prisma } from '../../generated/prisma/client.ts';

type Db = Pick<Prisma.TransactionClient, 'staffUser'>;

/** The names staff are shown by in views ("Jana Nováková", else the e-mail), by id; nulls and repeats are skipped. */
export async function staffNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!unique.length) return new Map();
  const rows = await db.staffUser.findMany({ where: { id: { in: unique } }, select: { id: true, firstName: true, lastName: true, email: true } });
  return new Map(rows.map((s) => [s.id, [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email]));
}
