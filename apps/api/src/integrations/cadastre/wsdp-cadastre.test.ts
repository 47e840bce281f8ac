import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { realtyMessages } from '@lending/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CadastreError } from './cadastre-provider.ts';
import { parseExtract } from './parse-extract.ts';
import { WsdpCadastre, type WsdpCadastreOptions } from './wsdp-cadastre.ts';

// A WSDP on this machine replaying SOAP answers written by hand from the published WSDL/XSD
// (test-fixtures/wsdp-*.xml), recording each request.
const fixtures = path.join(import.meta.dirname, 'test-fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const PDF = fs.readFileSync(path.join(fixtures, 'lv-extract.pdf'));
const XML = fs.readFileSync(path.join(fixtures, 'lv-extract.xml'));
const PASSWORD = 'Tajné-heslo&<7>';

interface Recorded {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The Body's request element, e.g. GenerujLVZjednoduseneRequest. */
  operation: string;
}

let server: http.Server;
let base: string;
let refusedUrl: string;
let recorded: Recorded[] = [];
/** Polls of each report answered so far. */
let polls = new Map<string, number>();
let mtom = false;

const field = (body: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(body)?.[1];

/** Report ids of an LV: the PDF's, and its XML companion's right after it. */
function reportIdOf(body: string): string {
  if (field(body, 'lvId')) return '88123501';
  return field(body, 'lvCislo') === '666' ? '88123601' : '88123401';
}

function send(res: http.ServerResponse, status: number, body: string, contentType = 'text/xml; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': contentType });
  res.end(body);
}

function answer(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
  const operation = /<soapenv:Body><(?:\w+:)?(\w+)/.exec(body)?.[1] ?? '';
  recorded.push({ url: req.url!, headers: req.headers, body, operation });
  if (field(body, 'wsse:Username') === 'spatny') return send(res, 500, fixture('wsdp-fault-prihlaseni.xml'));
  if (field(body, 'wsse:Username') === 'zakazany') return send(res, 401, 'Unauthorized', 'text/plain');
  const id = field(body, 'idSestavy') ?? '';
  const pdfId = id && Number(id) % 2 === 1 ? id : String(Number(id) - 1);
  const fill = (xml: string) => xml.replaceAll('{{PDF_ID}}', pdfId).replaceAll('{{XML_ID}}', String(Number(pdfId) + 1));
  switch (operation) {
    case 'GenerujLVZjednoduseneRequest':
    case 'GenerujLVRequest': {
      const lv = field(body, 'lvCislo');
      if (field(body, 'katastrUzemiKod') === '999999') return send(res, 500, fixture('wsdp-fault-nezname-uzemi.xml'));
      if (lv === '99999') return send(res, 200, fixture('wsdp-generuj-lv-neexistuje.xml'));
      if (lv === '503') return send(res, 503, '<html><body>Service Unavailable</body></html>', 'text/html');
      if (lv === '777') return; // never answered: only the client's time-out ends the call
      return send(res, 200, fixture('wsdp-generuj-lv.xml').replaceAll('{{PDF_ID}}', reportIdOf(body)));
    }
    case 'SeznamSestavRequest': {
      const count = (polls.get(id) ?? 0) + 1;
      polls.set(id, count);
      if (id === '88123601') return send(res, 200, fill(fixture('wsdp-seznam-sestav-chyba.xml')));
      if (id !== pdfId) return send(res, 200, fill(fixture('wsdp-seznam-sestav-xml.xml')));
      return send(res, 200, fill(fixture(count < 3 ? 'wsdp-seznam-sestav-vytvari.xml' : 'wsdp-seznam-sestav-zpracovan.xml')));
    }
    case 'VratSestavuRequest': {
      const isPdf = id === pdfId;
      const content = isPdf ? PDF : XML;
      const values = (xml: string) => xml.replaceAll('{{ID}}', id).replaceAll('{{CENA}}', isPdf ? '150.00' : '0.00').replaceAll('{{FORMAT}}', isPdf ? 'pdf' : 'xml');
      if (mtom && isPdf) {
        const boundary = 'uuid:6b62cda5-mtom';
        const root = values(fixture('wsdp-vrat-sestavu-mtom.xml'));
        const multipart = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Type: application/xop+xml; charset=UTF-8; type="text/xml"\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <root.message@cxf.apache.org>\r\n\r\n${root}\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <soubor-${id}@katastr.cuzk.cz>\r\n\r\n`),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        res.writeHead(200, { 'Content-Type': `multipart/related; type="application/xop+xml"; boundary="${boundary}"; start="<root.message@cxf.apache.org>"; start-info="text/xml"` });
        return res.end(multipart);
      }
      return send(res, 200, values(fixture('wsdp-vrat-sestavu.xml')).replace('{{BASE64}}', content.toString('base64').replace(/.{76}/g, '$&\n')));
    }
    case 'SmazSestavuRequest':
      return send(res, 200, fixture('wsdp-smaz-sestavu.xml'));
    case 'SeznamKURequest':
      return send(res, 200, fixture('wsdp-seznam-ku.xml'));
    case 'SeznamObciRequest':
      return send(res, 200, fixture('wsdp-seznam-obci.xml'));
    case 'SeznamOkresuRequest':
      return send(res, 200, fixture('wsdp-seznam-okresu.xml'));
    default:
      return send(res, 500, `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>Unknown operation ${operation}</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>`);
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/wsdp/2.8`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/ws/wsdp/2.8`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  recorded = [];
  polls = new Map();
  mtom = false;
});

let clock = Date.parse('2026-11-28T09:15:00Z');
const wsdp = (options: Partial<WsdpCadastreOptions> = {}) => new WsdpCadastre({ url: `${base}/`, username: 'WSUVER01', password: PASSWORD, timeoutMs: 5_000, pollIntervalMs: 5, now: () => clock, ...options });
const operations = () => recorded.map((r) => r.operation.replace(/Request$/, ''));

async function failure(promise: Promise<unknown>): Promise<CadastreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CadastreError);
  const cadastreError = error as CadastreError;
  // Whatever went wrong, the password is in no message.
  expect(`${cadastreError.message} ${cadastreError.detail}`).not.toContain('Tajné');
  return cadastreError;
}

describe('WSDP: price and order of an extract', () => {
  it('generates the report with a UsernameToken, polls it until made and reads its price without downloading it', async () => {
    const quote = await wsdp().price({ territoryCode: '610372', lvNumber: '1287' });
    expect(quote).toEqual({ price: '150.00', externalId: null, territoryCode: '610372', lvNumber: '1287' });
    // Generated once, polled until "zpracován", the XML companion looked up; nothing downloaded.
    expect(operations()).toEqual(['GenerujLVZjednodusene', 'SeznamSestav', 'SeznamSestav', 'SeznamSestav', 'SeznamSestav']);
    expect(recorded.slice(1).map((r) => field(r.body, 'idSestavy'))).toEqual(['88123401', '88123401', '88123401', '88123402']);

    const [generate] = recorded;
    expect(generate!.url).toBe('/ws/wsdp/2.8/sestavy');
    expect(generate!.headers.soapaction).toBe('"http://katastr.cuzk.cz/sestavy//generujLVZjednodusene"');
    expect(generate!.headers['content-type']).toBe('text/xml; charset=utf-8');
    const body = generate!.body;
    expect(body).toContain('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">');
    expect(body).toMatch(/<wsse:Security soapenv:mustUnderstand="1" xmlns:wsse="http:\/\/docs\.oasis-open\.org\/wss\/2004\/01\/oasis-200401-wss-wssecurity-secext-1\.0\.xsd"/);
    expect(field(body, 'wsse:Username')).toBe('WSUVER01');
    expect(body).toContain('<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">Tajné-heslo&amp;&lt;7&gt;</wsse:Password>');
    expect(body).toContain('<s:GenerujLVZjednoduseneRequest xmlns:s="http://katastr.cuzk.cz/sestavy/types/v2.8">');
    expect(body).toContain('<s:katastrUzemiKod>610372</s:katastrUzemiKod><s:lvCislo>1287</s:lvCislo><s:format>pdf</s:format><s:pripojitXML>a</s:pripojitXML>');
    expect(body).not.toContain('datumK');
  });

  it('orders the quoted report within 10 minutes without generating it again: the PDF and the XML from base64', async () => {
    const cadastre = wsdp();
    await cadastre.price({ territoryCode: '610372', lvNumber: '1287' });
    recorded = [];
    clock += 9 * 60_000;
    const extract = await cadastre.order({ territoryCode: '610372', lvNumber: '1287' });
    expect(operations()).toEqual(['VratSestavu', 'VratSestavu', 'SmazSestavu', 'SmazSestavu']);
    expect(recorded.map((r) => field(r.body, 'idSestavy'))).toEqual(['88123401', '88123402', '88123401', '88123402']);
    expect(recorded[0]!.headers.soapaction).toBe('"http://katastr.cuzk.cz/sestavy//vratSestavu"');
    expect(extract.pdf.equals(PDF)).toBe(true);
    expect(extract.xml.equals(XML)).toBe(true);
    expect(extract).toMatchObject({ price: '150.00', externalId: null, territoryCode: '610372', lvNumber: '1287', asOf: new Date(clock) });
    expect(parseExtract(extract.xml)).toMatchObject({ cadastral_location_code: '610372', lv_number: '1287' });

    // Used once: the next order generates a report of its own.
    recorded = [];
    await cadastre.order({ territoryCode: '610372', lvNumber: '1287' });
    expect(operations()[0]).toBe('GenerujLVZjednodusene');
  });

  it('generates anew after 10 minutes, and for an extract as of a past date (datumK)', async () => {
    const cadastre = wsdp();
    await cadastre.price({ territoryCode: '610372', lvNumber: '1287' });
    clock += 11 * 60_000;
    recorded = [];
    polls = new Map();
    await cadastre.order({ territoryCode: '610372', lvNumber: '1287' });
    expect(operations()).toEqual(['GenerujLVZjednodusene', 'SeznamSestav', 'SeznamSestav', 'SeznamSestav', 'SeznamSestav', 'VratSestavu', 'VratSestavu', 'SmazSestavu', 'SmazSestavu']);

    await cadastre.price({ territoryCode: '610372', lvNumber: '1287' });
    recorded = [];
    polls = new Map();
    const asOf = new Date('2025-12-31T23:00:00Z');
    const extract = await cadastre.order({ territoryCode: '610372', lvNumber: '1287', asOf });
    expect(operations()[0]).toBe('GenerujLVZjednodusene');
    expect(recorded[0]!.body).toContain('<s:lvCislo>1287</s:lvCislo><s:datumK>2025-12-31T23:00:00.000Z</s:datumK><s:format>pdf</s:format>');
    expect(extract.asOf).toEqual(asOf);
  });

  it('reads a file sent as an MTOM attachment (xop:Include)', async () => {
    mtom = true;
    const extract = await wsdp().order({ territoryCode: '610372', lvNumber: '1287' });
    expect(extract.pdf.equals(PDF)).toBe(true);
    expect(extract.xml.equals(XML)).toBe(true);
  });

  it('orders an LV known by its id (generujLV), learning its territory and number from the XML', async () => {
    const extract = await wsdp().order({ externalId: '2851102306' });
    expect(recorded[0]!.operation).toBe('GenerujLVRequest');
    expect(recorded[0]!.headers.soapaction).toBe('"http://katastr.cuzk.cz/sestavy//generujLV"');
    expect(recorded[0]!.body).toContain('<s:GenerujLVRequest xmlns:s="http://katastr.cuzk.cz/sestavy/types/v2.8"><s:lvId>2851102306</s:lvId><s:format>pdf</s:format><s:pripojitXML>a</s:pripojitXML></s:GenerujLVRequest>');
    expect(extract).toMatchObject({ externalId: '2851102306', territoryCode: '610372', lvNumber: '1287', price: '150.00' });
    expect(await wsdp().price({ externalId: '2851102306' })).toEqual({ price: '150.00', externalId: '2851102306', territoryCode: '', lvNumber: '' });
  });
});

describe('WSDP: the codebook', () => {
  it('lists the cadastral territories with their municipality and district', async () => {
    const territories = await wsdp().territories();
    expect(territories).toEqual([
      { code: '610372', name: 'Řečkovice', municipality: 'Brno', district: 'Brno-město' },
      { code: '727181', name: 'Nové Město', municipality: 'Praha', district: 'Hlavní město Praha' },
      { code: '663981', name: 'Kladno', municipality: 'Kladno', district: 'Kladno' },
      { code: '700011', name: 'Lhota u Příbramě', municipality: null, district: null },
    ]);
    expect(recorded.map((r) => [r.url, r.headers.soapaction]).sort()).toEqual([
      ['/ws/wsdp/2.8/ciselnik', '"http://katastr.cuzk.cz/ciselnik/seznamKU"'],
      ['/ws/wsdp/2.8/ciselnik', '"http://katastr.cuzk.cz/ciselnik/seznamObci"'],
      ['/ws/wsdp/2.8/ciselnik', '"http://katastr.cuzk.cz/ciselnik/seznamOkresu"'],
    ]);
    expect(recorded.find((r) => r.operation === 'SeznamKURequest')!.body).toContain('<c:SeznamKURequest xmlns:c="http://katastr.cuzk.cz/ciselnik/types/v2.8"/>');
    expect(recorded.every((r) => field(r.body, 'wsse:Username') === 'WSUVER01')).toBe(true);
  });
});

describe('WSDP: failures', () => {
  it('reports an unknown LV (an error in vysledek) and an unknown territory (a SOAP fault) as not found', async () => {
    const lv = await failure(wsdp().price({ territoryCode: '610372', lvNumber: '99999' }));
    expect(lv).toMatchObject({ kind: 'NOT_FOUND', message: realtyMessages.lvNotFound });
    expect(lv.detail).toContain('List vlastnictví číslo 99999');
    const territory = await failure(wsdp().order({ territoryCode: '999999', lvNumber: '1' }));
    expect(territory).toMatchObject({ kind: 'NOT_FOUND', message: realtyMessages.unknownTerritory });
  });

  it('reports a 503, a hung server, a refused connection and a report that failed as unavailable', async () => {
    const unavailable = await failure(wsdp().price({ territoryCode: '610372', lvNumber: '503' }));
    expect(unavailable).toMatchObject({ kind: 'UNAVAILABLE', message: 'Katastr nemovitostí je dočasně nedostupný (HTTP 503). Zkuste to prosím za chvíli.' });

    const started = Date.now();
    const hung = await failure(wsdp({ timeoutMs: 300 }).order({ territoryCode: '610372', lvNumber: '777' }));
    expect(hung).toMatchObject({ kind: 'UNAVAILABLE', message: 'Katastr nemovitostí neodpověděl včas (do 0,3 s). Zkuste to prosím za chvíli.' });
    expect(Date.now() - started).toBeLessThan(3_000);

    // The time-out covers the polling too.
    const slowPolling = await failure(wsdp({ timeoutMs: 200, pollIntervalMs: 1_000 }).price({ territoryCode: '610372', lvNumber: '1287' }));
    expect(slowPolling.kind).toBe('UNAVAILABLE');

    const refused = await failure(wsdp({ url: refusedUrl }).territories());
    expect(refused).toMatchObject({ kind: 'UNAVAILABLE', message: 'Katastr nemovitostí není dostupný (ECONNREFUSED). Zkuste to prosím za chvíli.' });

    const failed = await failure(wsdp().order({ territoryCode: '610372', lvNumber: '666' }));
    expect(failed).toMatchObject({ kind: 'UNAVAILABLE', message: 'Katastr nemovitostí výpis nevytvořil (stav sestavy „chyba při vytváření“). Zkuste to prosím znovu.' });
  });

  it('reports bad credentials (a WS-Security fault, HTTP 401) as refused, never showing the password', async () => {
    const fault = await failure(wsdp({ username: 'spatny' }).price({ territoryCode: '610372', lvNumber: '1287' }));
    expect(fault).toMatchObject({ kind: 'REFUSED', message: 'Katastr nemovitostí odmítl přihlášení: zkontrolujte uživatele a heslo dálkového přístupu (WSDP_USERNAME, WSDP_PASSWORD).' });
    expect(fault.detail).toContain('FailedAuthentication');
    const unauthorized = await failure(wsdp({ username: 'zakazany' }).territories());
    expect(unauthorized.kind).toBe('REFUSED');
  });

  it('hands the caller its own abort', async () => {
    const controller = new AbortController();
    const reason = new Error('shutting down');
    setTimeout(() => controller.abort(reason), 50);
    await expect(wsdp().order({ territoryCode: '610372', lvNumber: '777' }, controller.signal)).rejects.toBe(reason);
  });
});
