import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import request from 'supertest';
import { createApp } from '../../app.ts';
import {
  ACCOUNT_UNDER_ATTACK,
  INVALID_CREDENTIALS,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_EMAIL_AND_IP,
  MAX_FAILURES_PER_IP,
  TOO_MANY_ATTEMPTS,
} from './issue-tokens.ts';
import { cookieValue, DEVICE_COOKIE, deviceIsTrusted, issueDeviceToken, throttleAddress } from './login-devices.ts';
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

  it('refuses a deactivated user', async () => {
    const { email, password } = await ctx.login('COLLECTIONS');
    await ctx.deps.prisma.staffUser.update({ where: { email }, data: { isActive: false } });
    const res = await ctx.http().post('/api/v1/auth/token/').send({ email, password });
    expect(res.status).toBe(401);
  });
});

describe('login throttling', () => {
  // Behind a proxy on loopback (as supertest calls), so X-Forwarded-For names the client.
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, TRUST_PROXY: 'loopback' } });
  });
  const login = (from: string, email: string, password: string, cookie?: string) => {
    const req = request(app).post('/api/v1/auth/token/').set('X-Forwarded-For', from);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ email, password });
  };
  const deviceCookieOf = (res: request.Response) => {
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    return header?.split(';')[0];
  };

  it("blocks the stranger's address for that account after 5 wrong passwords, not the owner elsewhere", async () => {
    const { email, password } = await ctx.login('ACCOUNTANT');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) expect((await login('203.0.113.7', email, `hadam-${i}`)).status).toBe(401);
    const blocked = await login('203.0.113.7', email, password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: TOO_MANY_ATTEMPTS });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    // The owner, from their own address, is not affected.
    expect((await login('198.51.100.2', email, password)).status).toBe(200);
    // ...and the owner's success does not forgive the stranger.
    expect((await login('203.0.113.7', email, password)).status).toBe(429);
  });

  it('limits one address to 5 wrong passwords per account, even the right one after them', async () => {
    const { email, password } = await ctx.login('VIEWER');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP - 1; i++) expect((await login('192.0.2.44', email, `preklep-${i}`)).status).toBe(401);
    // Four mistakes and the right password: in, and this address's mistakes are forgiven.
    expect((await login('192.0.2.44', email, password)).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) expect((await login('192.0.2.44', email, `preklep-${i}`)).status).toBe(401);
    expect((await login('192.0.2.44', email, password)).status).toBe(429);
  });

  it('blocks an address after 30 wrong passwords over any accounts; other addresses go on', async () => {
    const victims = await Promise.all(Array.from({ length: 7 }, () => ctx.login('UNDERWRITER')));
    let failures = 0;
    for (const victim of victims.slice(0, 6)) {
      for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++, failures++) expect((await login('203.0.113.99', victim.email, `heslo${i}`)).status).toBe(401);
    }
    expect(failures).toBe(MAX_FAILURES_PER_IP);
    const last = victims[6]!;
    const blocked = await login('203.0.113.99', last.email, last.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: TOO_MANY_ATTEMPTS });
    expect((await login('198.51.100.77', last.email, last.password)).status).toBe(200);
    expect((await login('198.51.100.77', victims[0]!.email, victims[0]!.password)).status).toBe(200);
  });

  it('under guessing from many addresses, refuses unknown devices but lets the owner in from a device used before', async () => {
    const { email, password } = await ctx.login('ADMIN');
    const first = await login('198.51.100.10', email, password);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    expect(([] as string[]).concat(first.headers['set-cookie'] ?? []).join()).toMatch(/HttpOnly; .*SameSite=Strict|SameSite=Strict.*HttpOnly/);
    // A botnet: one wrong password from each of many addresses, under every per-address limit.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) expect((await login(`100.64.${i}.1`, email, 'Heslo123')).status).toBe(401);
    // Another guess from a new address is refused before the password is looked at...
    const guess = await login('100.64.200.1', email, password);
    expect(guess.status).toBe(429);
    expect(guess.body).toEqual({ detail: ACCOUNT_UNDER_ATTACK });
    // ...so is another account's device token...
    const other = await ctx.login('VIEWER');
    const otherDevice = deviceCookieOf(await login('198.51.100.11', other.email, other.password));
    expect((await login('198.51.100.12', email, password, otherDevice)).status).toBe(429);
    // ...but the owner's browser gets in, from wherever it is now.
    const owner = await login('198.51.100.13', email, password, device);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it('counts IPv6 clients by their /64 network', async () => {
    const { email, password } = await ctx.login('COLLECTIONS');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) expect((await login(`2001:db8:aa:bb::${i + 1}`, email, 'spatne')).status).toBe(401);
    expect((await login('2001:db8:aa:bb:ffff::9', email, password)).status).toBe(429);
    expect((await login('2001:db8:aa:cc::1', email, password)).status).toBe(200);
  });
});

describe('login devices', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const now = new Date('2026-11-23T10:00:00Z');

  it('trusts only unexpired tokens we signed for that e-mail', () => {
    const token = issueDeviceToken(secret, 'jana@demo.cz', now);
    expect(deviceIsTrusted(secret, token, 'jana@demo.cz', now)).toBe(true);
    expect(deviceIsTrusted(secret, token, 'petr@demo.cz', now)).toBe(false);
    expect(deviceIsTrusted('another-secret-of-thirty-two-characters', token, 'jana@demo.cz', now)).toBe(false);
    expect(deviceIsTrusted(secret, token, 'jana@demo.cz', new Date(now.getTime() + 91 * 86_400_000))).toBe(false);
    const [payload] = token.split('.');
    // The cookie does not carry the e-mail, in any encoding.
    expect(Buffer.from(payload!, 'base64url').toString()).not.toContain('jana');
    expect(token).not.toContain('jana');
    const forged = `${Buffer.from(JSON.stringify({ a: 'x'.repeat(22), exp: now.getTime() + 1e9 })).toString('base64url')}.${token.split('.')[1]}`;
    expect(deviceIsTrusted(secret, forged, 'petr@demo.cz', now)).toBe(false);
    for (const bad of [undefined, '', payload, `${token}.x`, 'x'.repeat(2000)]) expect(deviceIsTrusted(secret, bad, 'jana@demo.cz', now)).toBe(false);
    // Not a JWT: the access-token verifier must never accept it.
    expect(() => jwt.verify(token, secret)).toThrow();
  });

  it('reads cookies and the addresses failures are counted for', () => {
    expect(cookieValue('a=1; lending_login_device=abc.def; b=2', DEVICE_COOKIE)).toBe('abc.def');
    expect(cookieValue(undefined, DEVICE_COOKIE)).toBeUndefined();
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(throttleAddress('2001:0db8:00aa:00bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});

describe('GET /api/v1/auth/me/', () => {
  it('returns the signed-in user with the Czech role label', async () => {
    const { access, email } = await ctx.login('ADMIN');
    const res = await ctx.http().get('/api/v1/auth/me/').set(bearer(access));
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
    const me = await ctx.http().get('/api/v1/auth/me/').set(bearer(refreshed.body.access));
    expect(me.status).toBe(200);

    const logout = await ctx.http().post('/api/v1/auth/logout/').set(bearer(access)).send({ refresh });
    expect(logout.status).toBe(204);
    const after = await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh });
    expect(after.status).toBe(401);
  });

  it('does not accept an access token or garbage as a refresh token', async () => {
    const { access } = await ctx.login('UNDERWRITER');
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh: access })).status).toBe(401);
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh: 'x' })).status).toBe(401);
    // Neither a body's token nor the session cookie: not signed in.
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({})).status).toBe(401);
  });

  it("cannot revoke another user's refresh token", async () => {
    const alice = await ctx.login('UNDERWRITER');
    const bob = await ctx.login('UNDERWRITER');
    const res = await ctx.http().post('/api/v1/auth/logout/').set(bearer(alice.access)).send({ refresh: bob.refresh });
    expect(res.status).toBe(400);
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send({ refresh: bob.refresh })).status).toBe(200);
  });
});

describe('the session cookie (ROLES.md §3)', () => {
  /** Logs in as a browser does and keeps the cookies the answers set (supertest's agent). */
  async function browserLogin(role: 'ADMIN' | 'ACCOUNTANT' = 'ACCOUNTANT') {
    const user = await ctx.login(role);
    const agent = request.agent(ctx.app);
    const login = await agent.post('/api/v1/auth/token/').send({ email: user.email, password: user.password });
    expect(login.status).toBe(200);
    return { agent, login, user };
  }

  it('the login sets the refresh token as an HttpOnly, SameSite=Strict cookie for /api/v1/auth/ only, with nothing personal in it', async () => {
    const { login, user } = await browserLogin();
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('lending_session='))!;
    expect(cookie).toMatch(/; Path=\/api\/v1\/auth\/;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=604800/);
    // Plain http here: not Secure (behind TLS, req.secure makes it Secure).
    expect(cookie).not.toContain('Secure');
    const value = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
    expect(value).toBe(login.body.refresh);
    const decoded = Buffer.concat(value.split('.').slice(0, 2).map((part) => Buffer.from(part, 'base64url'))).toString();
    expect(decoded).not.toContain(user.email);
    expect(decoded).not.toContain(user.email.split('@')[0]!);
  });

  it('a new tab (no token in its memory) gets an access token from the cookie alone, until logout revokes it and clears the cookie', async () => {
    const { agent } = await browserLogin();
    const refreshed = await agent.post('/api/v1/auth/token/refresh/').send();
    expect(refreshed.status, refreshed.text).toBe(200);
    expect((await ctx.http().get('/api/v1/auth/me/').set(bearer(refreshed.body.access))).status).toBe(200);

    const logout = await agent.post('/api/v1/auth/logout/').set(bearer(refreshed.body.access)).send();
    expect(logout.status).toBe(204);
    expect(logout.headers['set-cookie']?.[0]).toMatch(/^lending_session=;.*Expires=Thu, 01 Jan 1970/);
    // The revoked token does not come back even when a client still holds it.
    const cookieToken = (await agent.post('/api/v1/auth/token/refresh/').send()).status;
    expect(cookieToken).toBe(401);
  });

  it('a forged or missing session cookie is 401', async () => {
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').set('Cookie', 'lending_session=forged.token.value').send()).status).toBe(401);
    expect((await ctx.http().post('/api/v1/auth/token/refresh/').send()).status).toBe(401);
  });

  it('sign out everywhere revokes every session of the user and no one else’s', async () => {
    const first = await browserLogin('ADMIN');
    const second = request.agent(ctx.app);
    expect((await second.post('/api/v1/auth/token/').send({ email: first.user.email, password: first.user.password })).status).toBe(200);
    const other = await browserLogin('ADMIN');

    const res = await first.agent.post('/api/v1/auth/logout-all/').set(bearer(first.login.body.access)).send();
    expect(res.status).toBe(200);
    // ctx.login's own session, and the two browsers'.
    expect(res.body).toEqual({ revoked: 3 });
    expect((await second.post('/api/v1/auth/token/refresh/').send()).status).toBe(401);
    expect((await first.agent.post('/api/v1/auth/token/refresh/').send()).status).toBe(401);
    expect((await other.agent.post('/api/v1/auth/token/refresh/').send()).status).toBe(200);
    const audit = await ctx.deps.prisma.auditLog.findFirst({ where: { action: 'auth.logout_all', actorId: String((await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: first.user.email } })).id) } });
    expect(audit?.changes).toEqual({ revoked: 3 });
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
