// Contracts of the deals work (issue 13): the daily close of business (docs/decisions/0026).
import { isoDayInput } from '../dates.ts';
import { defineEnum, type EnumValue } from '../enum.ts';
import { money } from '../money.ts';
import { z } from '../zod-config.ts';
import { dateQuery, orderingQuery, pageQuery } from '../query.ts';

/** Days-past-due buckets (SERVICING.md §4): where a deal's DPD falls, for lists, badges and reports. */
export const DpdBucket = defineEnum(['0', '1-30', '31-60', '61-90', '91+'], {
  '0': 'Bez prodlení',
  '1-30': '1–30 dní po splatnosti',
  '31-60': '31–60 dní po splatnosti',
  '61-90': '61–90 dní po splatnosti',
  '91+': 'Více než 90 dní po splatnosti',
});
export type DpdBucket = EnumValue<typeof DpdBucket>;

/** The bucket of a number of days past due. */
export function dpdBucket(daysPastDue: number): DpdBucket {
  if (daysPastDue <= 0) return '0';
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '91+';
}

/** Who started a close of business: the nightly job, a staff member, or an operator's CLI command. */
export const CloseOfBusinessTrigger = defineEnum(['JOB', 'STAFF', 'CLI'], {
  JOB: 'Automaticky (noční úloha)',
  STAFF: 'Ručně z back-office',
  CLI: 'Příkazem pnpm cli',
});
export type CloseOfBusinessTrigger = EnumValue<typeof CloseOfBusinessTrigger>;

export const closeOfBusinessMessages = {
  future: 'Uzávěrku nelze spustit pro den, který ještě neskončil ani nezačal: zadejte dnešní nebo dřívější den.',
  tooOld: 'Uzávěrku lze spustit nejvýše rok zpětně.',
};

/** POST /close-of-business/: close (or close again) the business date, a Europe/Prague calendar day. */
export const closeOfBusinessRequest = z.object({ business_date: isoDayInput });
export type CloseOfBusinessRequest = z.infer<typeof closeOfBusinessRequest>;

/** What one run of the close of a business date did. */
export const closeOfBusinessStats = z.object({
  trigger: CloseOfBusinessTrigger.schema,
  /** Which run of this date it is: 1 for the first close, 2 for the next… */
  runs: z.number().int(),
  duration_ms: z.number().int(),
  /** ACTIVE and FILED_FOR_INSOLVENCY deals. */
  serviced_deals: z.number().int(),
  overdue_deals: z.number().int(),
  dpd_buckets: z.record(DpdBucket.schema, z.number().int()),
  deals_dpd_changed: z.number().int(),
  penalty_claims_created: z.number().int(),
  penalty_claims_updated: z.number().int(),
  /** Change of the penalty-interest claims' amounts this run made (new claims included). */
  penalty_interest_accrued: money,
  breaches_started: z.number().int(),
  breaches_ended: z.number().int(),
  /** Deals whose credit paid claims due by the date (absent in runs before credit was used). */
  deals_credit_used: z.number().int().optional(),
  /** The collections ladder and promises to pay (absent in runs before collections existed). */
  collections: z
    .object({
      rounds_opened: z.number().int(),
      rounds_ended: z.number().int(),
      notice_groups_queued: z.number().int(),
      notice_groups_cancelled: z.number().int(),
      notices_queued: z.number().int(),
      promises_kept: z.number().int(),
      promises_broken: z.number().int(),
    })
    .optional(),
});
export type CloseOfBusinessStats = z.infer<typeof closeOfBusinessStats>;

export const closeOfBusinessRun = z.object({
  /** The run (a date closed again is another run, with its own figures). */
  id: z.number().int(),
  business_date: z.string(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  stats: closeOfBusinessStats.nullable(),
});
export type CloseOfBusinessRun = z.infer<typeof closeOfBusinessRun>;

/** The answer of POST /close-of-business/: every business date it closed, in order. */
export const closeOfBusinessResult = z.object({ runs: z.array(closeOfBusinessRun) });
export type CloseOfBusinessResult = z.infer<typeof closeOfBusinessResult>;

export const CLOSE_OF_BUSINESS_ORDERING_FIELDS = ['business_date'] as const;

/** Query of GET /close-of-business/: the runs of the dates from–to, ordering (default -business_date; runs of one date newest first), pages. */
export const closeOfBusinessListQuery = pageQuery.extend({
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  ordering: orderingQuery(CLOSE_OF_BUSINESS_ORDERING_FIELDS, '-business_date'),
});
export type CloseOfBusinessListQuery = z.output<typeof closeOfBusinessListQuery>;
