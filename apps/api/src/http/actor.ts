import type { Actor, RequestMeta, SystemActor } from '../domain/actor.ts';
import type { Principal } from './auth.ts';

/** The one place a request's caller becomes the actor its use cases get (docs/decisions/0040). */
export function actorOf(principal: Principal, meta: RequestMeta): Exclude<Actor, SystemActor> {
  switch (principal.kind) {
    case 'staff':
      return { kind: 'staff', staffId: principal.user.id, role: principal.user.role, meta };
    case 'apiKey':
      return { kind: 'partner', apiKeyId: principal.key.id, keyPrefix: principal.key.prefix, owner: principal.key.owner, meta };
    case 'basic':
      return { kind: 'webhook', username: principal.username, meta };
    case 'anonymous':
      return { kind: 'public', meta };
  }
}
