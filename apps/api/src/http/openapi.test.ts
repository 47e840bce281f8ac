import { Validator } from '@seriousme/openapi-schema-validator';
import type * as yaml from 'yaml';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import request from 'supertest';
import { allRoutes, createApp } from '../app.ts';
import { matchesEtag } from './openapi.ts';

// Counts how often the YAML text is made (openApiVariants' only use of `stringify`).
vi.mock('yaml', async (importOriginal) => {
  const original = await importOriginal<typeof yaml>();
  return { ...original, stringify: vi.fn(original.stringify) };
});

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

  it('is built once per format and served with a strong ETag; If-None-Match answers 304 without a body', async () => {
    // A fresh app, so that its document is not built yet.
    const app = createApp(ctx.deps);
    const http = () => request(app);
    const builds = vi.mocked(stringify);
    builds.mockClear();
    const first = await http().get('/api/v1/schema.yaml');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    for (const lang of ['cs', 'en', 'de']) {
      const again = await http().get(`/api/v1/schema.yaml?lang=${lang}`);
      expect(again.headers.etag).toBe(etag);
      expect(again.text).toBe(first.text);
    }
    expect(builds).toHaveBeenCalledTimes(1);

    const json = await http().get('/api/v1/schema.yaml?format=json');
    expect(json.headers.etag).not.toBe(etag);
    expect(json.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json/);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const notModified = await http().get('/api/v1/schema.yaml?lang=cs').set('If-None-Match', header);
      expect(notModified.status, header).toBe(304);
      expect(notModified.text ?? '').toBe('');
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('public, max-age=3600');
    }
    expect((await http().get('/api/v1/schema.yaml').set('If-None-Match', json.headers.etag as string)).status).toBe(200);
    expect((await http().get('/api/v1/schema.yaml?format=json').set('If-None-Match', json.headers.etag as string)).status).toBe(304);
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('compares If-None-Match as RFC 9110 says (weakly, any of a list, or *)', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b" , "a"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag('a', '"a"')).toBe(false);
    expect(matchesEtag(' * ', '"a"')).toBe(true);
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
