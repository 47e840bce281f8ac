import { approvalRequestView } from '../approvals.ts';
import { list, type EndpointSpec } from '../endpoint-spec.ts';
import { claimCreateRequest, claimPatch, claimsGroupPatch, claimsGroupUpdateRequest, claimsGroupView, claimUpdateRequest, claimView, leaseRecomputeResponse } from './claims.ts';
import { dealModelPatch, dealModelRequest, dealModelView, modelInstallmentsView, restructuringResponse } from './deal-models.ts';
import { claimsSettingPatch, claimsSettingRequest, claimsSettingView } from './deals.ts';

/** The back-office's calls of deal models (schedule, RPSN), claims, claims groups and claims settings (see endpoints.ts). */
export const dealModelEndpoints = {
  // The deal's type and state decide the model form (loan or lease terms, restructuring) and
  // whether claims may be entered. The shell's group lists it too; either entry serves.

  // Deal models: versions with their computed schedule and RPSN
  'GET /api/v1/deals/{dealId}/deal-model/': list(dealModelView),
  'POST /api/v1/deals/{dealId}/deal-model/': { body: dealModelRequest, response: dealModelView },
  'GET /api/v1/deals/{dealId}/deal-model/{id}/': { response: dealModelView },
  'PUT /api/v1/deals/{dealId}/deal-model/{id}/': { body: dealModelRequest, response: dealModelView },
  'PATCH /api/v1/deals/{dealId}/deal-model/{id}/': { body: dealModelPatch, response: dealModelView },
  'DELETE /api/v1/deals/{dealId}/deal-model/{id}/': {},
  'POST /api/v1/deals/{dealId}/deal-model/{id}/activate/': { response: restructuringResponse, accepted: approvalRequestView },
  // The schedule against the deal's claims: paid, remaining and status per installment, with totals
  'GET /api/v1/deals/{dealId}/deal-model/{id}/installments/': { response: modelInstallmentsView },

  // Claims
  'GET /api/v1/deals/{dealId}/claims/': list(claimView),
  'POST /api/v1/deals/{dealId}/claims/': { body: claimCreateRequest, response: claimView, accepted: approvalRequestView },
  'GET /api/v1/deals/{dealId}/claims/export/': { file: true },
  'GET /api/v1/deals/{dealId}/claims/{id}/': { response: claimView },
  'PUT /api/v1/deals/{dealId}/claims/{id}/': { body: claimUpdateRequest, response: claimView, accepted: approvalRequestView },
  'PATCH /api/v1/deals/{dealId}/claims/{id}/': { body: claimPatch, response: claimView, accepted: approvalRequestView },
  'DELETE /api/v1/deals/{dealId}/claims/{id}/': { accepted: approvalRequestView },

  // Claims groups: loan installments, rent periods of a lease, sale and leaseback
  'GET /api/v1/deals/{dealId}/claims-group/': list(claimsGroupView),
  'GET /api/v1/deals/{dealId}/claims-group/{id}/': { response: claimsGroupView },
  'PUT /api/v1/deals/{dealId}/claims-group/{id}/': { body: claimsGroupUpdateRequest, response: claimsGroupView, accepted: approvalRequestView },
  'PATCH /api/v1/deals/{dealId}/claims-group/{id}/': { body: claimsGroupPatch, response: claimsGroupView, accepted: approvalRequestView },
  'DELETE /api/v1/deals/{dealId}/claims-group/{id}/': { accepted: approvalRequestView },
  'GET /api/v1/deals/{dealId}/claims-group-lease/': list(claimsGroupView),
  'GET /api/v1/deals/{dealId}/claims-group-lease/{id}/': { response: claimsGroupView },
  'PUT /api/v1/deals/{dealId}/claims-group-lease/{id}/': { body: claimsGroupUpdateRequest, response: claimsGroupView, accepted: approvalRequestView },
  'PATCH /api/v1/deals/{dealId}/claims-group-lease/{id}/': { body: claimsGroupPatch, response: claimsGroupView, accepted: approvalRequestView },
  'DELETE /api/v1/deals/{dealId}/claims-group-lease/{id}/': { accepted: approvalRequestView },
  'POST /api/v1/deals/{dealId}/claims-group-lease/recompute/': { response: leaseRecomputeResponse },
  'GET /api/v1/deals/{dealId}/claims-group-leaseback/': list(claimsGroupView),
  'GET /api/v1/deals/{dealId}/claims-group-leaseback/{id}/': { response: claimsGroupView },
  'PUT /api/v1/deals/{dealId}/claims-group-leaseback/{id}/': { body: claimsGroupUpdateRequest, response: claimsGroupView, accepted: approvalRequestView },
  'PATCH /api/v1/deals/{dealId}/claims-group-leaseback/{id}/': { body: claimsGroupPatch, response: claimsGroupView, accepted: approvalRequestView },
  'DELETE /api/v1/deals/{dealId}/claims-group-leaseback/{id}/': { accepted: approvalRequestView },

  // Claims settings
  'GET /api/v1/deals/{dealId}/claims-settings/': list(claimsSettingView),
  'POST /api/v1/deals/{dealId}/claims-settings/': { body: claimsSettingRequest, response: claimsSettingView },
  'GET /api/v1/deals/{dealId}/claims-settings/{id}/': { response: claimsSettingView },
  'PUT /api/v1/deals/{dealId}/claims-settings/{id}/': { body: claimsSettingRequest, response: claimsSettingView },
  'PATCH /api/v1/deals/{dealId}/claims-settings/{id}/': { body: claimsSettingPatch, response: claimsSettingView },
  'DELETE /api/v1/deals/{dealId}/claims-settings/{id}/': {},
} satisfies Record<string, EndpointSpec>;
