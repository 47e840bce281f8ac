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
  SMS_PROVIDER: 'http',
  SMS_GATEWAY_URL: 'https://sms.example.cz/api/messages',
  SLACK_PROVIDER: 'webhook',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/XXXX',
  MAIL_PRINT_PROVIDER: 'batch',
  CADASTRE_PROVIDER: 'wsdp',
  WSDP_USERNAME: 'WSUVER01',
  WSDP_PASSWORD: 'tajne-heslo',
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
  it('reads from a replica only when DATABASE_READ_URL is set, by default at most 30 s behind', () => {
    const c = loadConfig({}, '/srv');
    expect(c.DATABASE_READ_URL).toBeUndefined();
    expect(c.DATABASE_READ_MAX_LAG_SECONDS).toBe(30);
    // Production passes empty variables on as they are: still unset, still the default.
    const empty = loadConfig({ ...PRODUCTION_CHOICES, DATABASE_READ_URL: '', DATABASE_READ_MAX_LAG_SECONDS: '' }, '/srv');
    expect(empty).toMatchObject({ DATABASE_READ_MAX_LAG_SECONDS: 30 });
    expect(empty.DATABASE_READ_URL).toBeUndefined();
    const set = loadConfig({ DATABASE_READ_URL: 'postgresql://reports:heslo@db-replica:5432/lending', DATABASE_READ_MAX_LAG_SECONDS: '0' }, '/srv');
    expect(set).toMatchObject({ DATABASE_READ_URL: 'postgresql://reports:heslo@db-replica:5432/lending', DATABASE_READ_MAX_LAG_SECONDS: 0 });
    expect(() => loadConfig({ DATABASE_READ_URL: 'db-replica' }, '/srv')).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_SECONDS: '-1' }, '/srv')).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_SECONDS: '2.5' }, '/srv')).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
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
  it('sends SMS and Slack messages only when their provider is chosen with its URL; SMS strip diacritics by default', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({ SMS_PROVIDER: 'sandbox', SLACK_PROVIDER: 'sandbox', MAIL_PRINT_PROVIDER: 'sandbox', SMS_UNICODE: false, SMS_TIMEOUT_MS: 10_000 });
    expect(c.SMS_GATEWAY_URL).toBeUndefined();
    expect(c.SLACK_WEBHOOK_URL).toBeUndefined();
    // Unlike SMTP_URL, a URL alone does not switch the provider on.
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.cz/api/messages' }, '/srv').SMS_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ SMS_PROVIDER: 'http' }, '/srv')).toThrow(/SMS_GATEWAY_URL: required with SMS_PROVIDER=http/);
    expect(() => loadConfig({ SLACK_PROVIDER: 'webhook' }, '/srv')).toThrow(/SLACK_WEBHOOK_URL: required with SLACK_PROVIDER=webhook/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'sms.example.cz' }, '/srv')).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'smsbrana' }, '/srv')).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ MAIL_PRINT_PROVIDER: 'posta' }, '/srv')).toThrow(/MAIL_PRINT_PROVIDER/);
    const sms = loadConfig({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'https://sms.example.cz/api/messages', SMS_GATEWAY_TOKEN: 'tajne', SMS_SENDER: 'PujckaCZ', SMS_UNICODE: 'true', SMS_TIMEOUT_MS: '2500' }, '/srv');
    expect(sms).toMatchObject({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'https://sms.example.cz/api/messages', SMS_GATEWAY_TOKEN: 'tajne', SMS_SENDER: 'PujckaCZ', SMS_UNICODE: true, SMS_TIMEOUT_MS: 2500 });
    expect(() => loadConfig({ SMS_SENDER: 'PujckaOnline' }, '/srv')).toThrow(/SMS_SENDER: expected an alphanumeric sender id of at most 11 characters/);
    expect(() => loadConfig({ SMS_SENDER: 'Půjčka' }, '/srv')).toThrow(/SMS_SENDER/);
    expect(() => loadConfig({ SMS_UNICODE: 'yes' }, '/srv')).toThrow(/SMS_UNICODE/);
    const slack = loadConfig({ SLACK_PROVIDER: 'webhook', SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/XXXX' }, '/srv');
    expect(slack).toMatchObject({ SLACK_PROVIDER: 'webhook', SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/XXXX' });
  });
  it('orders title deeds from the sandbox cadastre by default, from WSDP only with its account', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({ CADASTRE_PROVIDER: 'sandbox', WSDP_URL: 'https://katastr.cuzk.cz/ws/wsdp/2.8', CADASTRE_TIMEOUT_MS: 60_000, CADASTRE_WATCH_INTERVAL_DAYS: 30, CADASTRE_WATCH_BUDGET: 5_000 });
    expect(c.WSDP_USERNAME).toBeUndefined();
    expect(c.WSDP_PASSWORD).toBeUndefined();
    // Credentials alone do not switch the provider on.
    expect(loadConfig({ WSDP_USERNAME: 'WSUVER01', WSDP_PASSWORD: 'tajne' }, '/srv').CADASTRE_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ CADASTRE_PROVIDER: 'wsdp' }, '/srv')).toThrow(/WSDP_USERNAME: required with CADASTRE_PROVIDER=wsdp[\s\S]*WSDP_PASSWORD: required with CADASTRE_PROVIDER=wsdp/);
    expect(() => loadConfig({ CADASTRE_PROVIDER: 'wsdp', WSDP_USERNAME: 'WSUVER01' }, '/srv')).toThrow(/WSDP_PASSWORD: required with CADASTRE_PROVIDER=wsdp/);
    expect(() => loadConfig({ CADASTRE_PROVIDER: 'cuzk' }, '/srv')).toThrow(/CADASTRE_PROVIDER/);
    const wsdp = loadConfig({ CADASTRE_PROVIDER: 'wsdp', WSDP_URL: 'https://wsdptrial.example.cz/trial/ws/wsdp/2.8', WSDP_USERNAME: 'WSUVER01', WSDP_PASSWORD: 'tajne', CADASTRE_TIMEOUT_MS: '30000', CADASTRE_WATCH_INTERVAL_DAYS: '7', CADASTRE_WATCH_BUDGET: '0' }, '/srv');
    expect(wsdp).toMatchObject({ CADASTRE_PROVIDER: 'wsdp', WSDP_URL: 'https://wsdptrial.example.cz/trial/ws/wsdp/2.8', WSDP_USERNAME: 'WSUVER01', WSDP_PASSWORD: 'tajne', CADASTRE_TIMEOUT_MS: 30_000, CADASTRE_WATCH_INTERVAL_DAYS: 7, CADASTRE_WATCH_BUDGET: 0 });
    expect(() => loadConfig({ WSDP_URL: 'katastr.cuzk.cz' }, '/srv')).toThrow(/WSDP_URL/);
    for (const days of ['0', '366', '1.5']) expect(() => loadConfig({ CADASTRE_WATCH_INTERVAL_DAYS: days }, '/srv'), days).toThrow(/CADASTRE_WATCH_INTERVAL_DAYS/);
    for (const budget of ['-1', '100.5', 'hodne']) expect(() => loadConfig({ CADASTRE_WATCH_BUDGET: budget }, '/srv'), budget).toThrow(/CADASTRE_WATCH_BUDGET/);
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
    expect(c).toMatchObject({ SEED_DEMO_DATA: true, ADMIN_PASSWORD: DEMO_PASSWORD, COMPANY_REGISTER: 'sandbox', ADDRESS_PROVIDER: 'bundled', BANK_CONNECTION_PROVIDER: 'sandbox', SCREENING_PROVIDER: 'sandbox', BANK_STATEMENT_ANALYSIS: 'sandbox', EMAIL_PROVIDER: 'sandbox', SMS_PROVIDER: 'sandbox', SLACK_PROVIDER: 'sandbox', MAIL_PRINT_PROVIDER: 'sandbox', CADASTRE_PROVIDER: 'sandbox' });
  });
});

describe('config in production (NODE_ENV=production)', () => {
  it('refuses to start until each outside service is chosen, naming every one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, '/srv')).toThrow(
      /COMPANY_REGISTER: required in production[\s\S]*ADDRESS_PROVIDER: required[\s\S]*BANK_STATEMENT_ANALYSIS: required[\s\S]*BANK_CONNECTION_PROVIDER: required[\s\S]*SCREENING_PROVIDER: required[\s\S]*EMAIL_PROVIDER: required[\s\S]*SMS_PROVIDER: required in production[\s\S]*SLACK_PROVIDER: required in production[\s\S]*MAIL_PRINT_PROVIDER: required in production[\s\S]*CADASTRE_PROVIDER: required in production/,
    );
    // Each of them alone, too: the others chosen, one missing.
    for (const name of ['SMS_PROVIDER', 'SLACK_PROVIDER', 'MAIL_PRINT_PROVIDER', 'CADASTRE_PROVIDER'] as const) {
      const { [name]: _missing, ...rest } = PRODUCTION_CHOICES;
      expect(() => loadConfig(rest, '/srv'), name).toThrow(new RegExp(`Invalid configuration:\\n  ${name}: required in production \\(choose one of its values; a sandbox only explicitly\\)$`));
    }
  });
  it('wants the URL of a real SMS gateway and Slack webhook in production too', () => {
    expect(loadConfig(PRODUCTION_CHOICES, '/srv')).toMatchObject({ SMS_PROVIDER: 'http', SLACK_PROVIDER: 'webhook', MAIL_PRINT_PROVIDER: 'batch' });
    expect(() => loadConfig({ ...PRODUCTION_CHOICES, SMS_GATEWAY_URL: '', SLACK_WEBHOOK_URL: '' }, '/srv')).toThrow(/SMS_GATEWAY_URL: required with SMS_PROVIDER=http[\s\S]*SLACK_WEBHOOK_URL: required with SLACK_PROVIDER=webhook/);
  });
  it('wants the WSDP account with the real cadastre in production too', () => {
    expect(loadConfig(PRODUCTION_CHOICES, '/srv')).toMatchObject({ CADASTRE_PROVIDER: 'wsdp', WSDP_USERNAME: 'WSUVER01' });
    expect(() => loadConfig({ ...PRODUCTION_CHOICES, WSDP_USERNAME: '', WSDP_PASSWORD: '' }, '/srv')).toThrow(/WSDP_USERNAME: required with CADASTRE_PROVIDER=wsdp[\s\S]*WSDP_PASSWORD: required with CADASTRE_PROVIDER=wsdp/);
    expect(loadConfig({ ...PRODUCTION_CHOICES, CADASTRE_PROVIDER: 'sandbox', WSDP_USERNAME: '', WSDP_PASSWORD: '' }, '/srv').CADASTRE_PROVIDER).toBe('sandbox');
  });
  it('takes a sandbox when it is chosen explicitly', () => {
    expect(loadConfig({ ...PRODUCTION_CHOICES, SCREENING_PROVIDER: 'sandbox' }, '/srv').SCREENING_PROVIDER).toBe('sandbox');
    expect(loadConfig({ ...PRODUCTION_CHOICES, SMS_PROVIDER: 'sandbox', SLACK_PROVIDER: 'sandbox', MAIL_PRINT_PROVIDER: 'sandbox' }, '/srv')).toMatchObject({ SMS_PROVIDER: 'sandbox', SLACK_PROVIDER: 'sandbox', MAIL_PRINT_PROVIDER: 'sandbox' });
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
