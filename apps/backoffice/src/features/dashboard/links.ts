import { BreachType, type DpdBucketFilter, type LeadSource, type LeadState } from '@lending/contracts';
import { withQuery, type Query } from '@lending/api-client';

// Where each figure of the dashboard leads: the list behind it, filtered by the parameters that
// list's screen reads from its URL (and sends to the API as they are). Paths are the router's,
// inside the basename /admin/.
//
// The query is built with URLSearchParams (withQuery), never by hand: a bucket "91+" must travel
// as "91%2B", because a literal "+" in a query string is read back as a space ("91 "), and the
// deals list would then filter by a day count the API refuses.

/** Every breach type: "in breach" is any open breach (the deals list matches any of those listed). */
const ANY_BREACH = BreachType.values.join(',');

export const listLinks = {
  deals: (query: Query = {}) => withQuery('/deals', query),
  /** Deals whose days past due fall in the bucket (or range, "1+") — the deals list's `days_past_due`. */
  dealsPastDue: (range: DpdBucketFilter | '1+' | '31+', ordering?: string) => withQuery('/deals', { days_past_due: range, ordering }),
  dealsInBreach: () => withQuery('/deals', { breach_type: ANY_BREACH }),
  /** The collections queue: `bucket`, `promise` (collections/CollectionsQueuePage.tsx). */
  collections: (query: Query = {}) => withQuery('/collections', query),
  /** The outbox (collections/NotificationsPage.tsx): `notification_name`, `state`. */
  notifications: (query: Query = {}) => withQuery('/notifications', query),
  /** The payments inbox opens on the unpaired queue: no `unpaired` in its URL means "only unpaired". */
  unpairedPayments: () => '/payments',
  /** The statement imports' history is a section of the payments screen. */
  statementImports: () => '/payments',
  closeOfBusiness: () => '/close-of-business',
  /** The leads list (leads/LeadsListPage.tsx): `state` (comma list), `source`, `created_from`. */
  leads: (query: { state?: LeadState | readonly LeadState[]; source?: LeadSource; created_from?: string } = {}) => withQuery('/leads', query),
};

/** `day` (YYYY-MM-DD) less `days` calendar days. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
