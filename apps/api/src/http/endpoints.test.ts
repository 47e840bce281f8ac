import { approvalRequestView } from '@lending/contracts';
import { endpoints, type EndpointSpec } from '@lending/contracts/endpoints';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../app.ts';

// The front-ends' client takes its types, and their tests and the e2e run their answer checks,
// from the contracts' endpoint list (ADR 0029). Each entry must say what the route says: the
// same body and the same answer, compared as JSON Schema (what the OpenAPI document shows).

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

const routes = new Map(allRoutes().map((route) => [`${route.method.toUpperCase()} ${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`, route]));

describe('the contracts endpoint list', () => {
  it.each(Object.entries(endpoints) as [string, EndpointSpec][])('%s is the route the API declares', (key, spec) => {
    const route = routes.get(key);
    expect(route, `no route ${key}`).toBeDefined();
    if (!route) return;

    const body = route.body ?? route.rawBody?.schema;
    if (spec.body) {
      expect(body, `${key} takes no JSON body`).toBeDefined();
      expect(jsonSchema(spec.body, 'input')).toEqual(jsonSchema(body!, 'input'));
    }

    // A four-eyes action's 202 is the approval request (ADR 0045), in the list as `accepted`.
    const fourEyes = route.responses[202]?.schema === approvalRequestView;
    expect(spec.accepted === approvalRequestView, `${key}: a 202 approval request`).toBe(fourEyes);
    const success = Object.entries(route.responses).filter(([status]) => Number(status) < 300 && !(fourEyes && Number(status) === 202));
    const files = success.filter(([, doc]) => doc.contentType && doc.contentType !== 'application/json');
    expect(Boolean(spec.file), `${key}: a file answer`).toBe(files.length > 0);
    const schemas = success.flatMap(([, doc]) => (doc.schema && !doc.contentType ? [doc.schema] : []));
    if (spec.response) {
      expect(schemas.length, `${key} declares no answer schema`).toBeGreaterThan(0);
      for (const schema of schemas) expect(jsonSchema(spec.response, 'output')).toEqual(jsonSchema(schema, 'output'));
    } else if (!spec.file) {
      expect(schemas, `${key} answers a schema the list leaves out`).toEqual([]);
    }
  });
});
