import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { ApiKeyOwner, StaffRole } from '@lending/contracts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, messages, zodFieldErrors } from './errors.ts';
import { authenticate, type Principal } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { enforceRateLimits, type RateLimitRule } from './rate-limit.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route. Staff routes without `roles`: every role may read, every role but VIEWER may write. */
export type Access =
  | { type: 'public' }
  | { type: 'staff'; roles?: readonly StaffRole[] }
  | { type: 'apiKey'; owners: readonly ApiKeyOwner[] }
  | { type: 'basic' };

export const access = {
  public: { type: 'public' } as Access,
  staff: (roles?: readonly StaffRole[]): Access => ({ type: 'staff', roles }),
  apiKey: (...owners: ApiKeyOwner[]): Access => ({ type: 'apiKey', owners }),
  basic: { type: 'basic' } as Access,
};

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

/** Who asked, for the audit log: the caller's address and the request id of the logs. */
export interface RequestMeta {
  ip: string;
  requestId: string;
}

export interface RouteContext<B, Q, P> {
  deps: Deps;
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

export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: Method;
  /** Express path under the app root, e.g. `/api/v1/deals/:id/`. */
  path: string;
  access: Access;
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
  /** Returns the JSON body of a 200, a Reply, or undefined after writing to `res` itself. */
  handler: (ctx: RouteContext<B, Q, P>) => Promise<unknown>;
}

export function defineRoute<B = undefined, Q = undefined, P = undefined>(def: RouteDef<B, Q, P>): RouteDef {
  return def as unknown as RouteDef;
}

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, where: 'body' | 'query' | 'params'): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (parsed.success) return parsed.data;
  if (where === 'params') throw new HttpError(404, { detail: messages.notFound });
  throw badRequest(zodFieldErrors(parsed.error));
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
        const body = parsePart(route.body, req.body, 'body');
        const query = parsePart(route.query, req.query, 'query');
        const params = parsePart(route.params, req.params, 'params');
        const result = await route.handler({ deps, meta, body, query, params, principal, req, res });
        if (res.headersSent) return;
        if (result instanceof Reply) {
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
