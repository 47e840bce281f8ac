import { Readable } from 'node:stream';
import {
  blacklistEntry,
  blacklistEntryRequest,
  distraint,
  distraintListQuery,
  distraintPatchRequest,
  pageOf,
  personAddress,
  personAddressRequest,
  personContact,
  personContactPatchRequest,
  personContactRequest,
  personCreateRequest,
  personDealItem,
  personDealListQuery,
  personDetail,
  personExportQuery,
  personLabel,
  personLabelListQuery,
  personLabelRequest,
  personLead,
  personListItem,
  personListQuery,
  personPatchRequest,
  personSummary,
  personUpdateRequest,
  realtyRight,
  realtyRightListQuery,
  revealedIdentifiers,
  revealIdentifiersRequest,
  z,
} from '@lending/contracts';
import type { Response } from 'express';
import { today } from '../../domain/dates.ts';
import { sendFile } from '../../http/file-response.ts';
import { badInput, notFoundDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { sendTable } from '../../http/table-export.ts';
import { addAddress } from './add-address.ts';
import { addBlacklistEntry } from './add-blacklist-entry.ts';
import { addContact } from './add-contact.ts';
import { addLabel } from './add-label.ts';
import { createPerson } from './create-person.ts';
import { createPersonLead } from './create-person-lead.ts';
import { exportDistraints, type CsvFile } from './export-distraints.ts';
import { exportPersons, PERSON_EXPORT_COLUMNS } from './export-persons.ts';
import { exportRealtyRights } from './export-realty-rights.ts';
import { getDistraint } from './get-distraint.ts';
import { getLabel } from './get-label.ts';
import { getPerson } from './get-person.ts';
import { getPersonSummary } from './get-person-summary.ts';
import { listDistraints } from './list-distraints.ts';
import { listLabels } from './list-labels.ts';
import { listPersonDeals } from './list-person-deals.ts';
import { listPersons } from './list-persons.ts';
import { listRealtyRights } from './list-realty-rights.ts';
import { removeBlacklistEntry } from './remove-blacklist-entry.ts';
import { removeLabel } from './remove-label.ts';
import { revealIdentifiers } from './reveal-identifiers.ts';
import { updateAddress } from './update-address.ts';
import { updateContact } from './update-contact.ts';
import { updateDistraint } from './update-distraint.ts';
import { updatePerson } from './update-person.ts';

const tags = ['persons'];
const notFound = notFoundDoc('person (or item of this person)');
const csv = { 200: { description: 'CSV (UTF-8 with BOM, `;`-separated, Czech headers), as an attachment', contentType: 'text/csv' } };
// Downloads are POSTs that read: every staff role may call them, VIEWER included.

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
    path: '/api/v1/persons/',
    access: access.staff('persons.write'),
    summary: 'Create a person: natural (birth number) or legal (identification_type ICO, company_id)',
    tags,
    body: personCreateRequest,
    responses: { 201: { description: 'The person', schema: personDetail }, ...badInput },
    handler: async ({ deps, actor, body }) => new Reply(201, await createPerson(deps, actor, { person: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/',
    access: access.staff('staff.read'),
    summary: 'Persons, paged; filters of backoffice.md §3 (birth numbers masked)',
    tags,
    query: personListQuery,
    responses: { 200: { description: 'Page of persons', schema: pageOf(personListItem) }, ...badInput },
    handler: ({ deps, actor, query }) => listPersons(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/export/',
    access: access.staff('staff.read'),
    summary: 'The persons list of these filters and ordering as a CSV or XLSX file (format=csv|xlsx; columns of the back-office list; streamed). Our addition (docs/decisions/0016)',
    tags,
    query: personExportQuery,
    responses: {
      200: { description: 'CSV (UTF-8 with BOM, `;`) or XLSX, as an attachment', contentType: 'text/csv' },
      ...badInput,
    },
    handler: async ({ deps, actor, query, res }) => {
      const { format, ...filters } = query;
      const { rows } = await exportPersons(deps, actor, filters);
      return sendTable(res, { format, baseName: `osoby-${today(deps)}`, sheetName: 'Osoby', columns: PERSON_EXPORT_COLUMNS, rows });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:id/',
    access: access.staff('staff.read'),
    summary:
      'Person detail with addresses, contacts, labels and blacklist entries; birth number and identity card masked for every role (`identifiers_masked`; in full from …/reveal-identifiers/, docs/decisions/0046)',
    tags,
    responses: { 200: { description: 'The person', schema: personDetail }, ...notFound },
    handler: ({ deps, actor, params }) => getPerson(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/persons/:id/',
    access: access.staff('persons.write'),
    summary: 'Replace a person (fields left out are cleared)',
    tags,
    body: personUpdateRequest,
    responses: { 200: { description: 'The person', schema: personDetail }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updatePerson(deps, actor, { id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/persons/:id/',
    access: access.staff('persons.write'),
    summary: 'Change some fields of a person',
    tags,
    body: personPatchRequest,
    responses: { 200: { description: 'The person', schema: personDetail }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updatePerson(deps, actor, { id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:id/reveal-identifiers/',
    access: access.staff('persons.identifiers.read'),
    summary:
      'The birth number and identity card of the person in full (the detail masks them); each call is recorded in the audit log (`person.identifiers.reveal`, with the optional reason). Our addition (ROLES.md §1, docs/decisions/0046)',
    tags,
    body: revealIdentifiersRequest.optional(),
    responses: { 200: { description: 'The identifiers, unmasked', schema: revealedIdentifiers }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => revealIdentifiers(deps, actor, { id: params.id, reason: body?.reason }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:id/person/',
    access: access.staff('staff.read'),
    summary: 'Summary of a person for the detail header: identification, flags, counts, latest screenings',
    tags,
    responses: { 200: { description: 'Summary', schema: personSummary }, ...notFound },
    handler: ({ deps, actor, params }) => getPersonSummary(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:id/lead/',
    access: access.staff('leads.write'),
    summary: 'Create a lead for the person (no body): source BACKOFFICE, state NEW',
    tags,
    responses: { 201: { description: 'The lead', schema: personLead }, ...notFound },
    handler: async ({ deps, actor, params }) => new Reply(201, await createPersonLead(deps, actor, { personId: params.id })),
  }),

  // ---------------------------------------------------------------------------------------------
  // Addresses and contacts
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/address/',
    access: access.staff('persons.contacts.write'),
    summary: 'Add an address (whole_address is composed)',
    tags,
    body: personAddressRequest,
    responses: { 201: { description: 'The address', schema: personAddress }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await addAddress(deps, actor, { personId: params.personId, address: body })),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/persons/:personId/address/:id/',
    access: access.staff('persons.contacts.write'),
    summary: 'Replace an address of the person',
    tags,
    body: personAddressRequest,
    responses: { 200: { description: 'The address', schema: personAddress }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateAddress(deps, actor, { personId: params.personId, id: params.id, address: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/contact/',
    access: access.staff('persons.contacts.write'),
    summary: 'Add an e-mail or phone contact (exactly one primary per type)',
    tags,
    body: personContactRequest,
    responses: { 201: { description: 'The contact', schema: personContact }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await addContact(deps, actor, { personId: params.personId, contact: body })),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/persons/:personId/contact/:id/',
    access: access.staff('persons.contacts.write'),
    summary: 'Replace a contact of the person',
    tags,
    body: personContactRequest,
    responses: { 200: { description: 'The contact', schema: personContact }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateContact(deps, actor, { personId: params.personId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/persons/:personId/contact/:id/',
    access: access.staff('persons.contacts.write'),
    summary: 'Change some fields of a contact',
    tags,
    body: personContactPatchRequest,
    responses: { 200: { description: 'The contact', schema: personContact }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateContact(deps, actor, { personId: params.personId, id: params.id, partial: true, changes: body }),
  }),

  // ---------------------------------------------------------------------------------------------
  // Blacklist and labels
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/blacklist/',
    access: access.staff('persons.write'),
    summary: 'Put the person on the blacklist, with a reason (ADMIN, UNDERWRITER)',
    tags,
    body: blacklistEntryRequest,
    responses: { 201: { description: 'The entry', schema: blacklistEntry }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await addBlacklistEntry(deps, actor, { personId: params.personId, entry: body })),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/persons/:personId/blacklist/:id/',
    access: access.staff('persons.write'),
    summary: 'Remove a blacklist entry (ADMIN, UNDERWRITER)',
    tags,
    responses: { 204: { description: 'Removed' }, ...notFound },
    handler: async ({ deps, actor, params }) => {
      await removeBlacklistEntry(deps, actor, { personId: params.personId, id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/labels/',
    access: access.staff('notes.write'),
    summary: 'Add a label (a name once per person)',
    tags,
    body: personLabelRequest,
    responses: { 201: { description: 'The label', schema: personLabel }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await addLabel(deps, actor, { personId: params.personId, label: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/labels/',
    access: access.staff('staff.read'),
    summary: 'Labels of the person (all, ordered)',
    tags,
    query: personLabelListQuery,
    responses: { 200: { description: 'Labels', schema: z.array(personLabel) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listLabels(deps, actor, { ...query, personId: params.personId }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/labels/:id/',
    access: access.staff('staff.read'),
    summary: 'A label of the person',
    tags,
    responses: { 200: { description: 'The label', schema: personLabel }, ...notFound },
    handler: ({ deps, actor, params }) => getLabel(deps, actor, { personId: params.personId, id: params.id }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/persons/:personId/labels/:id/',
    access: access.staff('notes.write'),
    summary: 'Remove a label',
    tags,
    responses: { 204: { description: 'Removed' }, ...notFound },
    handler: async ({ deps, actor, params }) => {
      await removeLabel(deps, actor, { personId: params.personId, id: params.id });
      return new Reply(204);
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // Related deals
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/deals/',
    access: access.staff('staff.read'),
    summary: 'Deals the person takes part in, with their role(s); paged, newest first',
    tags,
    query: personDealListQuery,
    responses: { 200: { description: 'Page of deals', schema: pageOf(personDealItem) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listPersonDeals(deps, actor, { ...query, personId: params.personId }),
  }),

  // ---------------------------------------------------------------------------------------------
  // Distraints and realty rights
  // ---------------------------------------------------------------------------------------------
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/distraint/',
    access: access.staff('staff.read'),
    summary: 'Distraints (executions) of the person (all, ordered)',
    tags,
    query: distraintListQuery,
    responses: { 200: { description: 'Distraints', schema: z.array(distraint) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listDistraints(deps, actor, { ...query, personId: params.personId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/distraint/download/',
    access: access.staff('staff.read'),
    summary: 'Download the distraints of the person as CSV',
    tags,
    responses: { ...csv, ...notFound },
    handler: async ({ deps, actor, params, res }) => sendCsv(res, await exportDistraints(deps, actor, { personId: params.personId })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/distraint/:id/',
    access: access.staff('staff.read'),
    summary: 'A distraint of the person',
    tags,
    responses: { 200: { description: 'The distraint', schema: distraint }, ...notFound },
    handler: ({ deps, actor, params }) => getDistraint(deps, actor, { personId: params.personId, id: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/persons/:personId/distraint/:id/',
    access: access.staff('persons.records.write'),
    summary: 'Change the state or note of a distraint',
    tags,
    body: distraintPatchRequest,
    responses: { 200: { description: 'The distraint', schema: distraint }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateDistraint(deps, actor, { personId: params.personId, id: params.id, changes: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/realty-rights/',
    access: access.staff('staff.read'),
    summary: 'Rights of the person to realties (all, ordered)',
    tags,
    query: realtyRightListQuery,
    responses: { 200: { description: 'Realty rights', schema: z.array(realtyRight) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listRealtyRights(deps, actor, { ...query, personId: params.personId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/realty-rights/download/',
    access: access.staff('staff.read'),
    summary: 'Download the realty rights of the person as CSV',
    tags,
    responses: { ...csv, ...notFound },
    handler: async ({ deps, actor, params, res }) => sendCsv(res, await exportRealtyRights(deps, actor, { personId: params.personId })),
  }),
];
