import { approvalRequestView } from './approvals.ts';
import { list } from './endpoint-spec.ts';
import {
  bulkAssignDealsRequest,
  bulkAssignDealsResponse,
  bulkCreatePaymentsRequest,
  bulkCreatePaymentsResponse,
  manualPaymentRequest,
  payment,
  paymentPatchRequest,
  paymentStatement,
  paymentUpdateRequest,
} from './payments.ts';

/** The back-office's payment calls (docs/decisions/0034, see endpoints.ts). The statement upload is multipart: no JSON body. */
export const paymentEndpoints = {
  'GET /api/v1/payments/': list(payment),
  'POST /api/v1/payments/': { body: manualPaymentRequest, response: payment, accepted: approvalRequestView },
  'GET /api/v1/payments/{id}/': { response: payment },
  'PUT /api/v1/payments/{id}/': { body: paymentUpdateRequest, response: payment },
  'PATCH /api/v1/payments/{id}/': { body: paymentPatchRequest, response: payment },
  'PATCH /api/v1/payments/bulk_assign_deals/': { body: bulkAssignDealsRequest, response: bulkAssignDealsResponse },
  'POST /api/v1/payments/bulk_create_payments/': { body: bulkCreatePaymentsRequest, response: bulkCreatePaymentsResponse },
  'POST /api/v1/payments/statements/': { response: paymentStatement },
  'GET /api/v1/payments/statements/': list(paymentStatement),
  'GET /api/v1/payments/statements/{id}/': { response: paymentStatement },
  'GET /api/v1/deals/{dealId}/payments/': list(payment),
  'GET /api/v1/payments/export/': { file: true as const },
  'GET /api/v1/payments/allocation-report/': { file: true as const },
  'GET /api/v1/deals/{dealId}/payments/download/': { file: true as const },
};
