import { approvalRequestView } from '../approvals.ts';
import { list, type EndpointSpec } from '../endpoint-spec.ts';
import {
  dealDebtRequest,
  dealDebtView,
  dealIdmEvaluationView,
  dealLabelRequest,
  dealLabelView,
  dealNoteRequest,
  dealNoteView,
  dealObligationRequest,
  dealObligationView,
  dealParticipantPatch,
  dealParticipantRequest,
  dealParticipantView,
  dealRealtyView,
  enforceableClaimRequest,
  enforceableClaimView,
} from './deals.ts';
import {
  paymentOrderBatch,
  paymentOrderRequest,
  purpose,
  purposeDrawing,
  purposeDrawingPatchRequest,
  purposeDrawingRequest,
  purposeRequest,
} from './purposes.ts';
import { realtyEstimationRequest, realtyEstimation, realtyGroup, realtyGroupEvaluation, realtyGroupRequest } from './realty-groups.ts';

/** The back-office's calls of a deal's participants, obligations, debts, purposes and drawings, realties and realty groups, labels, notes, enforceable claims and IDM evaluations (see endpoints.ts). */
export const dealPartsEndpoints = {
  // Participants: PATCH answers 204 without a body (backoffice.md §7).
  'GET /api/v1/deals/{dealId}/participants/': list(dealParticipantView),
  'POST /api/v1/deals/{dealId}/participants/': { body: dealParticipantRequest, response: dealParticipantView },
  'PATCH /api/v1/deals/{dealId}/participants/{id}/': { body: dealParticipantPatch },
  'DELETE /api/v1/deals/{dealId}/participants/{id}/': {},

  // Purposes, drawings and payment-order files (ADR 0027)
  'GET /api/v1/deals/{dealId}/purposes/': list(purpose),
  'POST /api/v1/deals/{dealId}/purposes/': { body: purposeRequest, response: purpose },
  'PUT /api/v1/deals/{dealId}/purposes/{id}/': { body: purposeRequest, response: purpose },
  'DELETE /api/v1/deals/{dealId}/purposes/{id}/': {},
  'POST /api/v1/deals/{dealId}/purposes/{id}/drawings/': { body: purposeDrawingRequest, response: purposeDrawing },
  'PATCH /api/v1/deals/purpose/purpose-drawing/{id}/': { body: purposeDrawingPatchRequest, response: purposeDrawing },
  'DELETE /api/v1/deals/purpose/purpose-drawing/{id}/': {},
  'GET /api/v1/deals/{dealId}/purposes/payments/': list(paymentOrderBatch),
  'POST /api/v1/deals/{dealId}/purposes/payments/': { body: paymentOrderRequest, file: true, accepted: approvalRequestView },
  'GET /api/v1/deals/{dealId}/purposes/payments/{id}/': { file: true },

  // Realties and realty groups (ADR 0028)
  'GET /api/v1/deals/{dealId}/realties/': list(dealRealtyView),
  'GET /api/v1/deals/{dealId}/realty-groups/': list(realtyGroup),
  'POST /api/v1/deals/{dealId}/realty-groups/': { body: realtyGroupRequest, response: realtyGroup },
  'PUT /api/v1/deals/{dealId}/realty-groups/{id}/': { body: realtyGroupRequest, response: realtyGroup },
  'DELETE /api/v1/deals/{dealId}/realty-groups/{id}/': {},
  'GET /api/v1/deals/{dealId}/realty-groups/{id}/estimations/': list(realtyEstimation),
  'GET /api/v1/deals/{dealId}/realty-groups/{id}/evaluations/': list(realtyGroupEvaluation),
  'POST /api/v1/deals/{dealId}/realty-groups/{id}/estimations/': { body: realtyEstimationRequest, response: realtyEstimation },
  'POST /api/v1/deals/{dealId}/realty-groups/{id}/evaluate_notification/': { response: realtyGroupEvaluation },

  // Obligations, debts, enforceable claims, labels, notes
  'GET /api/v1/deals/{dealId}/obligations/': list(dealObligationView),
  'POST /api/v1/deals/{dealId}/obligations/': { body: dealObligationRequest, response: dealObligationView },
  'PUT /api/v1/deals/{dealId}/obligations/{id}/': { body: dealObligationRequest, response: dealObligationView },
  'DELETE /api/v1/deals/{dealId}/obligations/{id}/': {},
  'GET /api/v1/deals/{dealId}/debts/': list(dealDebtView),
  'POST /api/v1/deals/{dealId}/debts/': { body: dealDebtRequest, response: dealDebtView },
  'PUT /api/v1/deals/{dealId}/debts/{id}/': { body: dealDebtRequest, response: dealDebtView },
  'DELETE /api/v1/deals/{dealId}/debts/{id}/': {},
  'GET /api/v1/deals/{dealId}/enforceable-claims/': list(enforceableClaimView),
  'POST /api/v1/deals/{dealId}/enforceable-claims/': { body: enforceableClaimRequest, response: enforceableClaimView },
  'PUT /api/v1/deals/{dealId}/enforceable-claims/{id}/': { body: enforceableClaimRequest, response: enforceableClaimView },
  'DELETE /api/v1/deals/{dealId}/enforceable-claims/{id}/': {},
  'GET /api/v1/deals/{dealId}/label/': list(dealLabelView),
  'POST /api/v1/deals/{dealId}/label/': { body: dealLabelRequest, response: dealLabelView },
  'PUT /api/v1/deals/{dealId}/label/{id}/': { body: dealLabelRequest, response: dealLabelView },
  'DELETE /api/v1/deals/{dealId}/label/{id}/': {},
  'GET /api/v1/deals/{dealId}/notes/': list(dealNoteView),
  'POST /api/v1/deals/{dealId}/notes/': { body: dealNoteRequest, response: dealNoteView },

  // IDM evaluations, filtered by the deal's model versions (the debts' filter too)
  'GET /api/v1/deals/{dealId}/idm-evaluations/': list(dealIdmEvaluationView),
} satisfies Record<string, EndpointSpec>;
