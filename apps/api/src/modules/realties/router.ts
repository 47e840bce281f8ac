import { pageOf, purchasedPropertyListQuery, purchasedPropertyPatchRequest, purchasedPropertyRequest, purchasedPropertyView, realtyListQuery, realtyView } from '@lending/contracts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { createPurchasedProperty } from './create-purchased-property.ts';
import { deletePurchasedProperty } from './delete-purchased-property.ts';
import { getPurchasedProperty } from './get-purchased-property.ts';
import { getRealty } from './get-realty.ts';
import { listPurchasedProperties } from './list-purchased-properties.ts';
import { listRealties } from './list-realties.ts';
import { updatePurchasedProperty } from './update-purchased-property.ts';

const tags = ['realties'];

/** Realties and purchased properties (backoffice.md "Realties"; docs/decisions/0051). */
export const realtyRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/realties/',
    access: access.staff('staff.read'),
    summary: "Every realty, paged: the spec's `deal` (its collateral); ours: type, cadastral_area_code, ltv_min/ltv_max (a group's latest LTV), search, ordering",
    tags,
    query: realtyListQuery,
    responses: { 200: { description: 'Page of realties', schema: pageOf(realtyView) }, ...badInput },
    handler: ({ deps, actor, query }) => listRealties(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/realties/purchased/',
    access: access.staff('staff.read'),
    summary: 'Purchased properties (the lender\'s own, from sale-and-leaseback), newest first: active_deal, search, state, pages',
    tags,
    query: purchasedPropertyListQuery,
    responses: { 200: { description: 'Page of purchased properties', schema: pageOf(purchasedPropertyView) }, ...badInput },
    handler: ({ deps, actor, query }) => listPurchasedProperties(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/realties/purchased/',
    access: access.staff('realties.write'),
    summary: 'Record a purchased property with its realty (state ACQUISITION unless given; OWNERSHIP needs the purchase, SOLD the sale)',
    tags,
    body: purchasedPropertyRequest,
    responses: { 201: { description: 'The purchased property', schema: purchasedPropertyView }, ...badInput },
    handler: async ({ deps, actor, body }) => new Reply(201, await createPurchasedProperty(deps, actor, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/realties/purchased/:id/',
    access: access.staff('staff.read'),
    summary: 'A purchased property with its realty and deal',
    tags,
    responses: { 200: { description: 'The purchased property', schema: purchasedPropertyView }, ...notFoundDoc('purchased property') },
    handler: ({ deps, actor, params }) => getPurchasedProperty(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/realties/purchased/:id/',
    access: access.staff('realties.write'),
    summary: 'Replace a purchased property (fields left out are cleared; the state moves only forward)',
    tags,
    body: purchasedPropertyRequest,
    responses: { 200: { description: 'The purchased property', schema: purchasedPropertyView }, ...badInput, ...notFoundDoc('purchased property') },
    handler: ({ deps, actor, params, body }) => updatePurchasedProperty(deps, actor, { id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/realties/purchased/:id/',
    access: access.staff('realties.write'),
    summary: 'Change fields of a purchased property, its state included (forward only: ACQUISITION → OWNERSHIP → SOLD)',
    tags,
    body: purchasedPropertyPatchRequest,
    responses: { 200: { description: 'The purchased property', schema: purchasedPropertyView }, ...badInput, ...notFoundDoc('purchased property') },
    handler: ({ deps, actor, params, body }) => updatePurchasedProperty(deps, actor, { id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/realties/purchased/:id/',
    access: access.staff('realties.write'),
    summary: 'Delete a purchased property entered by mistake (only in ACQUISITION)',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFoundDoc('purchased property'), ...refusedDoc('Owned or sold (Czech reason)') },
    handler: async ({ deps, actor, params }) => {
      await deletePurchasedProperty(deps, actor, { id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/realties/:id/',
    access: access.staff('staff.read'),
    summary: 'A realty with its groups (latest value, LTV), latest title deed, purchase and open collateral alerts. Our addition',
    tags,
    responses: { 200: { description: 'The realty', schema: realtyView }, ...notFoundDoc('realty') },
    handler: ({ deps, actor, params }) => getRealty(deps, actor, { id: params.id }),
  }),
];
