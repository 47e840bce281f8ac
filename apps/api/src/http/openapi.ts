import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { stringify } from 'yaml';
import { MAX_RECORD_ID, Permission, PERMISSION_ROLES, z, type SchemaFormat } from '@lending/contracts';
import { idParamNames } from './params.ts';
import type { RouteDef } from './routes.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parameters(route: RouteDef): unknown[] {
  const out: unknown[] = [];
  const pathParams = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const paramSchemas = route.params ? (jsonSchema(route.params, 'input').properties as Record<string, JsonSchema> | undefined) : undefined;
  const ids = new Set(idParamNames(route.path));
  for (const name of pathParams) {
    const schema = ids.has(name) ? { type: 'integer', minimum: 1, maximum: MAX_RECORD_ID } : (paramSchemas?.[name] ?? { type: 'string' });
    out.push({ name, in: 'path', required: true, schema });
  }
  if (route.query) {
    const q = jsonSchema(route.query, 'input');
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, JsonSchema>) ?? {})) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function security(route: RouteDef): unknown[] | undefined {
  switch (route.access.type) {
    case 'public':
      return [];
    case 'staff':
      return [{ jwt: [] }];
    case 'apiKey':
      return [{ apiKey: [] }];
    case 'basic':
      return [{ basic: [] }];
  }
}

/** OpenAPI 3.1 generated from the same route table and zod schemas the API validates with. */
export function buildOpenApiDocument(routes: RouteDef[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, doc] of Object.entries(route.responses)) {
      responses[status] = doc.schema
        ? { description: doc.description, content: { [doc.contentType ?? 'application/json']: { schema: jsonSchema(doc.schema, 'output') } } }
        : doc.contentType
          ? { description: doc.description, content: { [doc.contentType]: {} } }
          : { description: doc.description };
    }
    if (route.access.type !== 'public') {
      responses['401'] ??= { description: 'Chybí nebo jsou neplatné přihlašovací údaje' };
      responses['403'] ??= { description: 'Přihlašovací údaje nedovolují tuto akci' };
    }
    const operation: Record<string, unknown> = {
      operationId: `${route.method}_${route.path.replace(/^\/api\/v1\//, '').replace(/[/:{}-]+/g, '_').replace(/_+$/, '')}`,
      summary: route.summary,
      tags: route.tags,
      parameters: parameters(route),
      security: security(route),
      responses,
    };
    if (route.access.type === 'staff') {
      // The permission the operation needs and who holds it (ROLES.md §1, contracts/permissions.ts).
      const permission = route.access.permission;
      operation.description = `Oprávnění: \`${permission}\` – ${Permission.labels[permission]} (role: ${PERMISSION_ROLES[permission].join(', ')}).`;
      operation['x-permission'] = permission;
      operation['x-roles'] = PERMISSION_ROLES[permission];
    }
    if (route.access.type === 'apiKey') operation['x-api-key-owners'] = route.access.owners;
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
    }
    if (route.rawBody) {
      operation.requestBody = { required: true, content: { [route.rawBody.contentType]: { schema: jsonSchema(route.rawBody.schema, 'input') } } };
    }
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lending platform API',
      version: info.version,
      description:
        'Back-office, partner and applicant API. Staff: `Authorization: Bearer <access JWT>` from `/api/v1/auth/token/`. ' +
        'Partners and monitoring: `Authorization: Api-Key <key>`. CRM webhooks: HTTP basic. ' +
        'Lists answer `{count, next, previous, results}` with `page` and `page_size` (at most 100). ' +
        'Errors: 400 `{field: [messages]}`, 401, 403, 404 `{detail}`, 409, 413, 429.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    components: {
      securitySchemes: {
        jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Value: `Api-Key <key>`' },
        basic: { type: 'http', scheme: 'basic' },
      },
    },
    paths,
  };
}

/** One served form of the document: its bytes and their strong validator. */
export interface OpenApiVariant {
  body: Buffer;
  type: string;
  etag: string;
}

// Revalidated hourly by browsers and proxies; a changed document comes with a new deploy anyway.
const SCHEMA_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The document of these routes in each format, built on first use and kept: the route table is
 * fixed for the life of the process. One variant per format: `lang` does not change the text
 * (see SCHEMA_LANGUAGES), so all languages share it, and the ETag with it.
 */
export function openApiVariants(allRoutes: () => RouteDef[]): (format: SchemaFormat, version: string) => OpenApiVariant {
  let cached: Record<string, unknown> | null = null;
  const document = (version: string) => (cached ??= buildOpenApiDocument(allRoutes(), { version }));
  const variants = new Map<string, OpenApiVariant>();
  return (format, version) => {
    let found = variants.get(format);
    if (!found) {
      const text = format === 'json' ? JSON.stringify(document(version)) : stringify(document(version), { aliasDuplicateObjects: false });
      const body = Buffer.from(text);
      const type = format === 'json' ? 'application/vnd.oai.openapi+json; charset=utf-8' : 'application/vnd.oai.openapi; charset=utf-8';
      found = { body, type, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
      variants.set(format, found);
    }
    return found;
  };
}

/** True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Answers the document with its ETag, or 304 without a body when the client's copy is current. */
export function sendOpenApiVariant(req: Request, res: Response, { body, type, etag }: OpenApiVariant): undefined {
  res.set({ ETag: etag, 'Cache-Control': SCHEMA_CACHE_CONTROL });
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return undefined;
  }
  res.status(200).set('Content-Type', type).send(body);
  return undefined;
}
