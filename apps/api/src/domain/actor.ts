import type { ApiKeyOwner, StaffRole } from '@lending/contracts';
import { forbidden } from './errors.ts';

// Who asks a use case to act (docs/decisions/0040). Every use case takes one as its second
// argument; http/actor.ts builds it once per request from the authenticated caller, the jobs,
// the CLI and the seed build theirs here. The audit log records it as it is.

/** Where a request came from, for the audit log: the caller's address and the logs' request id. */
export interface RequestMeta {
  ip: string;
  requestId: string;
}

/** A signed-in staff member. */
export interface StaffActor {
  kind: 'staff';
  staffId: number;
  role: StaffRole;
  meta: RequestMeta;
}

/** A partner system or monitoring, by its API key. */
export interface PartnerActor {
  kind: 'partner';
  apiKeyId: number;
  keyPrefix: string;
  owner: ApiKeyOwner;
  meta: RequestMeta;
}

/** Anyone on the public routes: an applicant (holding a form token), or a staff member signing in. */
export interface PublicActor {
  kind: 'public';
  meta: RequestMeta;
}

/** The CRM's webhooks (HTTP basic). */
export interface WebhookActor {
  kind: 'webhook';
  username: string;
  meta: RequestMeta;
}

/** The product itself: a job, the CLI, the demo seed. `name` says which, for the audit log. */
export interface SystemActor {
  kind: 'system';
  name: string;
}

export type Actor = StaffActor | PartnerActor | PublicActor | WebhookActor | SystemActor;

export const systemActor = (name: string): SystemActor => ({ kind: 'system', name });

/** The staff member behind `actor`, or `forbidden` (a use case only staff may run). */
export function requireStaff(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw forbidden();
  return actor;
}

/** The staff member's id for "created by" columns; null when the product acted on its own. */
export function staffIdOf(actor: Actor): number | null {
  return actor.kind === 'staff' ? actor.staffId : null;
}

/** The request's address and id, when the actor came over HTTP. */
export function metaOf(actor: Actor): RequestMeta | null {
  return actor.kind === 'system' ? null : actor.meta;
}
