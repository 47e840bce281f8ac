import { z } from 'zod';
import {
  cadastralLocationListQuery,
  cadastralLocationView,
  collateralAlertListQuery,
  collateralAlertView,
  pageOf,
  titleDeedChange,
  titleDeedCompareQuery,
  titleDeedDetail,
  titleDeedDownloadRequest,
  titleDeedListItem,
  titleDeedListQuery,
  titleDeedPrice,
  titleDeedPriceQuery,
} from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { compareTitleDeeds } from './compare-title-deeds.ts';
import { getTitleDeed } from './get-title-deed.ts';
import { getTitleDeedPdf } from './get-title-deed-pdf.ts';
import { listCadastralLocations } from './list-cadastral-locations.ts';
import { listCollateralAlerts } from './list-collateral-alerts.ts';
import { listTitleDeeds } from './list-title-deeds.ts';
import { orderTitleDeed } from './order-title-deed.ts';
import { quoteTitleDeed } from './quote-title-deed.ts';
import { resolveCollateralAlert } from './resolve-collateral-alert.ts';

const tags = ['title-deeds'];
const unavailableDoc = { 503: { description: 'The cadastre does not answer (Czech message; Retry-After)' } };

/** Title deeds from the cadastre and the collateral watch's alerts (backoffice.md "Title deeds"; docs/decisions/0051). */
export const titleDeedRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/title-deeds/',
    access: access.staff('staff.read'),
    summary: 'Extracts of title deeds ordered, newest first: cadastral_number (territory code), lv_number, search (territory, owner, parcel), page, page-size',
    tags,
    query: titleDeedListQuery,
    responses: { 200: { description: 'Page of extracts', schema: pageOf(titleDeedListItem) }, ...badInput },
    handler: ({ deps, actor, query }) => listTitleDeeds(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/title-deeds/price/',
    access: access.staff('staff.read'),
    summary: "What the extract of an LV costs (cadastral_location_code + code = the LV number, or external_id); nothing is ordered",
    tags,
    query: titleDeedPriceQuery,
    responses: { 200: { description: 'The price', schema: titleDeedPrice }, ...badInput, ...unavailableDoc },
    handler: ({ deps, actor, query }) => quoteTitleDeed(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/title-deeds/cadastral-locations/',
    access: access.staff('staff.read'),
    summary: 'The codebook of cadastral territories: search (name, municipality, code), page, page-size',
    tags,
    query: cadastralLocationListQuery,
    responses: { 200: { description: 'Page of territories', schema: pageOf(cadastralLocationView) }, ...badInput },
    handler: ({ deps, actor, query }) => listCadastralLocations(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/title-deeds/download/',
    access: access.staff('cadastre.order'),
    summary: 'Order the extract of an LV at the price staff confirm (`price` from GET …/price/; 409 with the new price when it changed). Audited with the price; a repeat within 10 minutes answers the same extract (200)',
    tags,
    body: titleDeedDownloadRequest,
    responses: {
      201: { description: 'The extract, ordered', schema: titleDeedDetail },
      200: { description: 'The extract of the LV ordered in the last 10 minutes', schema: titleDeedDetail },
      ...badInput,
      ...refusedDoc('The price changed (Czech message, data.price), or the LV is being ordered right now'),
      ...unavailableDoc,
    },
    handler: async ({ deps, actor, body }) => {
      const { created, titleDeed } = await orderTitleDeed(deps, actor, body);
      return new Reply(created ? 201 : 200, titleDeed);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/title-deeds/:id/',
    access: access.staff('staff.read'),
    summary: 'An extract: parsed owners, parcels, buildings, units, encumbrances; the PDF link, the other extracts of the LV and the changes since the previous one',
    tags,
    responses: { 200: { description: 'The extract', schema: titleDeedDetail }, ...notFoundDoc('title deed') },
    handler: ({ deps, actor, params }) => getTitleDeed(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/title-deeds/:id/pdf/',
    access: access.staff('staff.read'),
    summary: 'The extract as the cadastre sent it (PDF). Our addition',
    tags,
    responses: { 200: { description: 'application/pdf', contentType: 'application/pdf' }, ...notFoundDoc('title deed') },
    handler: async ({ deps, actor, params, res }) => {
      await sendFile(res, await getTitleDeedPdf(deps, actor, { id: params.id }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/title-deeds/:id/changes/',
    access: access.staff('staff.read'),
    summary: 'What changed between an earlier extract of the same LV (since) and this one. Our addition',
    tags,
    query: titleDeedCompareQuery,
    responses: { 200: { description: 'The changes', schema: z.array(titleDeedChange) }, ...badInput, ...notFoundDoc('title deed') },
    handler: ({ deps, actor, params, query }) => compareTitleDeeds(deps, actor, { id: params.id, since: query.since }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/collateral-alerts/',
    access: access.staff('staff.read'),
    summary: "What the collateral watch found on serviced deals' title deeds (open by default; deal, resolved, pages). Our addition",
    tags,
    query: collateralAlertListQuery,
    responses: { 200: { description: 'Page of alerts', schema: pageOf(collateralAlertView) }, ...badInput },
    handler: ({ deps, actor, query }) => listCollateralAlerts(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/collateral-alerts/:id/resolve/',
    access: access.staff('realties.write'),
    summary: 'Mark an alert dealt with (recorded in the deal history). Our addition',
    tags,
    responses: { 200: { description: 'The alert', schema: collateralAlertView }, ...notFoundDoc('alert'), ...refusedDoc('Already resolved') },
    handler: ({ deps, actor, params }) => resolveCollateralAlert(deps, actor, { id: params.id }),
  }),
];
