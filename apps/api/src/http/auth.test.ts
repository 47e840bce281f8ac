import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { testSystem } from '../../test/fixtures/actors.ts';
import { createApiKey } from '../modules/api-keys/create-api-key.ts';
import { errorHandler } from './errors.ts';
import { access, defineRoute, mountRoutes, Reply } from './routes.ts';

// Guards of route kinds that no resource uses yet (CRM webhooks, partner pushes), on a small
// app built from the same mounting code.
let ctx: TestContext;
let app: express.Express;
beforeAll(async () => {
  ctx = await createTestContext();
  app = express();
  app.use(express.json());
  const router = express.Router();
  mountRoutes(
    router,
    [
      defineRoute({
        method: 'post',
        path: '/hooks/crm/',
        access: access.basic,
        summary: 'test',
        tags: [],
        responses: {},
        handler: async ({ principal }) => new Reply(200, { who: principal.kind === 'basic' ? principal.username : null }),
      }),
      defineRoute({
        method: 'post',
        path: '/partners/leadsor/',
        access: access.apiKey('LEADSOR'),
        summary: 'test',
        tags: [],
        body: z.object({ name: z.string() }),
        responses: {},
        handler: async ({ principal, body }) => ({ owner: principal.kind === 'apiKey' ? principal.key.owner : null, name: body.name }),
      }),
      defineRoute({
        method: 'get',
        path: '/things/:id/',
        access: access.public,
        summary: 'test',
        tags: [],
        params: z.object({ id: z.coerce.number().int().positive() }),
        responses: {},
        handler: async ({ params }) => ({ id: params.id }),
      }),
    ],
    ctx.deps,
  );
  app.use(router);
  app.use(errorHandler(ctx.deps.logger));
});
afterAll(() => ctx.close());

describe('HTTP basic (CRM webhooks)', () => {
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('admits the configured user and password only', async () => {
    const ok = await request(app).post('/hooks/crm/').set('Authorization', basic('pipedrive', 'crm-heslo-test'));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ who: 'pipedrive' });
    for (const header of [basic('pipedrive', 'spatne'), basic('jiny', 'crm-heslo-test'), 'Basic !!!', 'Bearer x']) {
      const res = await request(app).post('/hooks/crm/').set('Authorization', header);
      expect(res.status, header).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Basic');
    }
    expect((await request(app).post('/hooks/crm/')).status).toBe(401);
  });
});

describe('Api-Key (partner pushes)', () => {
  it('admits only keys of the route owner, then validates the body', async () => {
    const leadsor = await createApiKey(ctx.deps, testSystem, { owner: 'LEADSOR' });
    const volsor = await createApiKey(ctx.deps, testSystem, { owner: 'VOLSOR' });
    const ok = await request(app).post('/partners/leadsor/').set('Authorization', `Api-Key ${leadsor.key}`).send({ name: 'Jan' });
    expect(ok.body).toEqual({ owner: 'LEADSOR', name: 'Jan' });
    expect((await request(app).post('/partners/leadsor/').set('Authorization', `Api-Key ${volsor.key}`).send({ name: 'Jan' })).status).toBe(403);
    const invalid = await request(app).post('/partners/leadsor/').set('Authorization', `Api-Key ${leadsor.key}`).send({ name: 7 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body)).toEqual(['name']);
    // credentials are checked before the body: an anonymous caller learns nothing of the schema
    expect((await request(app).post('/partners/leadsor/').send({ name: 7 })).status).toBe(401);
  });
});

describe('path parameters', () => {
  it('answers 404 for a malformed id rather than 400 or 500', async () => {
    expect((await request(app).get('/things/12/')).body).toEqual({ id: 12 });
    expect((await request(app).get('/things/abc/')).status).toBe(404);
    expect((await request(app).get('/things/-1/')).status).toBe(404);
  });
});
