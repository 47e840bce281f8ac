import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AresCompanyRegister } from './ares-company-register.ts';
import { CompanyRegisterUnavailable } from './company-register.ts';
import { SandboxCompanyRegister } from './sandbox-company-register.ts';

// A local stand-in for ares.gov.cz replaying answers shaped like the real ones.
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const ico = req.url?.split('/').pop();
    if (ico === '27074358') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ico: '27074358', obchodniJmeno: 'Asseco Central Europe, a.s.', sidlo: { textovaAdresa: 'Budějovická 778/3a, Michle, 14000 Praha 4' } }));
    } else if (ico === '00000019') {
      res.writeHead(500).end('boom');
    } else if (ico === '00000027') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"unexpected": true}');
    } else if (ico === '00000035') {
      // Never answered: only the client's time-out ends the call.
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kod: 'NENALEZENO', popis: 'Ekonomický subjekt nenalezen.' }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ekonomicke-subjekty-v-be/rest`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

describe('ARES company register', () => {
  it('finds a subject and reports an unknown IČO as not found', async () => {
    const ares = new AresCompanyRegister(base);
    expect(await ares.lookup('27074358')).toEqual({ found: true, companyId: '27074358', name: 'Asseco Central Europe, a.s.', address: 'Budějovická 778/3a, Michle, 14000 Praha 4' });
    expect(await ares.lookup('25596641')).toEqual({ found: false, companyId: '25596641' });
  });

  it('reports failures, unexpected answers and time-outs as unavailable', async () => {
    const ares = new AresCompanyRegister(base, 300);
    await expect(ares.lookup('00000019')).rejects.toBeInstanceOf(CompanyRegisterUnavailable);
    await expect(ares.lookup('00000027')).rejects.toBeInstanceOf(CompanyRegisterUnavailable);
    // The time-out, not any failure: the abort's own reason.
    const slow = await ares.lookup('00000035').catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(CompanyRegisterUnavailable);
    expect((slow as Error).message).toBe('ARES unreachable: The operation was aborted due to timeout');
    await expect(new AresCompanyRegister('http://127.0.0.1:1').lookup('27074358')).rejects.toBeInstanceOf(CompanyRegisterUnavailable);
  });
});

describe('sandbox company register', () => {
  it('is deterministic and knows no IČO starting with 99', async () => {
    const sandbox = new SandboxCompanyRegister();
    const a = await sandbox.lookup('27074358');
    expect(a).toEqual(await sandbox.lookup('27074358'));
    expect(a.found && a.name).toMatch(/s\.r\.o\.$/);
    expect(await sandbox.lookup('99000001')).toEqual({ found: false, companyId: '99000001' });
  });
});
