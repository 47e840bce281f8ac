// Operator commands: pnpm cli <command> [...]. Uses DATABASE_URL, or the embedded PostgreSQL
// in DATA_DIR (the running product's, or started just for the command).
import path from 'node:path';
import readline from 'node:readline';
import { ApiKeyOwner, StaffRole, type CloseOfBusinessRun } from '@lending/contracts';
import { loadConfig } from './config.ts';
import { EMBEDDED_DATABASE, ensureDatabase, runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateDeploy } from './db/migrate.ts';
import { connectDatabase } from './db/prisma.ts';
import { createLogger } from './logger.ts';
import { createApiKey } from './modules/api-keys/create-api-key.ts';
import { addRepoRate } from './modules/close-of-business/add-repo-rate.ts';
import { dateToCloseAt } from './modules/close-of-business/catch-up-close-of-business.ts';
import { runCloseOfBusiness } from './modules/close-of-business/run-close-of-business.ts';
import { systemActor } from './domain/actor.ts';
import { DomainError } from './domain/errors.ts';
import { revokeApiKey } from './modules/api-keys/revoke-api-key.ts';
import { createStaffUser } from './modules/users/create-staff-user.ts';

const USAGE = `Usage:
  pnpm cli create-user <email> <role>        role: ${StaffRole.values.join(', ')}
                                              password from CLI_USER_PASSWORD or asked for
  pnpm cli create-api-key <owner> [name]      owner: ${ApiKeyOwner.values.join(', ')}
                                              prints only the key on stdout
  pnpm cli revoke-api-key <prefix>
  pnpm cli close-of-business [YYYY-MM-DD]     closes the business date (default: yesterday in Prague) and
                                              any missed before it; an earlier date is closed again
  pnpm cli add-repo-rate <YYYY-MM-DD> <rate> [source]
                                              a ČNB two-week repo rate (per cent p.a.) valid from the day`;

/** Who the audit log says acted: the operator's command line. */
const cli = systemActor('cli');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    output._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stderr.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(env: NodeJS.ProcessEnv): Promise<string> {
  if (env.CLI_USER_PASSWORD) return env.CLI_USER_PASSWORD;
  if (!process.stdin.isTTY) {
    // Piped: the first line of stdin is the password.
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    fail('No password given: set CLI_USER_PASSWORD or pipe it on stdin.');
  }
  const first = await askHidden('Heslo: ');
  const second = await askHidden('Heslo znovu: ');
  if (first !== second) fail('The passwords differ.');
  return first;
}

/** The runs of a close of business as a plain-text table, one business date a line. */
function closeOfBusinessTable(runs: CloseOfBusinessRun[]): string {
  const header = ['business date', 'deals', 'overdue', '1-30', '31-60', '61-90', '91+', 'penalty new', 'penalty upd.', 'accrued CZK', 'breaches +', 'breaches -', 'ms'];
  const rows = runs.map((r) => {
    const s = r.stats!;
    return [r.business_date, s.serviced_deals, s.overdue_deals, s.dpd_buckets['1-30'], s.dpd_buckets['31-60'], s.dpd_buckets['61-90'], s.dpd_buckets['91+'], s.penalty_claims_created, s.penalty_claims_updated, s.penalty_interest_accrued, s.breaches_started, s.breaches_ended, s.duration_ms].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  return [header, ...rows].map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n') + '\n';
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    // Use the product's embedded server when it is running, else start it for this command.
    const dataDir = path.join(config.DATA_DIR, 'postgres');
    const running = runningEmbeddedPostgres(dataDir);
    if (running) {
      url = running(EMBEDDED_DATABASE);
    } else {
      embedded = await startEmbeddedPostgres({ dataDir, persistent: true });
      await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
      url = embedded.url(EMBEDDED_DATABASE);
      await migrateDeploy(config.ROOT_DIR, url);
    }
  }
  const db = connectDatabase(url, { max: 2 });
  try {
    switch (command) {
      case 'create-user': {
        const [email, role] = args;
        if (!email || !role) fail(USAGE);
        const parsedRole = StaffRole.schema.safeParse(role.toUpperCase());
        if (!parsedRole.success) fail(`Unknown role "${role}". Roles: ${StaffRole.values.join(', ')}`);
        const password = await readPassword(process.env);
        let user;
        try {
          user = await createStaffUser(db, cli, { email, role: parsedRole.data, password });
        } catch (error) {
          if (error instanceof DomainError && error.code === 'invalid') fail(Object.entries(error.fields).map(([f, m]) => `${f}: ${m.join(' ')}`).join('\n'));
          throw error;
        }
        process.stderr.write(`Created ${user.email} (${user.role}).\n`);
        break;
      }
      case 'create-api-key': {
        const [owner, ...name] = args;
        const parsedOwner = ApiKeyOwner.schema.safeParse(owner?.toUpperCase());
        if (!parsedOwner.success) fail(`Unknown owner "${owner ?? ''}". Owners: ${ApiKeyOwner.values.join(', ')}`);
        const key = await createApiKey(db, cli, { owner: parsedOwner.data, name: name.join(' ') });
        process.stderr.write(`Created key ${key.prefix} for ${key.owner}. Store it now: it is not shown again.\n`);
        process.stdout.write(`${key.key}\n`);
        break;
      }
      case 'revoke-api-key': {
        const [prefix] = args;
        if (!prefix) fail(USAGE);
        if (!(await revokeApiKey(db, cli, { prefix }))) fail(`No active key with prefix ${prefix}.`);
        process.stderr.write(`Revoked key ${prefix}.\n`);
        break;
      }
      case 'close-of-business': {
        const deps = { prisma: db.prisma, now: () => new Date(), logger: createLogger('silent') };
        const [businessDate = dateToCloseAt(deps.now())] = args;
        let runs;
        try {
          runs = await runCloseOfBusiness(deps, cli, { businessDate });
        } catch (error) {
          if (error instanceof DomainError && error.code === 'invalid') fail(Object.values(error.fields).flat().join(' '));
          throw error;
        }
        process.stdout.write(closeOfBusinessTable(runs));
        break;
      }
      case 'add-repo-rate': {
        const [validFrom, rate, ...source] = args;
        if (!validFrom || !rate) fail(USAGE);
        let result;
        try {
          result = await addRepoRate({ prisma: db.prisma }, cli, { validFrom, rate, source: source.join(' ') });
        } catch (error) {
          if (error instanceof DomainError && (error.code === 'invalid' || error.code === 'conflict')) fail(error.code === 'invalid' ? Object.values(error.fields).flat().join(' ') : error.message);
          throw error;
        }
        process.stderr.write(`Repo rate ${result.rate} % valid from ${result.validFrom} recorded (${result.source}).\n`);
        break;
      }
      default:
        fail(`Unknown command "${command}".\n${USAGE}`);
    }
  } finally {
    await db.close();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
