import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { ApiKeyOwner, Permission } from '@lending/contracts';
import type { Deps } from '../deps.ts';
import type { Actor, PartnerActor, PublicActor, RequestMeta, StaffActor, WebhookActor } from '../domain/actor.ts';
import { zodFieldErrors } from '../domain/errors.ts';
import { ResultPage } from '../domain/page.ts';
import { badRequest, HttpError, messages } from './errors.ts';
import { actorOf } from './actor.ts';
import { authenticate, type Principal } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { pathParams } from './params.ts';
import { drfPage, requestUrl } from './pagination.ts';
import { enforceRateLimits, type RateLimitRule } from './rate-limit.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route. A staff route names the one permission it needs (contracts/permissions.ts). */
export interface PublicAccess {
  type: 'public';
}
export interface StaffAccess {
  type: 'staff';
  permission: Permission;
}
export interface ApiKeyAccess {
  type: 'apiKey';
  owners: readonly ApiKeyOwner[];
}
export interface BasicAccess {
  type: 'basic';
}
export type Access = PublicAccess | StaffAccess | ApiKeyAccess | BasicAccess;

export const access = {
  public: { type: 'public' } as PublicAccess,
  staff: (permission: Permission): StaffAccess => ({ type: 'staff', permission }),
  apiKey: (...owners: ApiKeyOwner[]): ApiKeyAccess => ({ type: 'apiKey', owners }),
  basic: { type: 'basic' } as BasicAccess,
};

/** The actor a route's handler gets: a staff route's is always a staff member, and so on. */
export type ActorFor<A extends Access> = A extends StaffAccess
  ? StaffActor
  : A extends ApiKeyAccess
    ? PartnerActor
    : A extends BasicAccess
      ? WebhookActor
      : A extends PublicAccess
        ? PublicActor
        : Actor;

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export type { RequestMeta };

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
/** The parameters of a route path, typed: record ids (`id`, `…Id`) as numbers, the rest as strings. */
export type PathParams<P extends string> = { [N in ParamNames<P>]: N extends 'id' | `${string}Id` ? number : string };

export interface RouteContext<B, Q, P, A extends Actor = Actor> {
  deps: Deps;
  /** Who asks (http/actor.ts): the use cases' second argument. */
  actor: A;
  meta: RequestMeta;
  body: B;
  query: Q;
  params: P;
  principal: Principal;
  req: Request;
  res: Response;
}

/** A reply with a status other than 200, or with no body (204). */
export class Reply {
  readonly status: number;
  readonly body?: unknown;
  constructor(status: number, body?: unknown) {
    this.status = status;
    this.body = body;
  }
}

export interface RouteDef<B = unknown, Q = unknown, P = unknown, A extends Access = Access, Path extends string = string> {
  method: Method;
  /**
   * Express path under the app root, written out in full (`/api/v1/deals/:dealId/claims/`) so a
   * search for a path finds its route. Parameters named `id` or `…Id` are record ids: digits
   * only, else 404 (http/params.ts).
   */
  path: Path;
  access: A;
  summary: string;
  tags: string[];
  body?: z.ZodType<B>;
  /**
   * A body the handler reads itself (multipart uploads, HTML form posts): documented in OpenAPI
   * under its content type, not parsed or validated by mountRoutes. Use instead of `body`.
   */
  rawBody?: { contentType: string; schema: z.ZodType };
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  responses: Record<number, ResponseDoc>;
  /** Request limits (public endpoints), counted before authentication and validation. */
  rateLimits?: readonly RateLimitRule[];
  /**
   * Returns the JSON body of a 200, a Reply, a ResultPage (answered as the spec's page with its
   * links), or undefined after writing to `res` itself.
   */
  handler: (ctx: RouteContext<B, Q, PathParams<Path> & (P extends undefined ? unknown : P), ActorFor<A>>) => Promise<unknown>;
  /** The module file that defined the route (for `pnpm routes`), set by defineRoute. */
  file?: string;
}

/** The file of defineRoute's caller, read off the stack once per route at start-up. */
function callerFile(): string | undefined {
  const line = new Error().stack?.split('\n')[3] ?? '';
  const match = /(?:file:\/\/)?(\/[^\s()]+?\.(?:ts|js)):\d+:\d+/.exec(line);
  return match?.[1];
}

export function defineRoute<B = undefined, Q = undefined, P = undefined, A extends Access = Access, const Path extends string = string>(def: RouteDef<B, Q, P, A, Path>): RouteDef {
  return { ...def, file: def.file ?? callerFile() } as unknown as RouteDef;
}

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, where: 'body' | 'query' | 'params'): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (parsed.success) return parsed.data;
  if (where === 'params') throw new HttpError(404, { detail: messages.notFound });
  throw badRequest(zodFieldErrors(parsed.error));
}

/** Route params: record ids strictly (http/params.ts), then the route's own schema if any. */
function parseParams(route: RouteDef, raw: Record<string, string>): unknown {
  const ids = pathParams(route.path, raw);
  if (!ids) throw new HttpError(404, { detail: messages.notFound });
  const own = route.params ? (parsePart(route.params, raw, 'params') as Record<string, unknown>) : raw;
  return { ...own, ...ids };
}

export function isSafeMethod(method: Method): boolean {
  return method === 'get';
}

/** Mounts the routes on `router`, each behind its authentication and validation. */
export function mountRoutes(router: Router, routes: RouteDef[], deps: Deps): void {
  const methodsByPath = new Map<string, Set<Method>>();
  for (const route of routes) {
    const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
      try {
        const meta = { ip: clientIp(req), requestId: String(req.id) };
        if (route.rateLimits) {
          await enforceRateLimits(deps.prisma, route.rateLimits, { ip: meta.ip, params: req.params as Record<string, string> }, deps.now(), deps.config.RATE_LIMIT_FACTOR);
        }
        const principal = await authenticate(deps, route, req);
        const params = parseParams(route, req.params as Record<string, string>);
        const body = parsePart(route.body, req.body, 'body');
        const query = parsePart(route.query, req.query, 'query');
        const actor = actorOf(principal, meta);
        const result = await route.handler({ deps, actor, meta, body, query, params: params as never, principal, req, res });
        if (res.headersSent) return;
        if (result instanceof ResultPage) {
          res.status(200).json(drfPage(requestUrl(req), result));
        } else if (result instanceof Reply) {
          if (result.body === undefined) res.status(result.status).end();
          else res.status(result.status).json(result.body);
        } else if (result !== undefined) {
          res.status(200).json(result);
        }
      } catch (error) {
        next(error);
      }
    };
    router[route.method](route.path, handler);
    const set = methodsByPath.get(route.path) ?? new Set<Method>();
    set.add(route.method);
    methodsByPath.set(route.path, set);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods].map((m) => m.toUpperCase()).concat(methods.has('get') ? ['HEAD'] : [], ['OPTIONS']);
    router.all(path, (req, res) => {
      if (req.method === 'OPTIONS') {
        res.set('Allow', allow.join(', ')).status(204).end();
        return;
      }
      res.set('Allow', allow.join(', ')).status(405).json({ detail: messages.methodNotAllowed(req.method) });
    });
  }
}
