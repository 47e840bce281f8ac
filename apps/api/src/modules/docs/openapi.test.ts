import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { allRoutes } from '../../app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/schema.yaml', () => {
  it('serves a valid OpenAPI 3.1 document covering every route, in YAML and JSON', async () => {
    const yamlRes = await ctx.http().get('/api/v1/schema.yaml');
    expect(yamlRes.status).toBe(200);
    expect(yamlRes.headers['content-type']).toMatch(/application\/vnd\.oai\.openapi/);
    const doc = parse(yamlRes.text);
    expect(doc.openapi).toBe('3.1.0');

    const jsonRes = await ctx.http().get('/api/v1/schema.yaml?format=json&lang=cs');
    expect(JSON.parse(jsonRes.text)).toEqual(doc);

    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    for (const route of allRoutes()) {
      const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method], `${route.method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'basic', 'jwt']);
    expect(doc.paths['/api/v1/auth/me/'].get.security).toEqual([{ jwt: [] }]);
    expect(doc.paths['/api/v1/healthcheck/monitoring/'].get.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/v1/auth/token/'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('rejects an unknown format or language with 400', async () => {
    expect((await ctx.http().get('/api/v1/schema.yaml?format=xml')).status).toBe(400);
    const lang = await ctx.http().get('/api/v1/schema.yaml?lang=xx');
    expect(lang.status).toBe(400);
    expect(lang.body).toEqual({ lang: ['Nepodporovaný kód jazyka.'] });
  });

  it('serves the browsable docs with self-hosted assets', async () => {
    const page = await ctx.http().get('/api/v1/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('./assets/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\//);
    const bundle = await ctx.http().get('/api/v1/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
  });
});
