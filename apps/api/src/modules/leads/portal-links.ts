import type { Config } from '../../config.ts';

type LinkConfig = Pick<Config, 'PUBLIC_URL' | 'PORT'>;

export type OfferLinkData =
  | { kind: 'REGULAR'; value: number; installment_value: number }
  | { kind: 'IRREGULAR'; claim_groups: { order: number; count: number; amount: number }[] };

/** Where applicants reach the portal: PUBLIC_URL, or the local server when it is not set. */
export function portalBaseUrl(config: LinkConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

const base64Json = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value), 'utf8').toString('base64'));

/**
 * The query parameters of an offer link as the portal decodes them (portal.md §4,
 * apps/portal/src/shared/application/logic.ts): `offer` = base64 of JSON
 * `{value, installment_value}`; `irregular_offer` = base64 of JSON
 * `{claim_group_1: {order, count, amount}, claim_group_2: …}`; each URI-encoded.
 */
export function offerQuery(offer: OfferLinkData): string {
  if (offer.kind === 'REGULAR') return `offer=${base64Json({ value: offer.value, installment_value: offer.installment_value })}`;
  const groups = Object.fromEntries(
    [...offer.claim_groups]
      .sort((a, b) => a.order - b.order)
      .map((g, i) => [`claim_group_${i + 1}`, { order: g.order, count: g.count, amount: g.amount }]),
  );
  return `irregular_offer=${base64Json(groups)}`;
}

/** `${PUBLIC_URL}/dokumenty?token=…&offer=…` (or `&irregular_offer=…`): the link of an offer e-mail. */
export function offerLink(config: LinkConfig, token: string, offer: OfferLinkData): string {
  return `${portalBaseUrl(config)}/dokumenty?token=${encodeURIComponent(token)}&${offerQuery(offer)}`;
}

/** `${PUBLIC_URL}/?token=…`: resumes the application where the applicant left it. */
export function resumeLink(config: LinkConfig, token: string): string {
  return `${portalBaseUrl(config)}/?token=${encodeURIComponent(token)}`;
}
