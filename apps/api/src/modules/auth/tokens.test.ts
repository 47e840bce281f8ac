import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signAccessToken, signRefreshToken, verifyToken } from './tokens.ts';

// Tokens are signed and verified with a KeyObject made once per secret (speed); they must stay
// the same HS256 tokens, so those issued before the change, and by other replicas, still verify.
const secret = 'tajemstvi-pro-podpis-tokenu-0123456789abcdef';

describe('staff tokens', () => {
  it('verify tokens signed with the secret as a plain string, and the other way round', () => {
    const legacy = jwt.sign({ type: 'access', role: 'ADMIN' }, secret, { algorithm: 'HS256', expiresIn: 900, subject: '7', issuer: 'lending-api' });
    expect(verifyToken(secret, legacy, 'access')).toMatchObject({ sub: '7', type: 'access', role: 'ADMIN' });
    const current = signAccessToken(secret, { id: 8, role: 'VIEWER' });
    expect(jwt.verify(current, secret, { algorithms: ['HS256'], issuer: 'lending-api' })).toMatchObject({ sub: '8', role: 'VIEWER' });
  });

  it('refuse another secret, another type, another algorithm and an expired token', () => {
    const access = signAccessToken(secret, { id: 9, role: 'ADMIN' });
    expect(verifyToken(`${secret}x`, access, 'access')).toBeNull();
    expect(verifyToken(secret, access, 'refresh')).toBeNull();
    expect(verifyToken(secret, signRefreshToken(secret, { id: 9 }, 'jti-1'), 'access')).toBeNull();
    const none = jwt.sign({ type: 'access' }, '', { algorithm: 'none', subject: '9', issuer: 'lending-api' });
    expect(verifyToken(secret, none, 'access')).toBeNull();
    const expired = jwt.sign({ type: 'access', exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256', subject: '9', issuer: 'lending-api' });
    expect(verifyToken(secret, expired, 'access')).toBeNull();
  });
});
