import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Runs one queued screening of a person (ISIR, ISPIS, ZOBI, …): asks the register, stores the
 * findings and the PDF protocol. Queued by POST /persons/{personId}/screenings/ in the
 * transaction that stores the PENDING screening.
 */
export const runScreeningJob = defineJob({
  name: 'screenings.run-screening',
  payload: z.object({ screening_id: z.number().int().positive() }),
  // Transient failures (gateway 5xx/408/429, time-outs, network) are retried after graphile-
  // worker's back-off of e^attempt seconds: 2.7 s, 7.4 s, 20 s; then the screening FAILS.
  attempts: 4,
  key: (p) => `screening:${p.screening_id}`,
});
