import type { Request } from 'express';
import passport from 'passport';
import { BasicStrategy } from 'passport-http';
import { timingSafeEqual } from 'node:crypto';
import { roleHolds, type ApiKeyOwner, type StaffRole } from '@lending/contracts';
import type { Deps } from '../deps.ts';
import { authenticateApiKey } from '../modules/api-keys/authenticate-api-key.ts';
import { verifyToken } from '../modules/auth/tokens.ts';
import { forbidden, messages, unauthorized } from './errors.ts';
import type { RouteDef } from './routes.ts';

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'staff'; user: { id: number; email: string; role: StaffRole } }
  | { kind: 'apiKey'; key: { id: number; prefix: string; owner: ApiKeyOwner } }
  | { kind: 'basic'; username: string };

function credentials(req: Request, scheme: 'Bearer' | 'Api-Key'): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return null;
  return header.slice(space + 1).trim() || null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const basicPassports = new WeakMap<Deps, passport.PassportStatic>();
function basicPassport(deps: Deps): passport.PassportStatic {
  let instance = basicPassports.get(deps);
  if (!instance) {
    instance = new passport.Passport() as unknown as passport.PassportStatic;
    instance.use(
      new BasicStrategy((username, password, done) => {
        const ok =
          sameText(username, deps.config.CRM_WEBHOOK_USER) && sameText(password, deps.secrets.crmWebhookPassword);
        done(null, ok ? { username } : false);
      }),
    );
    basicPassports.set(deps, instance);
  }
  return instance;
}

function authenticateBasic(deps: Deps, req: Request): Promise<string | null> {
  return new Promise((resolve, reject) => {
    basicPassport(deps).authenticate('basic', { session: false }, (err: unknown, user: { username: string } | false) => {
      if (err) reject(err);
      else resolve(user ? user.username : null);
    })(req, {} as never, reject);
  });
}


/**
 * The signed-in staff user of every staff request, read again each time (a deactivated user or a
 * changed role counts from the next request). One prepared statement on the pool, not a Prisma
 * query compiled and mapped on every request (bench:load, docs/decisions/0043).
 */
async function activeStaffUser(deps: Pick<Deps, 'pool'>, id: number): Promise<{ id: number; email: string; role: StaffRole } | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const { rows } = await deps.pool.query<[email: string, role: StaffRole]>({
    name: 'auth-active-staff-user',
    text: 'SELECT email, role::text FROM staff_users WHERE id = $1 AND is_active',
    values: [id],
    rowMode: 'array',
  });
  const row = rows[0];
  return row ? { id, email: row[0], role: row[1] } : null;
}

/** Establishes who is calling `route`: 401 without valid credentials, 403 when not allowed. */
export async function authenticate(deps: Deps, route: RouteDef, req: Request): Promise<Principal> {
  const access = route.access;
  switch (access.type) {
    case 'public':
      return { kind: 'anonymous' };
    case 'staff': {
      const token = credentials(req, 'Bearer');
      if (!token) throw unauthorized();
      const payload = verifyToken(deps.secrets.jwtSecret, token, 'access');
      if (!payload) throw unauthorized(messages.invalidToken);
      const user = await activeStaffUser(deps, Number(payload.sub));
      if (!user) throw unauthorized(messages.invalidToken);
      if (!roleHolds(user.role, access.permission)) throw forbidden();
      return { kind: 'staff', user };
    }
    case 'apiKey': {
      const key = credentials(req, 'Api-Key');
      if (!key) throw unauthorized(messages.notAuthenticated, 'Api-Key');
      const found = await authenticateApiKey(deps, key);
      if (!found) throw unauthorized('Neplatný API klíč.', 'Api-Key');
      if (!access.owners.includes(found.owner)) throw forbidden();
      return { kind: 'apiKey', key: found };
    }
    case 'basic': {
      const username = await authenticateBasic(deps, req);
      if (!username) throw unauthorized(messages.notAuthenticated, 'Basic realm="webhooks"');
      return { kind: 'basic', username };
    }
  }
}

/** The staff user behind a staff-only route (the guard has already run). */
export function staffOf(principal: Principal): { id: number; email: string; role: StaffRole } {
  if (principal.kind !== 'staff') throw unauthorized();
  return principal.user;
}
