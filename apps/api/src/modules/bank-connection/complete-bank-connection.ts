import type { Deps } from '../../deps.ts';
import type { ConnectedAccount } from '../../integrations/bank-connection/index.ts';
import { dbDate } from '../../domain/dates.ts';

/**
 * Stores what the provider returned for an authorised connection: the account and its
 * transactions, and the connection becomes CONNECTED. Only a PENDING connection is completed,
 * once: a repeated return changes nothing.
 */
export async function completeBankConnection(deps: Pick<Deps, 'prisma' | 'now'>, connectionId: number, account: ConnectedAccount): Promise<boolean> {
  return deps.prisma.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<{ state: string }[]>`SELECT state::text AS state FROM bank_connections WHERE id = ${connectionId} FOR UPDATE`;
      if (row?.state !== 'PENDING') return false;
      await tx.bankTransaction.createMany({
        data: account.transactions.map((t) => ({
          bankConnectionId: connectionId,
          date: dbDate(t.date),
          amount: t.amount,
          currency: t.currency,
          counterpartyName: t.counterpartyName,
          counterpartyAccount: t.counterpartyAccount,
          description: t.description,
          variableSymbol: t.variableSymbol,
          externalId: t.externalId,
        })),
      });
      await tx.bankConnection.update({
        where: { id: connectionId },
        data: { state: 'CONNECTED', bankName: account.bankName, accountName: account.accountName, iban: account.iban, connectedAt: deps.now(), error: null },
      });
      return true;
    },
    { timeout: 20_000 },
  );
}
