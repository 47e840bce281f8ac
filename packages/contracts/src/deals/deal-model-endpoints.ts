import type { EndpointSpec } from '../endpoint-spec.ts';

/** The back-office's calls of deal models (schedule, RPSN), claims, claims groups and claims settings (see endpoints.ts). */
export const dealModelEndpoints = {} satisfies Record<string, EndpointSpec>;
