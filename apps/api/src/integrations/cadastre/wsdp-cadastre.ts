import { canonicalMoney, realtyMessages } from '@lending/contracts';
import { CadastreError, type CadastreExtract, type CadastreProvider, type CadastreQuote, type CadastreTerritory, type LvRef } from './cadastre-provider.ts';
import { parseExtract } from './parse-extract.ts';
import { cadastreXmlParser, DECLARATION, decodeXmlEntities, escapeXml, isRecord } from './xml-text.ts';

// ČÚZK's "Webové služby dálkového přístupu" (WSDP), written against its published interface
// (WSDL/XSD v2.8: services `sestavy` and `ciselnik`): SOAP 1.1 document/literal over HTTPS,
// authenticated by a WS-Security UsernameToken with the password in plain text (the transport
// is TLS). WSDP_URL is the services' base: {WSDP_URL}/sestavy and {WSDP_URL}/ciselnik
// (production https://katastr.cuzk.cz/ws/wsdp/2.8; the trial service has its own host).
//
// An extract is a report (sestava) made asynchronously:
//   1. generujLVZjednodusene(katastrUzemiKod, lvCislo[, datumK], format=pdf, pripojitXML=a) — or
//      generujLV(lvId, …) for an LV known by the cadastre's id — answers the report's id;
//   2. seznamSestav(idSestavy), polled until its `stav` is "zpracován" (or "zaúčtován"); the PDF
//      report names its XML companion in idPodrizeneSestavy, polled the same way;
//   3. vratSestavu(idSestavy) answers the report with its file (souborSestavy: base64, or an
//      MTOM attachment referenced by xop:Include), once for the PDF and once for the XML;
//   4. smazSestavu(idSestavy) tidies the account's list afterwards (best effort).
//
// The price: ReportType's `cena` is documented as "Cena, která je účtována uživateli za
// stažení" – the price charged for downloading the report. Our reading: generating a report is
// free and vratSestavu is what is charged. So price() generates the report and reads `cena`
// from seznamSestav without downloading it, and remembers the report for 10 minutes: an order()
// of the same LV (now, not as of a past date) within that time downloads that very report, at
// the price quoted. OPEN QUESTION, to be settled with ČÚZK or on the trial account before
// production: whether generation alone is charged too (then price() itself costs money).
//
// Errors: network failures, time-outs (CADASTRE_TIMEOUT_MS for a whole price/order/codebook
// call, polling included), HTTP 5xx and reports that failed to build are UNAVAILABLE; a SOAP
// fault or a `vysledek` error saying the territory or LV does not exist is NOT_FOUND; bad
// credentials (WS-Security faults, HTTP 401/403) and other rejections are REFUSED. WSDP's own
// message codes are not published with the WSDL (ciselnik's seznamZprav lists them), so errors
// are told apart by the fault code and the message's words; to be checked against seznamZprav.
// The password is sent in the envelope only: it never appears in an error, a detail or a log.

const WSDP_VERSION = '2.8';
const NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  sestavy: `http://katastr.cuzk.cz/sestavy/types/v${WSDP_VERSION}`,
  ciselnik: `http://katastr.cuzk.cz/ciselnik/types/v${WSDP_VERSION}`,
};
const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';
const SOAP_ACTION = {
  sestavy: (operation: string) => `http://katastr.cuzk.cz/sestavy//${operation}`,
  ciselnik: (operation: string) => `http://katastr.cuzk.cz/ciselnik/${operation}`,
};
type Service = keyof typeof SOAP_ACTION;

const READY = new Set(['zpracován', 'zaúčtován']);
const FAILED = new Set(['chyba při vytváření', 'chyba při zpracování', 'zrušen']);
const REUSE_MS = 10 * 60_000;
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const DELETE_TIMEOUT_MS = 5_000;

const parser = cadastreXmlParser({ maxDepth: 64, lists: ['report', 'zprava', 'katastralniUzemi', 'obec', 'okres', 'idPodrizeneSestavy'] });

const messages = {
  timeout: (ms: number) => `Katastr nemovitostí neodpověděl včas (do ${(ms / 1000).toLocaleString('cs-CZ')} s). Zkuste to prosím za chvíli.`,
  unreachable: (code: string) => `Katastr nemovitostí není dostupný${code ? ` (${code})` : ''}. Zkuste to prosím za chvíli.`,
  unavailable: (status: number) => `Katastr nemovitostí je dočasně nedostupný (HTTP ${status}). Zkuste to prosím za chvíli.`,
  nonsense: 'Katastr nemovitostí odpověděl nečekaně (odpověď není platná zpráva SOAP). Zkuste to prosím za chvíli.',
  credentials: 'Katastr nemovitostí odmítl přihlášení: zkontrolujte uživatele a heslo dálkového přístupu (WSDP_USERNAME, WSDP_PASSWORD).',
  rejected: (reason: string) => `Katastr nemovitostí požadavek odmítl${reason ? `: ${reason}` : '.'}`,
  serverError: (reason: string) => `Katastr nemovitostí hlásí chybu${reason ? `: ${reason}` : '.'} Zkuste to prosím za chvíli.`,
  reportFailed: (state: string) => `Katastr nemovitostí výpis nevytvořil (stav sestavy „${state}“). Zkuste to prosím znovu.`,
  noPrice: 'Katastr nemovitostí u sestavy neuvedl cenu výpisu.',
  noXml: 'Katastr nemovitostí k výpisu nepřipojil data v XML.',
  noFile: 'Katastr nemovitostí vrátil sestavu bez souboru.',
} as const;

export interface WsdpCadastreOptions {
  /** Base of the services: {url}/sestavy, {url}/ciselnik. */
  url: string;
  username: string;
  password: string;
  /** A whole price(), order() or territories() call, polling included. */
  timeoutMs: number;
  /** Between two seznamSestav polls (default 2 s). */
  pollIntervalMs?: number;
  now?: () => number;
}

interface Report {
  id: string;
  state: string;
  price: string | null;
  children: string[];
}

interface Remembered {
  at: number;
  pdf: Report;
  xml: Report;
  price: string;
}

/** A SOAP answer: the Body's one element, and MTOM attachments by Content-ID. */
interface SoapAnswer {
  body: Record<string, unknown>;
  attachments: Map<string, Buffer>;
}

export class WsdpCadastre implements CadastreProvider {
  readonly name = 'wsdp' as const;
  readonly #options: Required<Omit<WsdpCadastreOptions, 'now'>>;
  readonly #now: () => number;
  /** Reports price() generated, by LV, for an order() within 10 minutes. */
  readonly #reports = new Map<string, Remembered>();

  constructor(options: WsdpCadastreOptions) {
    this.#options = { pollIntervalMs: 2_000, ...options, url: options.url.replace(/\/+$/, '') };
    this.#now = options.now ?? Date.now;
  }

  async territories(signal?: AbortSignal): Promise<CadastreTerritory[]> {
    return this.#withTimeout(signal, async (s) => {
      // seznamKU answers code, name and the municipality's code; seznamObci and seznamOkresu
      // name the municipality and its district.
      const [territories, municipalities, districts] = await Promise.all([
        this.#call('ciselnik', 'seznamKU', `<c:SeznamKURequest xmlns:c="${NS.ciselnik}"/>`, s),
        this.#call('ciselnik', 'seznamObci', `<c:SeznamObciRequest xmlns:c="${NS.ciselnik}"/>`, s),
        this.#call('ciselnik', 'seznamOkresu', `<c:SeznamOkresuRequest xmlns:c="${NS.ciselnik}"/>`, s),
      ]);
      const districtNames = new Map(list(districts.body, 'okres').map((d) => [text(d, 'kod'), text(d, 'nazev')]));
      const municipalityOf = new Map(list(municipalities.body, 'obec').map((o) => [text(o, 'kod'), { name: text(o, 'nazev'), district: districtNames.get(text(o, 'okresKod') ?? '') ?? null }]));
      return list(territories.body, 'katastralniUzemi').flatMap((ku) => {
        const code = text(ku, 'kod');
        const name = text(ku, 'nazev');
        if (!code || !name) return [];
        const municipality = municipalityOf.get(text(ku, 'kodObce') ?? text(ku, 'obecKod') ?? '');
        return [{ code: code.padStart(6, '0'), name, municipality: municipality?.name ?? null, district: municipality?.district ?? null }];
      });
    });
  }

  async price(lv: LvRef, signal?: AbortSignal): Promise<CadastreQuote> {
    return this.#withTimeout(signal, async (s) => {
      const key = lvKey(lv);
      let remembered = this.#fresh(key);
      if (!remembered) {
        const reports = await this.#generate(lv, undefined, s);
        const price = sumPrices(reports.pdf, reports.xml);
        if (price === null) throw new CadastreError('UNAVAILABLE', messages.noPrice, { detail: `report ${reports.pdf.id} states no cena` });
        remembered = { at: this.#now(), ...reports, price };
        this.#remember(key, remembered);
      }
      return { price: remembered.price, externalId: lv.externalId ?? null, territoryCode: lv.territoryCode ?? '', lvNumber: lv.lvNumber ?? '' };
    });
  }

  async order(lv: LvRef & { asOf?: Date }, signal?: AbortSignal): Promise<CadastreExtract> {
    return this.#withTimeout(signal, async (s) => {
      const orderedAt = this.#now();
      // datumK must lie in the past; an extract "as of" the last minute is the current one.
      const past = lv.asOf !== undefined && lv.asOf.getTime() < orderedAt - 60_000 ? lv.asOf : undefined;
      const key = lvKey(lv);
      const remembered = past ? undefined : this.#fresh(key);
      const reports = remembered ?? (await this.#generate(lv, past, s));
      const price = remembered?.price ?? sumPrices(reports.pdf, reports.xml);
      if (price === null) throw new CadastreError('UNAVAILABLE', messages.noPrice, { detail: `report ${reports.pdf.id} states no cena` });
      const pdf = await this.#download(reports.pdf.id, s);
      const xml = await this.#download(reports.xml.id, s);
      let { territoryCode, lvNumber } = lv;
      if (territoryCode === undefined || lvNumber === undefined) {
        const extract = parseExtract(xml);
        territoryCode = extract.cadastral_location_code;
        lvNumber = extract.lv_number;
      }
      // Downloaded (and so paid): a later order gets a report of its own.
      if (remembered) this.#reports.delete(key);
      await this.#delete([reports.pdf.id, reports.xml.id]);
      return { pdf, xml, price, externalId: lv.externalId ?? null, territoryCode, lvNumber, asOf: past ?? new Date(orderedAt) };
    });
  }

  // --- reports ------------------------------------------------------------------------------------

  /** Generates the LV's PDF with its XML companion and waits until both are made. */
  async #generate(lv: LvRef, asOf: Date | undefined, signal: AbortSignal): Promise<{ pdf: Report; xml: Report }> {
    const datumK = asOf ? `<s:datumK>${asOf.toISOString()}</s:datumK>` : '';
    const tail = `${datumK}<s:format>pdf</s:format><s:pripojitXML>a</s:pripojitXML>`;
    const answer =
      lv.territoryCode !== undefined && lv.lvNumber !== undefined
        ? await this.#call('sestavy', 'generujLVZjednodusene', `<s:GenerujLVZjednoduseneRequest xmlns:s="${NS.sestavy}"><s:katastrUzemiKod>${escapeXml(lv.territoryCode.trim())}</s:katastrUzemiKod><s:lvCislo>${escapeXml(lv.lvNumber.trim())}</s:lvCislo>${tail}</s:GenerujLVZjednoduseneRequest>`, signal, 'lv')
        : await this.#call('sestavy', 'generujLV', `<s:GenerujLVRequest xmlns:s="${NS.sestavy}"><s:lvId>${escapeXml(lv.externalId.trim())}</s:lvId>${tail}</s:GenerujLVRequest>`, signal, 'lv');
    const generated = reportsOf(answer)[0];
    if (!generated) throw new CadastreError('UNAVAILABLE', messages.nonsense, { detail: 'generate answered no report' });
    const pdf = await this.#waitReady(generated, signal);
    const xmlId = pdf.children[0];
    if (!xmlId) throw new CadastreError('REFUSED', messages.noXml, { detail: `report ${pdf.id} has no XML companion` });
    const xml = await this.#waitReady({ id: xmlId, state: '', price: null, children: [] }, signal);
    return { pdf, xml };
  }

  async #waitReady(report: Report, signal: AbortSignal): Promise<Report> {
    let current = report;
    for (;;) {
      if (READY.has(current.state)) return current;
      if (FAILED.has(current.state)) throw new CadastreError('UNAVAILABLE', messages.reportFailed(current.state), { detail: `report ${current.id}: ${current.state}` });
      if (current.state !== '') await sleep(this.#options.pollIntervalMs, signal);
      const listed = reportsOf(await this.#call('sestavy', 'seznamSestav', `<s:SeznamSestavRequest xmlns:s="${NS.sestavy}"><s:idSestavy>${escapeXml(current.id)}</s:idSestavy></s:SeznamSestavRequest>`, signal));
      const found = listed.find((r) => r.id === current.id);
      if (!found) throw new CadastreError('UNAVAILABLE', messages.nonsense, { detail: `seznamSestav does not list report ${current.id}` });
      current = found;
    }
  }

  async #download(id: string, signal: AbortSignal): Promise<Buffer> {
    const answer = await this.#call('sestavy', 'vratSestavu', `<s:VratSestavuRequest xmlns:s="${NS.sestavy}"><s:idSestavy>${escapeXml(id)}</s:idSestavy></s:VratSestavuRequest>`, signal);
    const report = list(answer.body, 'reportList').flatMap((l) => list(l, 'report')).find((r) => text(r, 'id') === id);
    const file = report ? fileOf(report, answer.attachments) : null;
    if (!file || file.length === 0) throw new CadastreError('UNAVAILABLE', messages.noFile, { detail: `vratSestavu ${id} answered no file` });
    return file;
  }

  /** Best effort: a report left behind only clutters the account's list. */
  async #delete(ids: string[]): Promise<void> {
    const signal = AbortSignal.timeout(DELETE_TIMEOUT_MS);
    for (const id of ids) {
      await this.#call('sestavy', 'smazSestavu', `<s:SmazSestavuRequest xmlns:s="${NS.sestavy}"><s:idSestavy>${escapeXml(id)}</s:idSestavy></s:SmazSestavuRequest>`, signal).catch(() => undefined);
    }
  }

  #fresh(key: string): Remembered | undefined {
    const now = this.#now();
    for (const [k, r] of this.#reports) if (now - r.at > REUSE_MS) this.#reports.delete(k);
    return this.#reports.get(key);
  }

  #remember(key: string, remembered: Remembered): void {
    this.#reports.delete(key);
    this.#reports.set(key, remembered);
    // Bounded: the oldest go first.
    while (this.#reports.size > 1000) this.#reports.delete(this.#reports.keys().next().value!);
  }

  // --- SOAP ---------------------------------------------------------------------------------------

  async #withTimeout<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await run(combined);
    } catch (error) {
      // The caller's own abort (the job's time-out, shutdown) is the caller's to report.
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted && !(error instanceof CadastreError)) {
        throw new CadastreError('UNAVAILABLE', messages.timeout(this.#options.timeoutMs), { cause: error, detail: `WSDP timed out after ${this.#options.timeoutMs} ms` });
      }
      throw error;
    }
  }

  #envelope(body: string): string {
    const { username, password } = this.#options;
    return (
      `<?xml version="1.0" encoding="UTF-8"?>` +
      `<soapenv:Envelope xmlns:soapenv="${NS.soap}">` +
      `<soapenv:Header><wsse:Security soapenv:mustUnderstand="1" xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">` +
      `<wsse:UsernameToken wsu:Id="UsernameToken-1"><wsse:Username>${escapeXml(username)}</wsse:Username>` +
      `<wsse:Password Type="${PASSWORD_TEXT}">${escapeXml(password)}</wsse:Password></wsse:UsernameToken>` +
      `</wsse:Security></soapenv:Header>` +
      `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
    );
  }

  /** One SOAP request; the answer's Body element, or a CadastreError. `about` says what NOT_FOUND would be about. */
  async #call(service: Service, operation: string, body: string, signal: AbortSignal, about: 'lv' | 'none' = 'none'): Promise<SoapAnswer> {
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetch(`${this.#options.url}/${service}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${SOAP_ACTION[service](operation)}"`, Accept: 'text/xml, multipart/related' },
        body: this.#envelope(body),
        signal,
      });
      bytes = await readLimited(response);
    } catch (error) {
      if (error instanceof CadastreError || signal.aborted) throw error;
      const code = networkCode(error);
      throw new CadastreError('UNAVAILABLE', messages.unreachable(code), { cause: error, detail: `WSDP ${operation} unreachable: ${code || (error as Error).message}` });
    }
    const { status } = response;
    const answer = readSoap(bytes, response.headers.get('content-type') ?? '');
    if (answer && Object.hasOwn(answer.body, 'Fault')) throw faultError(answer.body.Fault, operation, about);
    if (status === 401 || status === 403) throw new CadastreError('REFUSED', messages.credentials, { detail: `WSDP ${operation} answered ${status}` });
    if (status >= 500 || status === 408 || status === 429) throw new CadastreError('UNAVAILABLE', messages.unavailable(status), { detail: `WSDP ${operation} answered ${status}` });
    if (status < 200 || status >= 300) throw new CadastreError('REFUSED', messages.rejected(`HTTP ${status}`), { detail: `WSDP ${operation} answered ${status}` });
    if (!answer) throw new CadastreError('UNAVAILABLE', messages.nonsense, { detail: `WSDP ${operation} answered ${status} without a SOAP envelope` });
    checkResult(answer.body, operation, about);
    return answer;
  }
}

// --- reading answers --------------------------------------------------------------------------------

function readSoap(bytes: Buffer, contentType: string): SoapAnswer | null {
  let root = bytes;
  let attachments = new Map<string, Buffer>();
  if (/^multipart\/related/i.test(contentType)) {
    const parts = splitMultipart(bytes, contentType);
    if (!parts) return null;
    ({ root, attachments } = parts);
  }
  const xml = root.toString('utf8').replace(/^\uFEFF/, '');
  if (DECLARATION.test(xml)) return null;
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch {
    return null;
  }
  const envelope = isRecord(document) ? document.Envelope : undefined;
  const soapBody = isRecord(envelope) ? envelope.Body : undefined;
  if (!isRecord(soapBody)) return null;
  const name = Object.keys(soapBody).find((key) => !key.startsWith('@_') && key !== '#text');
  if (!name) return null;
  const content = soapBody[name];
  return { body: name === 'Fault' ? { Fault: content } : isRecord(content) ? content : {}, attachments };
}

/** A multipart/related (MTOM/XOP) answer: its root part and the attachments by Content-ID. */
function splitMultipart(bytes: Buffer, contentType: string): { root: Buffer; attachments: Map<string, Buffer> } | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const start = /start="?<?([^";>]+)>?"?/i.exec(contentType)?.[1];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { id: string | null; body: Buffer }[] = [];
  let at = bytes.indexOf(delimiter);
  while (at !== -1) {
    const from = at + delimiter.length;
    if (bytes.subarray(from, from + 2).toString() === '--') break;
    const next = bytes.indexOf(delimiter, from);
    if (next === -1) break;
    const part = bytes.subarray(from, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('latin1');
      let body = part.subarray(headerEnd + 4);
      if (body.subarray(-2).toString() === '\r\n') body = body.subarray(0, -2);
      if (/content-transfer-encoding:\s*base64/i.test(headers)) body = Buffer.from(body.toString('latin1').replace(/\s+/g, ''), 'base64');
      const id = /content-id:\s*<?([^>\r\n]+)>?/i.exec(headers)?.[1]?.trim() ?? null;
      parts.push({ id, body });
    }
    at = next;
  }
  if (parts.length === 0) return null;
  const root = (start ? parts.find((p) => p.id === start) : undefined) ?? parts[0]!;
  return { root: root.body, attachments: new Map(parts.filter((p) => p !== root && p.id).map((p) => [p.id!, p.body])) };
}

function reportsOf(answer: SoapAnswer): Report[] {
  return list(answer.body, 'reportList')
    .flatMap((l) => list(l, 'report'))
    .flatMap((r) => {
      const id = text(r, 'id');
      if (!id) return [];
      return [{ id, state: text(r, 'stav') ?? '', price: price(text(r, 'cena')), children: list(r, 'idPodrizeneSestavy').map(textOf).filter((v): v is string => Boolean(v)) }];
    });
}

function price(value: string | null): string | null {
  if (value === null) return null;
  const money = canonicalMoney(value.replace(',', '.'));
  return money && !money.startsWith('-') ? money : null;
}

/** The PDF's price, plus its XML companion's when WSDP states one (it is downloaded too). */
function sumPrices(pdf: Report, xml: Report): string | null {
  if (pdf.price === null) return null;
  const cents = Math.round(Number(pdf.price) * 100) + Math.round(Number(xml.price ?? '0') * 100);
  return (cents / 100).toFixed(2);
}

/** souborSestavy: base64 content, or an MTOM attachment (xop:Include href="cid:…"). */
function fileOf(report: unknown, attachments: Map<string, Buffer>): Buffer | null {
  const node = isRecord(report) ? (report.souborSestavy ?? report.soubor) : undefined;
  if (isRecord(node) && isRecord(node.Include)) {
    const href = node.Include['@_href'];
    if (typeof href !== 'string' || !href.startsWith('cid:')) return null;
    let id: string;
    try {
      id = decodeURIComponent(href.slice(4));
    } catch {
      return null;
    }
    return attachments.get(id) ?? null;
  }
  const content = textOf(node);
  if (!content) return null;
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

/** `vysledek`: zprava elements with a kod and a typ; a CHYBA (or, untyped, a non-zero kod) is an error. */
function checkResult(body: Record<string, unknown>, operation: string, about: 'lv' | 'none'): void {
  for (const message of list(body.vysledek, 'zprava')) {
    const code = (isRecord(message) ? (stringOf(message['@_kod']) ?? text(message, 'kod')) : null) ?? '';
    const type = (isRecord(message) ? (stringOf(message['@_typ']) ?? text(message, 'typ')) : null) ?? '';
    const words = oneLine(textOf(message) ?? (isRecord(message) ? (text(message, 'nazev') ?? text(message, 'text')) : null) ?? '');
    const error = type ? type.toUpperCase() === 'CHYBA' : code !== '' && code !== '0';
    if (error) throw classify({ code, words, server: false }, operation, about);
  }
}

function faultError(fault: unknown, operation: string, about: 'lv' | 'none'): CadastreError {
  const code = text(fault, 'faultcode') ?? '';
  const words = oneLine(text(fault, 'faultstring') ?? '');
  return classify({ code, words, server: /(^|:)Server/i.test(code) }, operation, about);
}

const CREDENTIAL_FAULTS = /FailedAuthentication|InvalidSecurity|SecurityTokenUnavailable|UnsupportedSecurityToken|FailedCheck/i;
const CREDENTIAL_WORDS = /heslo|hesla|přihlá|autentiz|autentik|neoprávněn|authenticat|password|credential|unauthori/i;
const NOT_FOUND_WORDS = /neexist|nenalez|nebyl[aoy]? nalezen|nevede|neznám|not found|does not exist/i;
const TERRITORY_WORDS = /katastráln|území|\bKU\b|katastrUzemi/i;
const LV_WORDS = /list\S* vlastnictv|\bLV\b|lvCislo|lvId/i;

function classify({ code, words, server }: { code: string; words: string; server: boolean }, operation: string, about: 'lv' | 'none'): CadastreError {
  const detail = `WSDP ${operation}: ${code} ${words}`.trim().slice(0, 300);
  if (CREDENTIAL_FAULTS.test(code) || CREDENTIAL_WORDS.test(words)) return new CadastreError('REFUSED', messages.credentials, { detail });
  if (about === 'lv' && NOT_FOUND_WORDS.test(words)) {
    const territory = TERRITORY_WORDS.test(words) && !LV_WORDS.test(words);
    return new CadastreError('NOT_FOUND', territory ? realtyMessages.unknownTerritory : realtyMessages.lvNotFound, { detail });
  }
  if (server) return new CadastreError('UNAVAILABLE', messages.serverError(words), { detail });
  return new CadastreError('REFUSED', messages.rejected(words), { detail });
}

// --- tree helpers -------------------------------------------------------------------------------------

function list(node: unknown, name: string): unknown[] {
  if (!isRecord(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [value];
}

function stringOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const decoded = decodeXmlEntities(value)?.trim();
  return decoded ? decoded : null;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return stringOf(value);
  if (isRecord(value)) return stringOf(value['#text']);
  return null;
}

function text(node: unknown, name: string): string | null {
  const values = list(node, name);
  return values.length === 1 ? textOf(values[0]) : null;
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, 300);
}

function lvKey(lv: LvRef): string {
  return lv.territoryCode !== undefined && lv.lvNumber !== undefined ? `${lv.territoryCode.trim()}/${Number(lv.lvNumber)}` : `id:${lv.externalId.trim()}`;
}

async function readLimited(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new CadastreError('UNAVAILABLE', messages.nonsense, { detail: `answer of ${declared} bytes` });
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) throw new CadastreError('UNAVAILABLE', messages.nonsense, { detail: `answer over ${MAX_RESPONSE_BYTES} bytes` });
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** ECONNREFUSED, ENOTFOUND …: fetch wraps the socket's error as its cause. */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}
