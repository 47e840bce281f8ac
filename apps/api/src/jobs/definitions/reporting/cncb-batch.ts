import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Writes a credit-register batch (docs/decisions/0050): `part` 'batch' its deals and persons
 * files, queued by POST /reporting/cncb/batch/ in the transaction that stores the batch; 'repi'
 * its repayment-information part, queued by POST /reporting/repi/{id}/repi-report/. Re-running
 * either writes its files again from the first record.
 */
export const cncbBatchJob = defineJob({
  name: 'reporting.cncb-batch',
  payload: z.object({ batch_id: z.number().int().positive(), part: z.enum(['batch', 'repi']) }),
  attempts: 3,
  key: (p) => `cncb-batch:${p.batch_id}:${p.part}`,
});
