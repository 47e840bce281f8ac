import { dealHistoryEvent } from './deal-history.ts';
import { approvalRequestView } from '../approvals.ts';
import { list, type EndpointSpec } from '../endpoint-spec.ts';
import { closeOfBusinessRequest, closeOfBusinessResult, closeOfBusinessRun } from './close-of-business.ts';
import { dealStateRequest, dealStateResponse, dealValidateRequest, dealValidation, leadConversionResponse } from './deal-models.ts';
import { dealDetail, dealListItem, dealPatchRequest } from './deals.ts';

/** The back-office's calls of the deals list, detail, state, validate, application form and close of business (see endpoints.ts). */
export const dealEndpoints = {
  'GET /api/v1/deals/': list(dealListItem),
  'GET /api/v1/deals/export/': { file: true },
  'GET /api/v1/deals/{id}/': { response: dealDetail },
  'GET /api/v1/deals/{id}/history/': list(dealHistoryEvent),
  'PATCH /api/v1/deals/{id}/': { body: dealPatchRequest, response: dealDetail },
  'POST /api/v1/deals/{id}/state/': { body: dealStateRequest, response: dealStateResponse, accepted: approvalRequestView },
  // No body checks the next forward step; `state` names another target (CLOSED needs closed_reason).
  'POST /api/v1/deals/{id}/validate/': { body: dealValidateRequest.optional(), response: dealValidation },
  // 201 when the deal is made, 200 with the same answer when the lead had become it before.
  'POST /api/v1/leads/{id}/deal/': { response: leadConversionResponse },
  'GET /api/v1/close-of-business/': list(closeOfBusinessRun),
  'POST /api/v1/close-of-business/': { body: closeOfBusinessRequest, response: closeOfBusinessResult },
} satisfies Record<string, EndpointSpec>;
