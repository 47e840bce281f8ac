import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Writes a requested billing report's file (docs/decisions/0049), queued in the transaction that
 * records the request. A retry starts the file again from the first row.
 */
export const generateReportJob = defineJob({
  name: 'reporting.generate-report',
  payload: z.object({ report_id: z.number().int().positive() }),
  attempts: 3,
  key: (p) => `report:${p.report_id}`,
});
