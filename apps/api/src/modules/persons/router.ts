import { Readable } from 'node:stream';
import {
  blacklistEntry,
  blacklistEntryRequest,
  DealState,
  detailResponse,
  distraint,
  DISTRAINT_ORDERING_FIELDS,
  distraintPatchRequest,
  fieldErrorsResponse,
  IdentificationType,
  PERSON_DEFAULT_ORDERING,
  PERSON_LABEL_ORDERING_FIELDS,
  PERSON_ORDERING_FIELDS,
  personAddress,
  personAddressRequest,
  personContact,
  personContactPatchRequest,
  personContactRequest,
  personCreateRequest,
  personDealItem,
  personDealRequest,
  personDetail,
  personLabel,
  personLabelRequest,
  personLead,
  personListItem,
  personMessages,
  personPatchRequest,
  PersonRole,
  personSummary,
  personUpdateRequest,
  realtyRight,
  REALTY_RIGHT_ORDERING_FIELDS,
  z,
} from '@lending/contracts';
import type { Response } from 'express';
import { staffOf } from '../../http/auth.ts';
import { sendFile } from '../../http/file-response.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { addAddress } from './add-address.ts';
import { addBlacklistEntry } from './add-blacklist-entry.ts';
import { addContact } from './add-contact.ts';
import { addLabel } from './add-label.ts';
import { createPerson } from './create-person.ts';
import { createPersonDeal } from './create-person-deal.ts';
import { createPersonLead } from './create-person-lead.ts';
import { exportDistraints, type CsvFile } from './export-distraints.ts';
import { exportRealtyRights } from './export-realty-rights.ts';
import { getDistraint } from './get-distraint.ts';
import { getLabel } from './get-label.ts';
import { getPerson } from './get-person.ts';
import { getPersonSummary } from './get-person-summary.ts';
import { listDistraints } from './list-distraints.ts';
import { listLabels } from './list-labels.ts';
import { listPersonDeals } from './list-person-deals.ts';
import { listPersons } from './list-persons.ts';
import { exportPersons, PERSON_EXPORT_COLUMNS } from './export-persons.ts';
import { exportFormatQuery, pragueDay, sendTable } from '../../http/table-export.ts';
import { listRealtyRights } from './list-realty-rights.ts';
import { actorOf } from './person-view.ts';
import { removeBlacklistEntry } from './remove-blacklist-entry.ts';
import { removeLabel } from './remove-label.ts';
import { updateAddress } from './update-address.ts';
import { updateContact } from './update-contact.ts';
import { updateDistraint } from './update-distraint.ts';
import { updatePerson } from './update-person.ts';

const tags = ['persons'];
const BASE = '/api/v1/persons';

// Path ids: a positive 32-bit integer, anything else answers 404.
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id: pathId });
const personParams = z.object({ personId: pathId });
const itemParams = z.object({ personId: pathId, id: pathId });

// Query values. Booleans: true/false or 1/0.
const boolQuery = z.enum(['true', 'false', '1', '0'], personMessages.booleanQuery).transform((v) => v === 'true' || v === '1');
const idQuery = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, personMessages.positiveId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, personMessages.positiveId);
const idListQuery = z.string().transform((value, ctx) => {
  const parts = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (parts.length > 1000 || parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > 2_147_483_647)) {
    ctx.addIssue({ code: 'custom', message: personMessages.idList });
    return z.NEVER;
  }
  return parts.map(Number);
});

const personListQuery = pageQuery.extend({
  birth_number: z
    .string()
    .transform((v) => v.replace(/[\s/]/g, ''))
    .pipe(z.string().regex(/^\d{9,10}$/, personMessages.birthNumberInvalid))
    .optional(),
  company_id: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, personMessages.companyIdInvalid))
    .optional(),
  excluded_ids: idListQuery.optional(),
  has_company: boolQuery.optional(),
  has_deal: boolQuery.optional(),
  has_execution: boolQuery.optional(),
  has_insolvency: boolQuery.optional(),
  has_role: PersonRole.schema.optional(),
  id: idQuery.optional(),
  identification: IdentificationType.schema.optional(),
  is_blacklisted: boolQuery.optional(),
  is_internal: boolQuery.optional(),
  search: z.string().trim().max(200).optional(),
  ordering: orderingQuery(PERSON_ORDERING_FIELDS, PERSON_DEFAULT_ORDERING),
});

// The export takes the list's filters and ordering, without paging.
const personExportQuery = personListQuery.omit({ page: true, page_size: true }).extend({ format: exportFormatQuery });

const badInput = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };
const notFound = { 404: { description: 'No such person (or item of this person)', schema: detailResponse } };
const csv = { 200: { description: 'CSV (UTF-8 with BOM, `;`-separated, Czech headers), as an attachment', contentType: 'text/csv' } };
// Downloads are POSTs that read: every staff role may call them, VIEWER included.
const everyStaffRole = access.staff(['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT', 'VIEWER']);
const blacklistRoles = access.staff(['ADMIN', 'UNDERWRITER']);

async function sendCsv(res: Response, file: CsvFile): Promise<undefined> {
  await sendFile(res, { stream: Readable.from([file.content]), size: file.content.length, mimeType: 'text/csv; charset=utf-8', fileName: file.fileName });
  return undefined;
}

export const personRoutes: RouteDef[] = [
  // ---------------------------------------------------------------------------------------------
  // Persons
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: `${BASE}/`,
    access: access.staff(),
    summary: 'Create a person: natural (birth number) or legal (identification_type ICO, company_id)',
    tags,
    body: personCreateRequest,
    responses: { 201: { description: 'The person', schema: personDetail }, ...badInput },
    handler: async ({ deps, body, principal, meta }) => new Reply(201, await createPerson(deps, actorOf(staffOf(principal), meta), body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/`,
    access: access.staff(),
    summary: 'Persons, paged; filters of backoffice.md §3 (birth numbers masked)',
    tags,
    query: personListQuery,
    responses: { 200: { description: 'Page of persons', schema: pageSchema(personListItem) }, ...badInput },
    handler: ({ deps, query, req }) => listPersons(deps, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/export/`,
    access: access.staff(),
    summary: 'The persons list of these filters and ordering as a CSV or XLSX file (format=csv|xlsx; columns of the back-office list; streamed). Our addition (docs/decisions/0016)',
    tags,
    query: personExportQuery,
    responses: {
      200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' },
      ...badInput,
    },
    handler: async ({ deps, query, principal, meta, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportPersons(deps, actorOf(staffOf(principal), meta), filters);
      return sendTable(res, { format, baseName: `osoby-${pragueDay(deps.now())}`, sheetName: 'Osoby', columns: PERSON_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Person detail with addresses, contacts, labels and blacklist entries (birth number in full)',
    tags,
    params: idParams,
    responses: { 200: { description: 'The person', schema: personDetail }, ...notFound },
    handler: ({ deps, params }) => getPerson(deps, params.id),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Replace a person (fields left out are cleared)',
    tags,
    params: idParams,
    body: personUpdateRequest,
    responses: { 200: { description: 'The person', schema: personDetail }, ...badInput, ...notFound },
    handler: ({ deps, body, params, principal, meta }) => updatePerson(deps, actorOf(staffOf(principal), meta), params.id, body, { partial: false }),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Change some fields of a person',
    tags,
    params: idParams,
    body: personPatchRequest,
    responses: { 200: { description: 'The person', schema: personDetail }, ...badInput, ...notFound },
    handler: ({ deps, body, params, principal, meta }) => updatePerson(deps, actorOf(staffOf(principal), meta), params.id, body, { partial: true }),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/person/`,
    access: access.staff(),
    summary: 'Summary of a person for the detail header: identification, flags, counts, latest screenings',
    tags,
    params: idParams,
    responses: { 200: { description: 'Summary', schema: personSummary }, ...notFound },
    handler: ({ deps, params }) => getPersonSummary(deps, params.id),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:id/lead/`,
    access: access.staff(),
    summary: 'Create a lead for the person (no body): source BACKOFFICE, state NEW',
    tags,
    params: idParams,
    responses: { 201: { description: 'The lead', schema: personLead }, ...notFound },
    handler: async ({ deps, params, principal, meta }) => new Reply(201, await createPersonLead(deps, actorOf(staffOf(principal), meta), params.id)),
  }),

  // ---------------------------------------------------------------------------------------------
  // Addresses and contacts
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/address/`,
    access: access.staff(),
    summary: 'Add an address (whole_address is composed)',
    tags,
    params: personParams,
    body: personAddressRequest,
    responses: { 201: { description: 'The address', schema: personAddress }, ...badInput, ...notFound },
    handler: async ({ deps, body, params, principal, meta }) => new Reply(201, await addAddress(deps, actorOf(staffOf(principal), meta), params.personId, body)),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:personId/address/:id/`,
    access: access.staff(),
    summary: 'Replace an address of the person',
    tags,
    params: itemParams,
    body: personAddressRequest,
    responses: { 200: { description: 'The address', schema: personAddress }, ...badInput, ...notFound },
    handler: ({ deps, body, params, principal, meta }) => updateAddress(deps, actorOf(staffOf(principal), meta), params.personId, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/contact/`,
    access: access.staff(),
    summary: 'Add an e-mail or phone contact (exactly one primary per type)',
    tags,
    params: personParams,
    body: personContactRequest,
    responses: { 201: { description: 'The contact', schema: personContact }, ...badInput, ...notFound },
    handler: async ({ deps, body, params, principal, meta }) => new Reply(201, await addContact(deps, actorOf(staffOf(principal), meta), params.personId, body)),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:personId/contact/:id/`,
    access: access.staff(),
    summary: 'Replace a contact of the person',
    tags,
    params: itemParams,
    body: personContactRequest,
    responses: { 200: { description: 'The contact', schema: personContact }, ...badInput, ...notFound },
    handler: ({ deps, body, params, principal, meta }) => updateContact(deps, actorOf(staffOf(principal), meta), params.personId, params.id, body, { partial: false }),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:personId/contact/:id/`,
    access: access.staff(),
    summary: 'Change some fields of a contact',
    tags,
    params: itemParams,
    body: personContactPatchRequest,
    responses: { 200: { description: 'The contact', schema: personContact }, ...badInput, ...notFound },
    handler: ({ deps, body, params, principal, meta }) => updateContact(deps, actorOf(staffOf(principal), meta), params.personId, params.id, body, { partial: true }),
  }),

  // ---------------------------------------------------------------------------------------------
  // Blacklist and labels
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/blacklist/`,
    access: blacklistRoles,
    summary: 'Put the person on the blacklist, with a reason (ADMIN, UNDERWRITER)',
    tags,
    params: personParams,
    body: blacklistEntryRequest,
    responses: { 201: { description: 'The entry', schema: blacklistEntry }, ...badInput, ...notFound },
    handler: async ({ deps, body, params, principal, meta }) => new Reply(201, await addBlacklistEntry(deps, actorOf(staffOf(principal), meta), params.personId, body)),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:personId/blacklist/:id/`,
    access: blacklistRoles,
    summary: 'Remove a blacklist entry (ADMIN, UNDERWRITER)',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Removed' }, ...notFound },
    handler: async ({ deps, params, principal, meta }) => {
      await removeBlacklistEntry(deps, actorOf(staffOf(principal), meta), params.personId, params.id);
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/labels/`,
    access: access.staff(),
    summary: 'Add a label (a name once per person)',
    tags,
    params: personParams,
    body: personLabelRequest,
    responses: { 201: { description: 'The label', schema: personLabel }, ...badInput, ...notFound },
    handler: async ({ deps, body, params, principal, meta }) => new Reply(201, await addLabel(deps, actorOf(staffOf(principal), meta), params.personId, body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:personId/labels/`,
    access: access.staff(),
    summary: 'Labels of the person (all, ordered)',
    tags,
    params: personParams,
    query: z.object({ ordering: orderingQuery(PERSON_LABEL_ORDERING_FIELDS, 'name') }),
    responses: { 200: { description: 'Labels', schema: z.array(personLabel) }, ...badInput, ...notFound },
    handler: ({ deps, params, query }) => listLabels(deps, params.personId, query.ordering),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:personId/labels/:id/`,
    access: access.staff(),
    summary: 'A label of the person',
    tags,
    params: itemParams,
    responses: { 200: { description: 'The label', schema: personLabel }, ...notFound },
    handler: ({ deps, params }) => getLabel(deps, params.personId, params.id),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:personId/labels/:id/`,
    access: access.staff(),
    summary: 'Remove a label',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Removed' }, ...notFound },
    handler: async ({ deps, params, principal, meta }) => {
      await removeLabel(deps, actorOf(staffOf(principal), meta), params.personId, params.id);
      return new Reply(204);
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // Related deals
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/deals/`,
    access: access.staff(),
    summary: 'Create a deal of the person (CONSUMER_LOAN or INVESTMENT_LOAN, state NEW_APPLICATION)',
    tags,
    params: personParams,
    body: personDealRequest,
    responses: { 201: { description: 'The deal', schema: personDealItem }, ...badInput, ...notFound },
    handler: async ({ deps, body, params, principal, meta }) => new Reply(201, await createPersonDeal(deps, actorOf(staffOf(principal), meta), params.personId, body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:personId/deals/`,
    access: access.staff(),
    summary: 'Deals the person takes part in, with their role(s); paged, newest first',
    tags,
    params: personParams,
    query: pageQuery.extend({ state: DealState.schema.optional() }),
    responses: { 200: { description: 'Page of deals', schema: pageSchema(personDealItem) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listPersonDeals(deps, params.personId, query, requestUrl(req)),
  }),

  // ---------------------------------------------------------------------------------------------
  // Distraints and realty rights
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: `${BASE}/:personId/distraint/`,
    access: access.staff(),
    summary: 'Distraints (executions) of the person (all, ordered)',
    tags,
    params: personParams,
    query: z.object({ ordering: orderingQuery(DISTRAINT_ORDERING_FIELDS, '-started_at') }),
    responses: { 200: { description: 'Distraints', schema: z.array(distraint) }, ...badInput, ...notFound },
    handler: ({ deps, params, query }) => listDistraints(deps, params.personId, query.ordering),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/distraint/download/`,
    access: everyStaffRole,
    summary: 'Download the distraints of the person as CSV',
    tags,
    params: personParams,
    responses: { ...csv, ...notFound },
    handler: async ({ deps, params, principal, meta, res }) => sendCsv(res, await exportDistraints(deps, actorOf(staffOf(principal), meta), params.personId)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:personId/distraint/:id/`,
    access: access.staff(),
    summary: 'A distraint of the person',
    tags,
    params: itemParams,
    responses: { 200: { description: 'The distraint', schema: distraint }, ...notFound },
    handler: ({ deps, params }) => getDistraint(deps, params.personId, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:personId/distraint/:id/`,
    access: access.staff(),
    summary: 'Change the state or note of a distraint',
    tags,
    params: itemParams,
    body: distraintPatchRequest,
    responses: { 200: { description: 'The distraint', schema: distraint }, ...badInput, ...notFound },
    handler: ({ deps, body, params, principal, meta }) => updateDistraint(deps, actorOf(staffOf(principal), meta), params.personId, params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:personId/realty-rights/`,
    access: access.staff(),
    summary: 'Rights of the person to realties (all, ordered)',
    tags,
    params: personParams,
    query: z.object({ ordering: orderingQuery(REALTY_RIGHT_ORDERING_FIELDS, 'cadastral_area_name') }),
    responses: { 200: { description: 'Realty rights', schema: z.array(realtyRight) }, ...badInput, ...notFound },
    handler: ({ deps, params, query }) => listRealtyRights(deps, params.personId, query.ordering),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:personId/realty-rights/download/`,
    access: everyStaffRole,
    summary: 'Download the realty rights of the person as CSV',
    tags,
    params: personParams,
    responses: { ...csv, ...notFound },
    handler: async ({ deps, params, principal, meta, res }) => sendCsv(res, await exportRealtyRights(deps, actorOf(staffOf(principal), meta), params.personId)),
  }),
];
