import { z } from './zod-config.ts';

/**
 * Largest id of a row: ids are PostgreSQL `integer` columns. A bigger id in a body cannot name
 * a row, and reaching the database it is an out-of-range error instead of a field message.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A reference to a row in a JSON body (person_id, deal_model, reason…). */
export const recordId = z.number().int().positive().max(MAX_RECORD_ID);
