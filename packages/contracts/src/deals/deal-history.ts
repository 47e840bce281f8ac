import { z } from '../zod-config.ts';
import { pageQuery } from '../query.ts';

/**
 * One event of a deal's history (GET /deals/{id}/history/, our addition): what staff did (the
 * audit log's entries of the deal and its parts, four-eyes requests and decisions among them),
 * and what happened to it — payments booked to it, breaches that began or ended.
 */
export const dealHistoryEvent = z.object({
  /** `AUDIT:<id>`, `PAYMENT:<id>`, `BREACH_START:<id>`, `BREACH_END:<id>`: unique in the history. */
  key: z.string(),
  at: z.iso.datetime(),
  /** The audit action (`deal.state`, `approval.request`…), or `payment.booked`, `breach.start`, `breach.end`. */
  action: z.string(),
  /** What it concerns: the audit entry's entity (`Deal`, `Claim`, `Lead`…), or `Payment`, `Breach`, and its id. */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** Who: a staff member by name, or null for the system (a job, a bank statement, the close of business). */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The audit entry's changes, or the payment's or breach's facts. */
  details: z.record(z.string(), z.unknown()),
});
export type DealHistoryEvent = z.infer<typeof dealHistoryEvent>;

export const dealHistoryQuery = pageQuery;
export type DealHistoryQuery = z.output<typeof dealHistoryQuery>;
