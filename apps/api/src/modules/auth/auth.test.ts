import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { INVALID_CREDENTIALS, MAX_FAILURES_PER_EMAIL, TOO_MANY_ATTEMPTS } from './issue-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/v1/auth/token/', () => {
  it('returns an access token valid for 15 minutes and a refresh token valid for 7 days', async () => {
    const { access, refresh } = await ctx.login('UNDERWRITER');
    const a = jwt.decode(access) as jwt.JwtPayload;
    const r = jwt.decode(refresh) as jwt.JwtPayload;
    expect(jwt.decode(access, { complete: true })?.header.alg).toBe('HS256');
    expect(a.exp! - a.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(r.exp! - r.iat!).toBe(REFRESH_TOKEN_TTL_SECONDS);
    expect(a.role).toBe('UNDERWRITER');
  });

  it('answers 401 with a Czech message for a wrong password or an unknown e-mail', async () => {
    const { email } = await ctx.login('VIEWER');
    const wrong = await ctx.http().post('/api/v1/auth/token/').send({ email, password: 'spatne-heslo' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: INVALID_CREDENTIALS });
    const unknown = await ctx.http().post('/api/v1/auth/token/').send({ email: 'nikdo@test.cz', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const res = await ctx.http().post('/api/v1/auth/token/').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Zadejte platnou e-mailovou adresu.'], password: ['Pole je povinné'] });
  });

  it('throttles repeated failures for one e-mail with 429, even with the right password', async () => {
    const { email, password } = await ctx.login('ACCOUNTANT');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      const res = await ctx.http().post('/api/v1/auth/token/').send({ email, password: `spatne-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await ctx.http().post('/api/v1/auth/token/').send({ email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: TOO_MANY_ATTEMPTS });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a deactivated user', async () => {
    const { email, password } = await ctx.login('COLLECTIONS');
    await ctx.deps.prisma.staffUser.update({ where: { email }, data: { isActive: false } });
    const res = await ctx.http().post('/api/v1/auth/token/').send({ email, password });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/v1/auth/me/', () => {
  it('returns the signed-in user with the Czech role label', async () => {
    const { access, email } = await ctx.login('ADMIN');
    const res = await ctx.http().get('/api/v1/auth/me/').set('Authorization', `Bearer ${access}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, role: 'ADMIN', role_label: 'Administrátor' });
  });

  it('rejects missing, malformed, forged, expired and refresh tokens with 401', async () => {
    const { refresh } = await ctx.login('ADMIN');
    const forged = jwt.sign({ type: 'access', role: 'ADMIN' }, 'another-secret-another-secret-xx', { subject: '1', issuer: 'lending-api' });
    const expired = jwt.sign({ type: 'access', role: 'ADMIN' }, ctx.deps.secrets.jwtSecret, {
      subject: '1',
      issuer: 'lending-api',
      expiresIn: -10,
    });
    const none = jwt.sign({ type: 'access', role: 'ADMIN', sub: '1', iss: 'lending-api' }, '', { algorithm: 'none' });
    for (const header of [undefined, 'Bearer', 'Token abc', `Bearer ${forged}`, `Bearer ${expired}`, `Bearer ${refresh}`, `Bearer ${none}`]) {
      const req = ctx.http().get('/api/v1/auth/me/');
      if (header) req.set('Authorization', header);
      const res = await req;
      expect(res.status, String(header)).toBe(401);
      expect(res.body.detail).toBeTypeOf('string');
    }
  });
});

describe('refresh and logout', () => {
  it('exchanges a refresh token for a new access token until logout revokes it', async () => {
    const { access, refresh } = await ctx.login('UNDERWRITER');
    const refreshed = await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh });
    expect(refreshed.status).toBe(200);
    const me = await ctx.http().get('/api/v1/auth/me/').set('Authorization', `Bearer ${refreshed.body.access}`);
    expect(me.status).toBe(200);

    const logout = await ctx.http().post('/api/v1/auth/logout/').set('Authorization', `Bearer ${access}`).send({ refresh });
    expect(logout.status).toBe(204);
    const after = await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh });
    expect(after.status).toBe(401);
  });

  it('does not accept an access token or garbage as a refresh token', async () => {
    const { access } = await ctx.login('UNDERWRITER');
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh: access })).status).toBe(401);
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh: 'x' })).status).toBe(401);
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({})).status).toBe(400);
  });

  it("cannot revoke another user's refresh token", async () => {
    const alice = await ctx.login('UNDERWRITER');
    const bob = await ctx.login('UNDERWRITER');
    const res = await ctx.http().post('/api/v1/auth/logout/').set('Authorization', `Bearer ${alice.access}`).send({ refresh: bob.refresh });
    expect(res.status).toBe(400);
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh: bob.refresh })).status).toBe(200);
  });
});

describe('password hashing', () => {
  it('uses salted scrypt and verifies only the right password', async () => {
    const a = await hashPassword('Heslo-123456');
    const b = await hashPassword('Heslo-123456');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Heslo-123456', a)).toBe(true);
    expect(await verifyPassword('Heslo-123457', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
