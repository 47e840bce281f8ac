import { makeBirthNumber } from '@lending/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { allRoutes, createApp } from '../app.ts';
import type { Deps } from '../deps.ts';
import { bucketKey, enforceRateLimits, publicLimits, tooManyRequestsMessage, waitInCzech, type RateLimitRule } from './rate-limit.ts';
import { createForm } from '../../test/fixtures/documents.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The app as production runs it (factor 1), behind a proxy so each test picks its caller's address. */
const appAsDeployed = (overrides: Partial<Deps> = {}) =>
  createApp({ ...ctx.deps, ...overrides, config: { ...ctx.deps.config, RATE_LIMIT_FACTOR: 1, TRUST_PROXY: 'loopback' } });

const address = {
  whole_address: 'Masarykova 12, 602 00 Brno',
  street: 'Masarykova',
  number: '12',
  city: 'Brno',
  zip: '602 00',
  district: 'Brno-město',
  region: 'Jihomoravský kraj',
};

describe('many applicants behind one address (office NAT, mobile CGNAT)', () => {
  it('ten applications, each typing 40 times in the address whisperer, all go through at factor 1', async () => {
    const app = appAsDeployed();
    const from = '203.0.113.10';
    const refused: string[] = [];
    const call = async (label: string, req: request.Test) => {
      const res = await req.set('X-Forwarded-For', from);
      if (res.status >= 400) refused.push(`${label} → ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    };
    async function apply(n: number) {
      const created = await call(`#${n} new form`, request(app).post('/api/v1/forms/').send({ type: 'CONSUMER_LOAN', value: 150_000, installment_value: 4_000 }));
      const token = created.body.token as string;
      if (!token) return;
      const typed = 'Masarykova 12, Brno, Jihomoravský kraj'.padEnd(40, '.');
      for (let i = 1; i <= 40; i++) {
        await call(`#${n} whisperer ${i}`, request(app).post('/api/v1/address/suggest').send({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: typed.slice(0, i) }, limit: 5 }));
      }
      const person = {
        first_name: 'Jana',
        last_name: 'Nováková',
        email: `jana.${n}@example.cz`,
        phone: '777 123 456',
        birth_number: makeBirthNumber(new Date(Date.UTC(1980, 0, 1 + n)), 'F', 200 + n),
        permanent_address: address,
        identity_card: '123456789',
        consent: true,
      };
      await call(`#${n} form`, request(app).get(`/api/v1/forms/${token}/?raw_data=true`));
      await call(`#${n} person`, request(app).post(`/api/v1/forms/${token}/submit/`).send({ step: 'PERSON_INFO', data: person }));
      await call(`#${n} preview`, request(app).get(`/api/v1/forms/${token}/preview/`));
      await call(`#${n} collateral`, request(app).post(`/api/v1/forms/${token}/submit/`).send({ step: 'COLLATERAL_INFO', data: { have_realty: 'no' } }));
      await call(`#${n} documents`, request(app).get(`/api/v1/forms/${token}/documents/`));
    }
    // Two people at a time, one after another: the shared address keeps being used.
    await Promise.all([0, 1].map(async (lane) => {
      for (let n = lane; n < 10; n += 2) await apply(n);
    }));
    expect(refused).toEqual([]);
  }, 120_000);
});

describe('each rule counts in a bucket of its own', () => {
  const now = new Date('2026-11-22T10:04:00Z');
  const windowStart = new Date('2026-11-22T10:00:00Z');

  type App = ReturnType<typeof createApp>;
  type Rule = keyof typeof publicLimits;
  /** One request of each limited route, and the rules that count it. */
  const routes: { rules: Rule[]; send: (app: App, token: string, clientId: string) => request.Test }[] = [
    { rules: ['newForms'], send: (app) => request(app).post('/api/v1/forms/').send({ type: 'CONSUMER_LOAN', value: 150_000, installment_value: 4_000 }) },
    { rules: ['formsByIp', 'formsByToken'], send: (app, token) => request(app).get(`/api/v1/forms/${token}/preview/`) },
    { rules: ['whisperer'], send: (app) => request(app).post('/api/v1/address/suggest').send({ fieldType: 'CITY', values: { CITY: 'Br' } }) },
    // No file: refused after the limits, so nothing is stored.
    { rules: ['uploadsByIp', 'uploadsByToken'], send: (app, token) => request(app).post(`/api/v1/forms/${token}/documents/`).field('category', 'BANK_STATEMENT') },
    { rules: ['bankConnectionByIp', 'bankConnectionByToken'], send: (app, token) => request(app).post(`/api/v1/forms/${token}/bank-connection/`) },
    { rules: ['bankSandboxByIp', 'bankSandboxByClient'], send: (app, _token, clientId) => request(app).get(`/api/v1/bank-sandbox/${clientId}/`) },
  ];

  it('every limited route uses these rules, each bucket named differently', () => {
    const used = new Set(allRoutes().flatMap((r) => r.rateLimits ?? []));
    expect([...used].filter((rule) => !Object.values(publicLimits).includes(rule as never))).toEqual([]);
    expect(routes.flatMap((r) => r.rules).sort()).toEqual(Object.keys(publicLimits).sort());
    const names = Object.values(publicLimits).map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  let n = 0;
  for (const [name, rule] of Object.entries(publicLimits) as [Rule, RateLimitRule][]) {
    it(`${name} (${rule.max} per ${rule.windowSeconds / 60} min per ${rule.scope === 'network' ? 'address' : 'application'}): full, it refuses; the other routes still answer`, async () => {
      const app = appAsDeployed({ now: () => now });
      const ip = `198.51.100.${++n}`;
      const form = await createForm(ctx.deps, { state: 'COLLATERAL_INFO' });
      const clientId = `klient-${n}-${form.id}`;
      await ctx.deps.prisma.bankConnection.create({ data: { formId: form.id, clientId, provider: 'SANDBOX' } });
      const key = rule.key({ ip, params: { token: form.token, client: clientId } })!;
      await ctx.deps.prisma.rateLimitBucket.create({ data: { key: bucketKey(rule, key), windowStart, hits: rule.max } });

      const own = routes.find((r) => r.rules.includes(name))!;
      const refused = await own.send(app, form.token, clientId).set('X-Forwarded-For', ip);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('360');
      expect(refused.body).toEqual({ detail: tooManyRequestsMessage(rule.scope, 360) });

      for (const other of routes.filter((r) => r !== own)) {
        const res = await other.send(app, form.token, clientId).set('X-Forwarded-For', ip);
        expect(res.status, `${other.rules.join('/')} after ${name} is full: ${JSON.stringify(res.body)}`).not.toBe(429);
      }
    });
  }
});

describe('counting', () => {
  it('per key and per window, in PostgreSQL', async () => {
    const rule: RateLimitRule = { ...publicLimits.formsByToken, max: 3, name: 'test-token' };
    const now = new Date('2026-11-22T10:00:30Z');
    const hit = (token: string, at = now) => enforceRateLimits(ctx.deps.prisma, [rule], { ip: '10.0.0.1', params: { token } }, at);
    for (let i = 0; i < 3; i++) await hit('a');
    await expect(hit('a')).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '570' } });
    await hit('b'); // another token has its own bucket
    await hit('a', new Date('2026-11-22T10:10:01Z')); // the next window starts afresh
    await enforceRateLimits(ctx.deps.prisma, [rule], { ip: '10.0.0.1', params: {} }, now); // no token, rule skipped
    await hit('x'.repeat(5000)); // a fuzzed token is hashed to fit the index
    const buckets = await ctx.deps.prisma.rateLimitBucket.findMany({ where: { key: { startsWith: 'test-token:' } }, orderBy: [{ key: 'asc' }, { windowStart: 'asc' }] });
    expect(buckets.map((b) => [b.key.length > 60 ? 'long' : b.key, b.hits])).toEqual([
      ['test-token:a', 4],
      ['test-token:a', 1],
      ['test-token:b', 1],
      [bucketKey(rule, 'x'.repeat(5000)), 1],
    ]);
  });

  it('says when to try again, in Czech', () => {
    expect([1, 3, 45, 60, 61, 180, 300, 600].map(waitInCzech)).toEqual(['za 1 sekundu', 'za 3 sekundy', 'za 45 sekund', 'za 1 minutu', 'za 2 minuty', 'za 3 minuty', 'za 5 minut', 'za 10 minut']);
    expect(tooManyRequestsMessage('network', 180)).toBe('Příliš mnoho požadavků z Vaší sítě. Zkuste to prosím znovu za 3 minuty.');
  });
});
