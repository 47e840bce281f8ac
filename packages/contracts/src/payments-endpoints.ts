import { list, type EndpointSpec } from './endpoint-spec.ts';
import { bulkAssignDealsRequest, bulkAssignDealsResponse, payment, paymentStatement } from './payments.ts';

/** The back-office's calls of the payments inbox, statement imports and a deal's payments (see endpoints.ts). */
export const paymentEndpoints = {
  'GET /api/v1/payments/': list(payment),
  'PATCH /api/v1/payments/bulk_assign_deals/': { body: bulkAssignDealsRequest, response: bulkAssignDealsResponse },
  // Multipart (field `file`): 202 with the import to poll, 200 with the earlier import of the same file.
  'POST /api/v1/payments/statements/': { response: paymentStatement },
  'GET /api/v1/payments/statements/{id}/': { response: paymentStatement },
  'GET /api/v1/deals/{dealId}/payments/': list(payment),
} satisfies Record<string, EndpointSpec>;
