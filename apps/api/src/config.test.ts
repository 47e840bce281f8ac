import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: '/srv/app/.data', ADMIN_EMAIL: 'admin@demo.cz' });
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' }, '/srv').DATABASE_URL).toBeUndefined();
  });
  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', ADMIN_EMAIL: 'nope', JWT_SECRET: 'short' }, '/srv')).toThrow(/PORT[\s\S]*ADMIN_EMAIL[\s\S]*JWT_SECRET/);
  });
  it('sends e-mail only with an smtp(s):// SMTP_URL and a MAIL_FROM; the sandbox otherwise', () => {
    expect(loadConfig({}, '/srv').SMTP_URL).toBeUndefined();
    const c = loadConfig({ SMTP_URL: 'smtps://uver:heslo@smtp.example.cz:465', MAIL_FROM: 'Půjčka online <info@example.cz>' }, '/srv');
    expect(c).toMatchObject({ SMTP_URL: 'smtps://uver:heslo@smtp.example.cz:465', MAIL_FROM: 'Půjčka online <info@example.cz>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.cz:587' }, '/srv')).toThrow(/MAIL_FROM: required with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.cz', MAIL_FROM: 'info@example.cz' }, '/srv')).toThrow(/SMTP_URL: expected smtp/);
  });
});
