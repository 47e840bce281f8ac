import { z } from '@lending/contracts';
import { MAX_RECORD_ID } from '@lending/contracts';
import { idParamNames } from '../../http/params.ts';
import type { RouteDef } from '../../http/routes.ts';

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
    if (route.access.type === 'staff' && route.access.roles) {
      operation['x-roles'] = route.access.roles;
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
