import { PrismaPg } from '@prisma/adapter-pg';

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;
type Transaction = Awaited<ReturnType<Adapter['startTransaction']>>;

/**
 * PrismaPg whose interactive transactions send one query at a time.
 *
 * Prisma's query interpreter runs the independent reads of one query (the relations of an
 * `include`, say) at the same time. Outside a transaction each goes to a pool connection of its
 * own; inside one they all go to the transaction's single pg client, which queues them itself
 * but warns that doing so is deprecated ("Calling client.query() when the client is already
 * executing a query", an error from pg 9 on). The queue is kept here instead: the same order
 * and the same speed, since one connection answers one query at a time anyway.
 */
export class SerialTransactionsPg extends PrismaPg {
  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => serialise(await startTransaction(isolationLevel));
    return adapter;
  }
}

function serialise(transaction: Transaction): Transaction {
  let tail: Promise<unknown> = Promise.resolve();
  const queued = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const result = tail.then(() => run(...args));
      tail = result.catch(() => undefined);
      return result;
    };
  // Savepoints go through executeRaw, commit and rollback only release the connection.
  transaction.queryRaw = queued(transaction.queryRaw.bind(transaction));
  transaction.executeRaw = queued(transaction.executeRaw.bind(transaction));
  return transaction;
}
