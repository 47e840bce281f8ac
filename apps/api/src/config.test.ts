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
  it('takes the lender account of payment orders as one checked triple: development has a demo one, production none', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({ LENDER_ACCOUNT: '2001234561/0100', LENDER_IBAN: 'CZ4101000000002001234561', LENDER_BIC: 'KOMBCZPP' });
    expect(loadConfig(PRODUCTION_CHOICES, '/srv').LENDER_ACCOUNT).toBeUndefined();
    const own = { LENDER_ACCOUNT: '19-2000145399/0800', LENDER_IBAN: 'cz65 0800 0000 1920 0014 5399', LENDER_BIC: 'GIBACZPX' };
    expect(loadConfig({ ...PRODUCTION_CHOICES, ...own }, '/srv')).toMatchObject({ ...own, LENDER_IBAN: 'CZ6508000000192000145399' });
    expect(() => loadConfig({ ...PRODUCTION_CHOICES, LENDER_ACCOUNT: '19-2000145399/0800' }, '/srv')).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...own, LENDER_ACCOUNT: '2001234561/0100' }, '/srv')).toThrow(/LENDER_IBAN: is not the IBAN of LENDER_ACCOUNT 2001234561\/0100 \(CZ4101000000002001234561\)/);
    expect(() => loadConfig({ ...own, LENDER_ACCOUNT: '2001234562/0100', LENDER_BIC: 'kb' }, '/srv')).toThrow(/LENDER_ACCOUNT: expected a Czech account[\s\S]*LENDER_BIC: expected a BIC/);
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
