import type { EndpointSpec } from '../endpoint-spec.ts';

/** The back-office's calls of a deal's participants, obligations, debts, purposes and drawings, realties and realty groups, labels, notes, enforceable claims and IDM evaluations (see endpoints.ts). */
export const dealPartsEndpoints = {} satisfies Record<string, EndpointSpec>;
