import type { EndpointSpec } from '../endpoint-spec.ts';

/** The back-office's calls of the deals list, detail, state, validate, application form and close of business (see endpoints.ts). */
export const dealEndpoints = {} satisfies Record<string, EndpointSpec>;
