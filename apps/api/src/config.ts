import path from 'node:path';
import { z } from 'zod';
import { czechIban, parseCzechAccount, parseIban } from '@lending/contracts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The demo administrator's password: public (README), so never accepted in production. */
export const DEMO_PASSWORD = 'Demo-heslo-2026';

// Development and test get a working product with no settings: demo data, a demo administrator
// and the built-in sandboxes of the outside services. Production gets none of these by default:
// each sandbox must be chosen explicitly, and staff accounts come from `pnpm cli create-user`.
const DEVELOPMENT_DEFAULTS: Record<string, string> = {
  ADMIN_EMAIL: 'admin@demo.cz',
  ADMIN_PASSWORD: DEMO_PASSWORD,
  SEED_DEMO_DATA: 'true',
  COMPANY_REGISTER: 'sandbox',
  ADDRESS_PROVIDER: 'bundled',
  BANK_STATEMENT_ANALYSIS: 'sandbox',
  BANK_CONNECTION_PROVIDER: 'sandbox',
  SCREENING_PROVIDER: 'sandbox',
  SMS_PROVIDER: 'sandbox',
  SLACK_PROVIDER: 'sandbox',
  MAIL_PRINT_PROVIDER: 'sandbox',
  CADASTRE_PROVIDER: 'sandbox',
  // A made-up account at Komerční banka that passes the checks (payment orders in development).
  LENDER_ACCOUNT: '2001234561/0100',
  LENDER_IBAN: 'CZ4101000000002001234561',
  LENDER_BIC: 'KOMBCZPP',
};
/** Outside services a production deployment must choose (a sandbox only by saying so). */
const PRODUCTION_CHOICES = ['COMPANY_REGISTER', 'ADDRESS_PROVIDER', 'BANK_STATEMENT_ANALYSIS', 'BANK_CONNECTION_PROVIDER', 'SCREENING_PROVIDER', 'EMAIL_PROVIDER', 'SMS_PROVIDER', 'SLACK_PROVIDER', 'MAIL_PRINT_PROVIDER', 'CADASTRE_PROVIDER'] as const;
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  // A streaming replica of DATABASE_URL's database: reports, exports and dashboard aggregates
  // read from it (src/db/read-replica.ts), the primary when it lags more than
  // DATABASE_READ_MAX_LAG_SECONDS behind, is down or is no standby.
  DATABASE_READ_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_READ_MAX_LAG_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(30)),
  // The administrator created at start when missing (none when unset: production's default).
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  CRM_WEBHOOK_USER: z.string().min(1).default('pipedrive'),
  CRM_WEBHOOK_PASSWORD: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  // Company register (IČO lookups): the built-in sandbox, or ARES's public REST API.
  COMPANY_REGISTER: z.enum(['sandbox', 'ares']),
  ARES_URL: z.url().default('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest'),
  // Address whisperer: the bundled Czech address list, or SmartForm's web service.
  ADDRESS_PROVIDER: z.enum(['bundled', 'smartform']),
  SMARTFORM_URL: z.url().default('https://secure.smartform.cz/smartform-ws/oracle/v10'),
  SMARTFORM_CLIENT_ID: optionalString,
  SMARTFORM_PASSWORD: optionalString,
  // Where applicants come back to (links in e-mails, bank-connection returns).
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  // Uploaded files: a directory under DATA_DIR, or an S3-compatible bucket (all S3_* then required).
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // Bank-statement analysis: the sandbox reads text PDFs itself; 'http' posts them to a service.
  BANK_STATEMENT_ANALYSIS: z.enum(['sandbox', 'http']),
  BANK_STATEMENT_ANALYSIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  BANK_STATEMENT_ANALYSIS_API_KEY: optionalString,
  // Online bank-account connection: our own sandbox page (mounted only then), or none (applicants
  // upload statements as files).
  BANK_CONNECTION_PROVIDER: z.enum(['sandbox', 'none']),
  // Screenings of persons (ISIR, ISPIS, MVČR, RŽP, ZOBI, bank statements, scoring): the built-in
  // sandbox, or a JSON gateway (docs/decisions/*-screenings-and-jobs.md describes its contract).
  SCREENING_PROVIDER: z.enum(['sandbox', 'http']),
  SCREENING_HTTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SCREENING_HTTP_TOKEN: optionalString,
  SCREENING_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  // Name of the lender printed in the header of screening reports.
  LENDER_NAME: z.string().min(1).default('Půjčka online s.r.o.'),
  // The lender's registered address under its name on letters to debtors (claims statements).
  LENDER_ADDRESS: optionalString,
  // The lender's own account that payment orders of purpose drawings debit (ADR 0027): the
  // Czech number (ABO), its IBAN and the bank's BIC (pain.001). Unset: no payment orders.
  LENDER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => { const parsed = parseCzechAccount(v); return parsed !== null && 'account' in parsed; }, 'expected a Czech account number prefix-number/bank code with valid check digits, e.g. 2001234561/0100')
      .optional(),
  ),
  LENDER_IBAN: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '').toUpperCase() || undefined : v),
    z.string().refine((v) => v.startsWith('CZ') && 'iban' in parseIban(v), 'expected a valid Czech IBAN, e.g. CZ4101000000002001234561').optional(),
  ),
  LENDER_BIC: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/, 'expected a BIC of 8 or 11 characters, e.g. KOMBCZPP').optional()),
  // Background jobs (graphile-worker on our PostgreSQL, docs/decisions/0013-job-queue.md):
  // 'false' runs an API replica without a worker (and without the recurring jobs).
  JOB_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  // New jobs wake the workers at once (LISTEN/NOTIFY); polling finds retries that come due.
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  // One run of a job calling the outside world is abandoned (and retried) after this long.
  JOB_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  // Outbox e-mails: `smtp` sends them over SMTP_URL (smtp://user:pass@host:587, smtps://…:465)
  // from MAIL_FROM; `sandbox` keeps them in the outbox marked as sandbox mails, never sent.
  // Development picks smtp when SMTP_URL is set.
  EMAIL_PROVIDER: z.enum(['smtp', 'sandbox']),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/, error: 'expected smtp://… or smtps://…' }).optional()),
  MAIL_FROM: optionalString,
  // Text messages: `http` posts them as JSON to a gateway (SMS_GATEWAY_URL, Bearer SMS_GATEWAY_TOKEN,
  // src/integrations/sms); `sandbox` keeps them unsent.
  SMS_PROVIDER: z.enum(['http', 'sandbox']),
  SMS_GATEWAY_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMS_GATEWAY_TOKEN: optionalString,
  // The alphanumeric sender the recipient sees (operators take at most 11 characters); unset:
  // the gateway account's own.
  SMS_SENDER: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^[A-Za-z0-9 .-]{1,11}$/, 'expected an alphanumeric sender id of at most 11 characters (A–Z, 0–9, space, . -), e.g. PujckaCZ').optional(),
  ),
  // 'true' sends Czech diacritics (UCS-2: 70 characters an SMS instead of 160); by default they are stripped.
  SMS_UNICODE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Staff notifications in Slack: `webhook` posts to an incoming webhook (SLACK_WEBHOOK_URL, a
  // secret); `sandbox` posts nothing.
  SLACK_PROVIDER: z.enum(['webhook', 'sandbox']),
  SLACK_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  // Paper letters: `batch` writes them into the daily print batch for the post office;
  // `sandbox` keeps them in the outbox.
  MAIL_PRINT_PROVIDER: z.enum(['batch', 'sandbox']),
  // Cadastre of real estate (title deeds, src/integrations/cadastre): the built-in sandbox, or
  // ČÚZK's paid web services WSDP (SOAP; WSDP_USERNAME and WSDP_PASSWORD of the lender's account).
  CADASTRE_PROVIDER: z.enum(['sandbox', 'wsdp']),
  // Base of the WSDP services ({WSDP_URL}/sestavy, {WSDP_URL}/ciselnik), as ČÚZK's WSDL v2.8 names it.
  WSDP_URL: z.url().default('https://katastr.cuzk.cz/ws/wsdp/2.8'),
  // The lender's WSDP account name (required with CADASTRE_PROVIDER=wsdp).
  WSDP_USERNAME: optionalString,
  // Its password, a secret: sent only in the WS-Security header, never logged.
  WSDP_PASSWORD: optionalString,
  // One price, extract order or codebook call to the cadastre (report polling included) is abandoned after this long.
  CADASTRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  // The collateral watch orders a fresh extract of each watched realty's LV every this many days.
  CADASTRE_WATCH_INTERVAL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // What one run of the collateral watch may spend on extracts (Kč); 0 orders none.
  CADASTRE_WATCH_BUDGET: z.coerce.number().int().min(0).default(5_000),
  // The hour (Prague, 0–23) from which the daily collections job sends the notices the close of
  // business prepared and writes the day's print batch (docs/decisions/0048).
  NOTICE_SEND_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  // A breach beginning on a deal of at least this principal (Kč) is announced on Slack.
  SLACK_BREACH_ALERT_AMOUNT: z.coerce.number().int().min(0).default(500_000),
  // Multiplies every public rate limit (load tests and the test suite raise it).
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  // Extra origins for the Content-Security-Policy when the portal is built with third-party
  // telemetry (VITE_GTM_ID, VITE_ERROR_REPORTING_URL): comma-separated, e.g. https://www.googletagmanager.com
  CSP_SCRIPT_SRC: z.string().default('').transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  CSP_CONNECT_SRC: z.string().default('').transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  // Schema engine of `prisma migrate deploy` at start: the offline wasm stand-in, or Prisma's own
  // native engine (downloaded by the CLI). tools/prisma-engine/prisma.mjs reads it from the
  // environment the API hands on; it is checked here so that a typo stops the start at once.
  PRISMA_SCHEMA_ENGINE: z.enum(['wasm', 'native']).default('wasm'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Tests of the first start only: the demo book's number of deals (default 1,500), so a test
  // seeds in seconds what a real first start seeds in minutes. Not documented for operators.
  SEED_DEMO_DEALS: z.coerce.number().int().min(1).max(5_000).optional(),
  // How long a shutdown waits for requests in flight (and running jobs) before cutting them off.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR'> & {
  DATA_DIR: string;
  /** Root of the repository: prisma/, apps/*\/dist are found from here. */
  ROOT_DIR: string;
};

/** Parses the environment once; nothing else in the API reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = defaultRootDir()): Config {
  const production = env.NODE_ENV === 'production';
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const withDefaults = production ? env : { ...DEVELOPMENT_DEFAULTS, EMAIL_PROVIDER: given.SMTP_URL ? 'smtp' : 'sandbox', ...given };
  const parsed = configSchema
    .refine((c) => c.EMAIL_PROVIDER !== 'smtp' || c.SMTP_URL, { path: ['SMTP_URL'], message: 'required with EMAIL_PROVIDER=smtp' })
    .refine((c) => c.EMAIL_PROVIDER !== 'smtp' || c.MAIL_FROM, { path: ['MAIL_FROM'], message: 'required with SMTP_URL (e.g. "Půjčka online <info@example.cz>")' })
    .refine((c) => c.SMS_PROVIDER !== 'http' || c.SMS_GATEWAY_URL, { path: ['SMS_GATEWAY_URL'], message: 'required with SMS_PROVIDER=http' })
    .refine((c) => c.SLACK_PROVIDER !== 'webhook' || c.SLACK_WEBHOOK_URL, { path: ['SLACK_WEBHOOK_URL'], message: 'required with SLACK_PROVIDER=webhook' })
    .refine((c) => c.CADASTRE_PROVIDER !== 'wsdp' || c.WSDP_USERNAME, { path: ['WSDP_USERNAME'], message: 'required with CADASTRE_PROVIDER=wsdp' })
    .refine((c) => c.CADASTRE_PROVIDER !== 'wsdp' || c.WSDP_PASSWORD, { path: ['WSDP_PASSWORD'], message: 'required with CADASTRE_PROVIDER=wsdp' })
    .safeParse(withDefaults);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${production && PRODUCTION_CHOICES.includes(i.path[0] as never) && !env[String(i.path[0])] ? `required in production (choose one of its values; a sandbox only explicitly)` : i.message}`);
  if (parsed.success && production) {
    if (parsed.data.ADMIN_PASSWORD === DEMO_PASSWORD) problems.push('  ADMIN_PASSWORD: the public demo password is not allowed in production');
    if (parsed.data.ADMIN_PASSWORD && parsed.data.ADMIN_PASSWORD.length < 12) problems.push('  ADMIN_PASSWORD: at least 12 characters in production');
  }
  if (parsed.success && Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    problems.push('  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  }
  if (parsed.success) problems.push(...lenderAccountProblems(parsed.data));
  if (!parsed.success || problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(rootDir, parsed.data.DATA_DIR),
    ROOT_DIR: rootDir,
  };
}

/** The three describe one account: all or none, and the IBAN is the Czech number's own. */
function lenderAccountProblems(c: { LENDER_ACCOUNT?: string; LENDER_IBAN?: string; LENDER_BIC?: string }): string[] {
  const given = [c.LENDER_ACCOUNT, c.LENDER_IBAN, c.LENDER_BIC].filter(Boolean).length;
  if (given !== 0 && given !== 3) return ['  LENDER_ACCOUNT, LENDER_IBAN, LENDER_BIC: set all three or none'];
  if (given === 3) {
    const parsed = parseCzechAccount(c.LENDER_ACCOUNT!);
    if (parsed && 'account' in parsed && czechIban(parsed.account) !== c.LENDER_IBAN) {
      return [`  LENDER_IBAN: is not the IBAN of LENDER_ACCOUNT ${c.LENDER_ACCOUNT} (${czechIban(parsed.account)})`];
    }
  }
  return [];
}

export function defaultRootDir(): string {
  return path.resolve(import.meta.dirname, '../../..');
}
