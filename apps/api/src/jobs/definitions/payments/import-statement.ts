import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Books the movements of an uploaded bank statement (docs/decisions/0034), queued in the
 * transaction that stores the statement. Re-running it is safe: a movement booked before is
 * found by its bank reference.
 */
export const importStatementJob = defineJob({
  name: 'payments.import-statement',
  payload: z.object({ statement_id: z.number().int().positive() }),
  attempts: 3,
  key: (p) => `payment-statement:${p.statement_id}`,
});
