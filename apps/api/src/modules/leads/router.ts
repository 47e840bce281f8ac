import { detailResponse, fieldErrorsResponse, partnerContactRequest, partnerLeadRequest, partnerLeadResponse } from '@lending/contracts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { pushPartnerLead, type Partner } from './push-partner-lead.ts';

const PARTNER_PATHS: { partner: Partner; slug: string; contact: boolean }[] = [
  { partner: 'BEZVA_FINANCE', slug: 'bezva-finance', contact: true },
  { partner: 'LEADSOR', slug: 'leadsor', contact: true },
  { partner: 'SEVEN_FINANCE', slug: 'seven-finance', contact: false },
  { partner: 'VOLSOR', slug: 'volsor', contact: true },
];

const responses = {
  200: { description: 'Pushed before (same external_id): the lead of the first push', schema: partnerLeadResponse },
  201: { description: 'The new lead', schema: partnerLeadResponse },
  400: { description: 'Invalid payload: Czech messages by field', schema: fieldErrorsResponse },
  403: { description: "Another partner's key", schema: detailResponse },
};

const answer = (result: Awaited<ReturnType<typeof pushPartnerLead>>) => new Reply(result.created ? 201 : 200, result);

/** Partner pushes (Api-Key of that partner): a lead, and for most partners a contact-only variant. */
export const partnerLeadRoutes: RouteDef[] = PARTNER_PATHS.flatMap(({ partner, slug, contact }) => [
  defineRoute({
    method: 'post',
    path: `/api/v1/leads/${slug}/`,
    access: access.apiKey(partner),
    summary: `Lead pushed by ${partner} (idempotent on external_id)`,
    tags: ['leads', 'partners'],
    body: partnerLeadRequest,
    responses,
    handler: async ({ deps, body, principal, meta }) =>
      answer(await pushPartnerLead(deps, partner, { kind: 'LEAD', ...body }, { keyPrefix: principal.kind === 'apiKey' ? principal.key.prefix : '', requestId: meta.requestId })),
  }),
  ...(contact
    ? [
        defineRoute({
          method: 'post',
          path: `/api/v1/leads/${slug}/contact/`,
          access: access.apiKey(partner),
          summary: `Contact-only lead pushed by ${partner} (idempotent on external_id)`,
          tags: ['leads', 'partners'],
          body: partnerContactRequest,
          responses,
          handler: async ({ deps, body, principal, meta }) =>
            answer(await pushPartnerLead(deps, partner, { kind: 'CONTACT', ...body }, { keyPrefix: principal.kind === 'apiKey' ? principal.key.prefix : '', requestId: meta.requestId })),
        }),
      ]
    : []),
]);
