import { z } from './zod-config.ts';
import { list } from './endpoint-spec.ts';
import { realtyEstimation, realtyEstimationRequest, realtyGroup, realtyGroupPatchRequest, realtyGroupRequest, topRealtyGroupRequest } from './deals/realty-groups.ts';
import {
  cadastralLocationView,
  collateralAlertView,
  purchasedPropertyPatchRequest,
  purchasedPropertyRequest,
  purchasedPropertyView,
  realtyEstimationPatchRequest,
  realtyView,
  titleDeedChange,
  titleDeedDetail,
  titleDeedDownloadRequest,
  titleDeedListItem,
  titleDeedPrice,
} from './realties.ts';

/** Realties, purchased properties, realty groups at the top level and title deeds (docs/decisions/0051; see endpoints.ts). */
export const realtyEndpoints = {
  'GET /api/v1/realties/': list(realtyView),
  'GET /api/v1/realties/{id}/': { response: realtyView },
  'GET /api/v1/realties/purchased/': list(purchasedPropertyView),
  'POST /api/v1/realties/purchased/': { body: purchasedPropertyRequest, response: purchasedPropertyView },
  'GET /api/v1/realties/purchased/{id}/': { response: purchasedPropertyView },
  'PUT /api/v1/realties/purchased/{id}/': { body: purchasedPropertyRequest, response: purchasedPropertyView },
  'PATCH /api/v1/realties/purchased/{id}/': { body: purchasedPropertyPatchRequest, response: purchasedPropertyView },
  'DELETE /api/v1/realties/purchased/{id}/': {},
  'GET /api/v1/realty-group/': list(realtyGroup),
  'POST /api/v1/realty-group/': { body: topRealtyGroupRequest, response: realtyGroup },
  'GET /api/v1/realty-group/{id}/': { response: realtyGroup },
  'PUT /api/v1/realty-group/{id}/': { body: realtyGroupRequest, response: realtyGroup },
  'PATCH /api/v1/realty-group/{id}/': { body: realtyGroupPatchRequest, response: realtyGroup },
  'GET /api/v1/realty-group/{realtyGroupId}/estimations/': list(realtyEstimation),
  'POST /api/v1/realty-group/{realtyGroupId}/estimations/': { body: realtyEstimationRequest, response: realtyEstimation },
  'PUT /api/v1/realty-group/{realtyGroupId}/estimations/{id}/': { body: realtyEstimationRequest, response: realtyEstimation },
  'PATCH /api/v1/realty-group/{realtyGroupId}/estimations/{id}/': { body: realtyEstimationPatchRequest, response: realtyEstimation },
  'POST /api/v1/title-deeds/download/': { body: titleDeedDownloadRequest, response: titleDeedDetail },
  'GET /api/v1/title-deeds/': list(titleDeedListItem),
  'GET /api/v1/title-deeds/{id}/': { response: titleDeedDetail },
  'GET /api/v1/title-deeds/{id}/pdf/': { file: true as const },
  'GET /api/v1/title-deeds/{id}/changes/': { response: z.array(titleDeedChange) },
  'GET /api/v1/title-deeds/price/': { response: titleDeedPrice },
  'GET /api/v1/title-deeds/cadastral-locations/': list(cadastralLocationView),
  'GET /api/v1/collateral-alerts/': list(collateralAlertView),
  'POST /api/v1/collateral-alerts/{id}/resolve/': { response: collateralAlertView },
};
