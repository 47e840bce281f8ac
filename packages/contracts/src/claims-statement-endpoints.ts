import { list } from './endpoint-spec.ts';
import { claimsStatement, claimsStatementPatchRequest, claimsStatementRequest } from './claims-statements.ts';

/** The back-office's claims-statement calls (docs/decisions/0036, see endpoints.ts). */
export const claimsStatementEndpoints = {
  'GET /api/v1/deals/{dealId}/claims-statements/': list(claimsStatement),
  'POST /api/v1/deals/{dealId}/claims-statements/': { body: claimsStatementRequest, response: claimsStatement },
  'GET /api/v1/deals/{dealId}/claims-statements/{id}/': { response: claimsStatement },
  'PUT /api/v1/deals/{dealId}/claims-statements/{id}/': { body: claimsStatementRequest, response: claimsStatement },
  'PATCH /api/v1/deals/{dealId}/claims-statements/{id}/': { body: claimsStatementPatchRequest, response: claimsStatement },
  'DELETE /api/v1/deals/{dealId}/claims-statements/{id}/': {},
  'POST /api/v1/deals/{dealId}/claims-statements/{id}/save/': { response: claimsStatement },
  'GET /api/v1/deals/{dealId}/claims-statements/{id}/export/': { file: true as const },
};
