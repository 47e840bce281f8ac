import { z } from './zod-config.ts';

// The CRM's calls (Pipedrive, HTTP basic): what the API reads of them.

/** Query of Pipedrive's panel calls (GET /webhooks/pipedrive/deal/ and …/person/): the selection and where it was made. */
export const pipedrivePanelQuery = z.object({
  companyId: z.string().max(100).optional(),
  isShared: z.string().max(10).optional(),
  resource: z.string().max(50).optional(),
  selectedIds: z.string().max(2000).optional(),
  userId: z.string().max(100).optional(),
  view: z.string().max(50).optional(),
});
export type PipedrivePanelQuery = z.output<typeof pipedrivePanelQuery>;
