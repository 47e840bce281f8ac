import { detailResponse, fieldErrorsResponse, partnerContactRequest, partnerLeadRequest, partnerLeadResponse } from '@lending/contracts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { pushPartnerLead } from './push-partner-lead.ts';

const tags = ['leads', 'partners'];
const responses = {
  200: { description: 'Pushed before (same external_id): the lead of the first push', schema: partnerLeadResponse },
  201: { description: 'The new lead', schema: partnerLeadResponse },
  400: { description: 'Invalid payload: Czech messages by field', schema: fieldErrorsResponse },
  403: { description: "Another partner's key", schema: detailResponse },
};

const answer = (result: Awaited<ReturnType<typeof pushPartnerLead>>) => new Reply(result.created ? 201 : 200, result);

/** Partner pushes (Api-Key of that partner): a lead, and for most partners a contact-only variant. */
export const partnerLeadRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/bezva-finance/',
    access: access.apiKey('BEZVA_FINANCE'),
    summary: 'Lead pushed by BEZVA_FINANCE (idempotent on external_id)',
    tags,
    body: partnerLeadRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'BEZVA_FINANCE', push: { kind: 'LEAD', ...body } })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/bezva-finance/contact/',
    access: access.apiKey('BEZVA_FINANCE'),
    summary: 'Contact-only lead pushed by BEZVA_FINANCE (idempotent on external_id)',
    tags,
    body: partnerContactRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'BEZVA_FINANCE', push: { kind: 'CONTACT', ...body } })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/leadsor/',
    access: access.apiKey('LEADSOR'),
    summary: 'Lead pushed by LEADSOR (idempotent on external_id)',
    tags,
    body: partnerLeadRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'LEADSOR', push: { kind: 'LEAD', ...body } })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/leadsor/contact/',
    access: access.apiKey('LEADSOR'),
    summary: 'Contact-only lead pushed by LEADSOR (idempotent on external_id)',
    tags,
    body: partnerContactRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'LEADSOR', push: { kind: 'CONTACT', ...body } })),
  }),
  // Seven Finance has no contact-only push.
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/seven-finance/',
    access: access.apiKey('SEVEN_FINANCE'),
    summary: 'Lead pushed by SEVEN_FINANCE (idempotent on external_id)',
    tags,
    body: partnerLeadRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'SEVEN_FINANCE', push: { kind: 'LEAD', ...body } })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/volsor/',
    access: access.apiKey('VOLSOR'),
    summary: 'Lead pushed by VOLSOR (idempotent on external_id)',
    tags,
    body: partnerLeadRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'VOLSOR', push: { kind: 'LEAD', ...body } })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/volsor/contact/',
    access: access.apiKey('VOLSOR'),
    summary: 'Contact-only lead pushed by VOLSOR (idempotent on external_id)',
    tags,
    body: partnerContactRequest,
    responses,
    handler: async ({ deps, actor, body }) => answer(await pushPartnerLead(deps, actor, { partner: 'VOLSOR', push: { kind: 'CONTACT', ...body } })),
  }),
];
