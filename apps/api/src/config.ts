import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  ADMIN_EMAIL: z.email().default('admin@demo.cz'),
  ADMIN_PASSWORD: z.string().min(8).default('Demo-heslo-2026'),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  CRM_WEBHOOK_USER: z.string().min(1).default('pipedrive'),
  CRM_WEBHOOK_PASSWORD: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  // Company register (IČO lookups): the built-in sandbox, or ARES's public REST API.
  COMPANY_REGISTER: z.enum(['sandbox', 'ares']).default('sandbox'),
  ARES_URL: z.url().default('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest'),
  // Address whisperer: the bundled Czech address list, or SmartForm's web service.
  ADDRESS_PROVIDER: z.enum(['bundled', 'smartform']).default('bundled'),
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
  BANK_STATEMENT_ANALYSIS: z.enum(['sandbox', 'http']).default('sandbox'),
  BANK_STATEMENT_ANALYSIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  BANK_STATEMENT_ANALYSIS_API_KEY: optionalString,
  // Online bank-account connection: only our own sandbox page so far.
  BANK_CONNECTION_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  // Screenings of persons (ISIR, ISPIS, MVČR, RŽP, ZOBI, bank statements, scoring): the built-in
  // sandbox, or a JSON gateway (docs/decisions/*-screenings-and-jobs.md describes its contract).
  SCREENING_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  SCREENING_HTTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SCREENING_HTTP_TOKEN: optionalString,
  SCREENING_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  // Name of the lender printed in the header of screening reports.
  LENDER_NAME: z.string().min(1).default('Půjčka online s.r.o.'),
  // Background jobs (PostgreSQL-backed queue): 'false' runs an API replica without a worker.
  JOB_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  // One run of a job is abandoned (and retried) after this long.
  JOB_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  // First retry delay; doubled for each further attempt.
  JOB_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  // A job IN_PROGRESS whose worker has not reported for this long is taken as crashed.
  JOB_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
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
    .default('true')
    .transform((v) => v === 'true'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR'> & {
  DATA_DIR: string;
  /** Root of the repository: prisma/, apps/*\/dist are found from here. */
  ROOT_DIR: string;
};

/** Parses the environment once; nothing else in the API reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = defaultRootDir()): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(rootDir, parsed.data.DATA_DIR),
    ROOT_DIR: rootDir,
  };
}

export function defaultRootDir(): string {
  return path.resolve(import.meta.dirname, '../../..');
}
