import { addressSuggestRequest, addressSuggestResponse, detailResponse, fieldErrorsResponse } from '@lending/contracts';
import { publicLimits } from '../../http/rate-limit.ts';
import { access, defineRoute } from '../../http/routes.ts';
import { suggestAddresses } from './suggest-addresses.ts';

const tags = ['address'];

export const addressRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/address/suggest',
    access: access.public,
    summary: 'Address whisperer (SmartForm-compatible): suggestions for the field being typed',
    tags,
    body: addressSuggestRequest,
    // Every keystroke asks: generous per address, still a wall for scripts.
    rateLimits: [publicLimits.whisperer],
    responses: {
      200: { description: 'Suggestions (resultCode OK), or resultCode FAIL with a Czech errorMessage when the whisperer failed', schema: addressSuggestResponse },
      400: { description: 'Chybné údaje', schema: fieldErrorsResponse },
      429: { description: 'Příliš mnoho požadavků', schema: detailResponse },
    },
    handler: ({ deps, actor, body }) => suggestAddresses(deps, actor, { search: body }),
  }),
];
