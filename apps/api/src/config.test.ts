import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loadConfig } from './config.ts';

const PRODUCTION_CHOICES = {
  NODE_ENV: 'production',
  COMPANY_REGISTER: 'ares',
  ADDRESS_PROVIDER: 'smartform',
  BANK_STATEMENT_ANALYSIS: 'http',
  BANK_CONNECTION_PROVIDER: 'none',
  SCREENING_PROVIDER: 'http',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://uver:heslo@smtp.example.cz:465',
  MAIL_FROM: 'Půjčka online <info@example.cz>',
};

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
    expect(loadConfig({}, '/srv').EMAIL_PROVIDER).toBe('sandbox');
    expect(loadConfig({ SMTP_URL: 'smtp://smtp.example.cz:587', MAIL_FROM: 'info@example.cz' }, '/srv').EMAIL_PROVIDER).toBe('smtp');
    const c = loadConfig({ SMTP_URL: 'smtps://uver:heslo@smtp.example.cz:465', MAIL_FROM: 'Půjčka online <info@example.cz>' }, '/srv');
    expect(c).toMatchObject({ SMTP_URL: 'smtps://uver:heslo@smtp.example.cz:465', MAIL_FROM: 'Půjčka online <info@example.cz>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.cz:587' }, '/srv')).toThrow(/MAIL_FROM: required with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.cz', MAIL_FROM: 'info@example.cz' }, '/srv')).toThrow(/SMTP_URL: expected smtp/);
  });
  it('works out of the box in development: demo data, the demo administrator, every sandbox', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({ SEED_DEMO_DATA: true, ADMIN_PASSWORD: DEMO_PASSWORD, COMPANY_REGISTER: 'sandbox', ADDRESS_PROVIDER: 'bundled', BANK_CONNECTION_PROVIDER: 'sandbox', SCREENING_PROVIDER: 'sandbox', BANK_STATEMENT_ANALYSIS: 'sandbox' });
  });
});

describe('config in production (NODE_ENV=production)', () => {
  it('refuses to start until each outside service is chosen, naming every one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, '/srv')).toThrow(
      /COMPANY_REGISTER: required in production[\s\S]*ADDRESS_PROVIDER: required[\s\S]*BANK_STATEMENT_ANALYSIS: required[\s\S]*BANK_CONNECTION_PROVIDER: required[\s\S]*SCREENING_PROVIDER: required[\s\S]*EMAIL_PROVIDER: required/,
    );
  });
  it('takes a sandbox when it is chosen explicitly', () => {
    expect(loadConfig({ ...PRODUCTION_CHOICES, SCREENING_PROVIDER: 'sandbox' }, '/srv').SCREENING_PROVIDER).toBe('sandbox');
  });
  it('seeds no demo data and creates no administrator by default', () => {
    const c = loadConfig(PRODUCTION_CHOICES, '/srv');
    expect(c.SEED_DEMO_DATA).toBe(false);
    expect(c.ADMIN_EMAIL).toBeUndefined();
    expect(c.ADMIN_PASSWORD).toBeUndefined();
  });
  it('refuses the public demo password and short passwords', () => {
    expect(() => loadConfig({ ...PRODUCTION_CHOICES, ADMIN_EMAIL: 'spravce@uver.cz', ADMIN_PASSWORD: DEMO_PASSWORD }, '/srv')).toThrow(/public demo password/);
    expect(() => loadConfig({ ...PRODUCTION_CHOICES, ADMIN_EMAIL: 'spravce@uver.cz', ADMIN_PASSWORD: 'kratkeheslo' }, '/srv')).toThrow(/at least 12/);
    expect(loadConfig({ ...PRODUCTION_CHOICES, ADMIN_EMAIL: 'spravce@uver.cz', ADMIN_PASSWORD: 'dlouhe-tajne-heslo-7' }, '/srv').ADMIN_EMAIL).toBe('spravce@uver.cz');
  });
  it('wants the administrator e-mail and password together', () => {
    expect(() => loadConfig({ ...PRODUCTION_CHOICES, ADMIN_EMAIL: 'spravce@uver.cz' }, '/srv')).toThrow(/set both or neither/);
  });
});
