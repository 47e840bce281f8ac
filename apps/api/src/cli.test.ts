import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function cli(args: string[], env: Record<string, string> = {}, input?: string) {
  return spawnSync(process.execPath, [path.join(import.meta.dirname, 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: ctx.deps.config.DATABASE_URL!, LOG_LEVEL: 'silent', ...env },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('pnpm cli', () => {
  it('create-api-key prints only the key, which then opens the monitoring endpoint', async () => {
    const out = cli(['create-api-key', 'MONITORING']);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^lk_[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{43}\n$/);
    const key = out.stdout.trim();
    const res = await ctx.http().get('/api/v1/healthcheck/monitoring/').set('Authorization', `Api-Key ${key}`);
    expect(res.status).toBe(200);

    const prefix = key.slice(3, 11);
    const revoke = cli(['revoke-api-key', prefix]);
    expect(revoke.status, revoke.stderr).toBe(0);
    expect((await ctx.http().get('/api/v1/healthcheck/monitoring/').set('Authorization', `Api-Key ${key}`)).status).toBe(401);
    expect(cli(['revoke-api-key', prefix]).status).toBe(2);
  });

  it('create-user reads the password from the environment or stdin, and the user can log in', async () => {
    const fromEnv = cli(['create-user', 'pepa@test.cz', 'underwriter'], { CLI_USER_PASSWORD: 'Velmi-tajne-heslo-1' });
    expect(fromEnv.status, fromEnv.stderr).toBe(0);
    const login = await ctx.http().post('/api/v1/auth/token/').send({ email: 'pepa@test.cz', password: 'Velmi-tajne-heslo-1' });
    expect(login.status).toBe(200);

    const fromStdin = cli(['create-user', 'jana@test.cz', 'VIEWER'], {}, 'Jine-tajne-heslo-22\n');
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    const user = await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: 'jana@test.cz' } });
    expect(user.role).toBe('VIEWER');
  });

  it('refuses bad input with a clear message and exit code 2', () => {
    expect(cli(['create-user', 'x@test.cz', 'BOSS'], { CLI_USER_PASSWORD: 'Velmi-tajne-heslo-1' }).stderr).toContain('Unknown role');
    const short = cli(['create-user', 'y@test.cz', 'ADMIN'], { CLI_USER_PASSWORD: 'kratke' });
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('Heslo musí mít alespoň 12 znaků.');
    expect(cli(['create-api-key', 'NOBODY']).status).toBe(2);
    expect(cli(['frobnicate']).status).toBe(2);
  });
});
