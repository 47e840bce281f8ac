import { z } from '@lending/contracts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { describePipedriveSelection } from './describe-pipedrive-selection.ts';
import { handlePipedrivePersonEvent, PIPEDRIVE_PERSON_EVENTS } from './handle-pipedrive-person-event.ts';

const tags = ['webhooks'];
const text = { 200: { description: 'Plain-text answer', contentType: 'text/plain' } };
const panelQuery = z.object({
  companyId: z.string().max(100).optional(),
  isShared: z.string().max(10).optional(),
  resource: z.string().max(50).optional(),
  selectedIds: z.string().max(2000).optional(),
  userId: z.string().max(100).optional(),
  view: z.string().max(50).optional(),
});

/** Pipedrive (CRM), HTTP basic: panel calls for deals and persons, and person webhooks. */
export const webhookRoutes: RouteDef[] = [
  ...(['deal', 'person'] as const).map((resource) =>
    defineRoute({
      method: 'get',
      path: `/api/v1/webhooks/pipedrive/${resource}/`,
      access: access.basic,
      summary: `Pipedrive panel for the selected ${resource}s (text)`,
      tags,
      query: panelQuery,
      responses: text,
      handler: async ({ deps, query, res }) => {
        res.type('text/plain; charset=utf-8').send(await describePipedriveSelection(deps, resource, query));
        return undefined;
      },
    }),
  ),
  ...PIPEDRIVE_PERSON_EVENTS.map((event) =>
    defineRoute({
      method: 'post',
      path: `/api/v1/webhooks/pipedrive/person/${event}/`,
      access: access.basic,
      summary: `Pipedrive webhook: person ${event} (recorded, then applied to the linked person)`,
      tags,
      responses: text,
      handler: async ({ deps, req, res }) => {
        res.type('text/plain; charset=utf-8').send(await handlePipedrivePersonEvent(deps, event, req.body));
        return undefined;
      },
    }),
  ),
];
