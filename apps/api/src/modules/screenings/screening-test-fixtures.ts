// Helpers of the screening and job tests (not used by the application).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeBirthNumber } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ScreeningSubject } from '../../integrations/screenings/index.ts';
import { sandboxProfile, type SandboxProfile } from '../../integrations/screenings/sandbox/sandbox-registers.ts';

const used = new Set<string>();
let cursor = 0;

/** A valid birth number, unused in this test file, whose sandbox profile passes `wanted`. */
export function birthNumberWith(wanted: (profile: SandboxProfile) => boolean, sex: 'M' | 'F' = 'M'): { birthNumber: string; birthDate: Date } {
  for (let i = 0; i < 200_000; i++) {
    const n = cursor++;
    const birthDate = new Date(Date.UTC(1960, 0, 1) + (n % 12_000) * 86_400_000);
    const birthNumber = makeBirthNumber(birthDate, sex, Math.floor(n / 12_000) * 7 + 11);
    if (used.has(birthNumber)) continue;
    const subject: ScreeningSubject = {
      personId: 0,
      identificationType: 'BIRTH_NUMBER',
      firstName: null,
      lastName: null,
      companyName: null,
      birthNumber,
      birthDate: null,
      companyId: null,
      identityCard: null,
    };
    if (!wanted(sandboxProfile(subject))) continue;
    used.add(birthNumber);
    return { birthNumber, birthDate };
  }
  throw new Error('no birth number with that sandbox profile');
}

export const clean = (p: SandboxProfile) => !p.insolvency && p.executions === 0 && p.realtyRights === 0 && !p.invalidIdentityCard;

/** A natural person, by default "Řehoř Šťastný" with a clean sandbox profile. */
export async function createPerson(
  deps: Pick<Deps, 'prisma'>,
  options: { firstName?: string; lastName?: string; profile?: (p: SandboxProfile) => boolean; identityCard?: string | null; birthNumber?: string | null } = {},
) {
  const bn = options.birthNumber === undefined ? birthNumberWith(options.profile ?? clean) : null;
  return deps.prisma.person.create({
    data: {
      identificationType: 'BIRTH_NUMBER',
      firstName: options.firstName ?? 'Řehoř',
      lastName: options.lastName ?? 'Šťastný',
      birthNumber: options.birthNumber === undefined ? bn!.birthNumber : options.birthNumber,
      birthDate: bn?.birthDate ?? null,
      identityCard: options.identityCard === undefined ? '215487963' : options.identityCard,
      email: 'rehor.stastny@seznam.cz',
      phone: '+420777123456',
    },
  });
}

export interface FakeGateway {
  url: string;
  requests: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** A local stand-in for the screening gateway; `reply` decides each answer. */
export async function startFakeGateway(reply: (body: Record<string, unknown>, res: http.ServerResponse, n: number) => void): Promise<FakeGateway> {
  const requests: FakeGateway['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      requests.push({ headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/gateway/screenings/') {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"not found"}');
        return;
      }
      reply(body, res, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** Waits (at most `timeoutMs`) until `check` answers something other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000, stepMs = 40): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
