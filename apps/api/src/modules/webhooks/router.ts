import { pipedrivePanelQuery } from '@lending/contracts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { describePipedriveSelection } from './describe-pipedrive-selection.ts';
import { handlePipedrivePersonEvent } from './handle-pipedrive-person-event.ts';

const tags = ['webhooks'];
const text = { 200: { description: 'Plain-text answer', contentType: 'text/plain' } };
const plainText = 'text/plain; charset=utf-8';

/** Pipedrive (CRM), HTTP basic: panel calls for deals and persons, and person webhooks. */
export const webhookRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/webhooks/pipedrive/deal/',
    access: access.basic,
    summary: 'Pipedrive panel for the selected deals (text)',
    tags,
    query: pipedrivePanelQuery,
    responses: text,
    handler: async ({ deps, actor, query, res }) => {
      res.type(plainText).send(await describePipedriveSelection(deps, actor, { ...query, resource: 'deal' }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/webhooks/pipedrive/person/',
    access: access.basic,
    summary: 'Pipedrive panel for the selected persons (text)',
    tags,
    query: pipedrivePanelQuery,
    responses: text,
    handler: async ({ deps, actor, query, res }) => {
      res.type(plainText).send(await describePipedriveSelection(deps, actor, { ...query, resource: 'person' }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/webhooks/pipedrive/person/added/',
    access: access.basic,
    summary: 'Pipedrive webhook: person added (recorded, then applied to the linked person)',
    tags,
    responses: text,
    handler: async ({ deps, actor, req, res }) => {
      res.type(plainText).send(await handlePipedrivePersonEvent(deps, actor, { event: 'added', payload: req.body }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/webhooks/pipedrive/person/deleted/',
    access: access.basic,
    summary: 'Pipedrive webhook: person deleted (recorded, then applied to the linked person)',
    tags,
    responses: text,
    handler: async ({ deps, actor, req, res }) => {
      res.type(plainText).send(await handlePipedrivePersonEvent(deps, actor, { event: 'deleted', payload: req.body }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/webhooks/pipedrive/person/merged/',
    access: access.basic,
    summary: 'Pipedrive webhook: person merged (recorded, then applied to the linked person)',
    tags,
    responses: text,
    handler: async ({ deps, actor, req, res }) => {
      res.type(plainText).send(await handlePipedrivePersonEvent(deps, actor, { event: 'merged', payload: req.body }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/webhooks/pipedrive/person/updated/',
    access: access.basic,
    summary: 'Pipedrive webhook: person updated (recorded, then applied to the linked person)',
    tags,
    responses: text,
    handler: async ({ deps, actor, req, res }) => {
      res.type(plainText).send(await handlePipedrivePersonEvent(deps, actor, { event: 'updated', payload: req.body }));
      return undefined;
    },
  }),
];
