// The baseline of the load benchmark: the work of the product's list endpoints done as well as it
// can be done with nothing but node:http and pg, so the product's figures can be read as a ratio.
// For every request, as the product: verify the HS256 access token (signature, expiry, issuer,
// type), look the staff user up (active, role), count and fetch one page with the same joins
// and conditions, and write the same JSON byte for byte (the harness checks). Done right here
// means: an HMAC with a prepared key, one pool of 10 connections as the API's, prepared
// statements, rows as arrays, the count and the page side by side, dates formatted by
// PostgreSQL, no framework, no per-request validation library.
//   GET /api/v1/leads/?page&page_size&state&source&deal_type
//   GET /api/v1/persons/?page&page_size&search
//   GET /api/v1/healthcheck/ready/
// Anything else, also another query parameter, is refused: the baseline must never answer a
// question the product would answer differently. Settings: DATABASE_URL, JWT_SECRET, PORT, HOST.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { DealType, LeadSource, LeadState, maskBirthNumber, personDisplayName, type IdentificationType } from '@lending/contracts';
import pg from 'pg';
import { personName } from '../../src/modules/leads/lead-views.ts';
import { searchWords } from '../../src/modules/persons/person-search.ts';

const POOL_SIZE = 10; // the API's (apps/api/src/db/prisma.ts)
const ISSUER = 'lending-api';
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const env = process.env;
if (!env.DATABASE_URL || !env.JWT_SECRET) {
  process.stderr.write('baseline-server: DATABASE_URL and JWT_SECRET are required\n');
  process.exit(2);
}
const key = createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8'));
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: POOL_SIZE });
pool.on('error', () => undefined);

class Answer extends Error {
  readonly status: number;
  constructor(status: number, detail: string) {
    super(detail);
    this.status = status;
  }
}

/** The staff user id of a valid access token (as jsonwebtoken.verify + tokens.ts check it), or null. */
function verifyAccessToken(token: string): number | null {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first < 0 || second < 0 || token.indexOf('.', second + 1) >= 0) return null;
  const signature = Buffer.from(token.slice(second + 1), 'base64url');
  const expected = createHmac('sha256', key).update(token.slice(0, second)).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, first), 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return null;
    const payload = JSON.parse(Buffer.from(token.slice(first + 1, second), 'base64url').toString('utf8')) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || now >= payload.exp) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || now < payload.nbf)) return null;
    if (payload.iss !== ISSUER || payload.type !== 'access' || typeof payload.sub !== 'string') return null;
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
  } catch {
    return null;
  }
}

async function authenticate(req: http.IncomingMessage): Promise<void> {
  const header = req.headers.authorization ?? '';
  if (!/^bearer /i.test(header)) throw new Answer(401, 'Nebyly zadány přihlašovací údaje.');
  const id = verifyAccessToken(header.slice(7).trim());
  if (id === null) throw new Answer(401, 'Přihlašovací token je neplatný nebo vypršel.');
  const user = await pool.query<[boolean, string]>({ name: 'staff-user', text: 'SELECT is_active, role FROM staff_users WHERE id = $1', values: [id], rowMode: 'array' });
  // Every staff role may read the lists (staffMayCall for GET).
  if (!user.rows[0]?.[0]) throw new Answer(401, 'Přihlašovací token je neplatný nebo vypršel.');
}

function intParam(value: string | null, fallback: number, max: number): number {
  if (value === null) return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) throw new Answer(400, 'baseline: bad paging');
  return Number(value);
}

function only(params: URLSearchParams, allowed: string[]): void {
  for (const name of params.keys()) if (!allowed.includes(name)) throw new Answer(400, `baseline: parameter ${name} is not implemented`);
}

function pageUrl(listUrl: URL, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(listUrl);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** The count and the page query side by side; DRF's envelope as pagination.ts writes it. */
async function paginate<T>(listUrl: URL, page: number, pageSize: number, count: pg.QueryConfig, rows: pg.QueryConfig, item: (row: unknown[]) => T) {
  const [counted, fetched] = await Promise.all([pool.query<[number]>({ ...count, rowMode: 'array' }), pool.query<unknown[]>({ ...rows, rowMode: 'array' })]);
  const total = counted.rows[0]![0];
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > lastPage) throw new Answer(404, 'Neplatná stránka.');
  return {
    count: total,
    next: pageUrl(listUrl, page < lastPage ? page + 1 : null),
    previous: pageUrl(listUrl, page > 1 ? page - 1 : null),
    results: fetched.rows.map(item),
  };
}

const leadStates = new Set<string>(LeadState.values);
const leadSources = new Set<string>(LeadSource.values);
const dealTypes = new Set<string>(DealType.values);
// Money as the API writes it: the decimal string of numeric(14, 2), as PostgreSQL gives it.
const money = (value: string | null) => value;

/** GET /api/v1/leads/ as list-leads.ts + lead-views.ts answer it (ordering -created_at). */
function listLeads(url: URL) {
  const q = url.searchParams;
  only(q, ['page', 'page_size', 'state', 'source', 'deal_type']);
  const page = intParam(q.get('page'), 1, 2_147_483_647);
  const pageSize = intParam(q.get('page_size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const where: string[] = [];
  const values: unknown[] = [];
  const names: string[] = [];
  const states = q.get('state')?.split(',').map((s) => s.trim()).filter(Boolean);
  if (states?.length) {
    if (!states.every((s) => leadStates.has(s))) throw new Answer(400, 'baseline: bad state');
    values.push(states);
    where.push(`l.state = ANY($${values.length}::"LeadState"[])`);
    names.push('state');
  }
  for (const [param, column, type, allowed] of [
    ['source', 'source', 'LeadSource', leadSources],
    ['deal_type', 'deal_type', 'DealType', dealTypes],
  ] as const) {
    const value = q.get(param);
    if (value === null) continue;
    if (!allowed.has(value)) throw new Answer(400, `baseline: bad ${param}`);
    values.push(value);
    where.push(`l.${column} = $${values.length}::"${type}"`);
    names.push(param);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const name = `leads:${names.join(',')}`;
  return paginate(
    url,
    page,
    pageSize,
    { name: `${name}:count`, text: `SELECT count(*)::int FROM leads l ${whereSql}`, values },
    {
      name: `${name}:page`,
      text: `SELECT l.id, l.state, l.source, l.deal_type, l.value, l.installment_value, l.person_id, p.first_name, p.last_name, p.company_name,
                    to_char(l.created_at, ${ISO}), to_char(l.updated_at, ${ISO}), r.id, r.code, r.name, l.offer_applied
             FROM leads l
             LEFT JOIN persons p ON p.id = l.person_id
             LEFT JOIN application_closed_reasons r ON r.id = l.closed_reason_id
             ${whereSql}
             ORDER BY l.created_at DESC, l.id DESC
             LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      values: [...values, pageSize, (page - 1) * pageSize],
    },
    (row) => {
      const r = row as [number, string, string, string | null, string | null, string | null, number | null, string | null, string | null, string | null, string, string, number | null, string | null, string | null, boolean];
      return {
        id: r[0],
        state: r[1],
        source: r[2],
        deal_type: r[3],
        value: money(r[4]),
        installment_value: money(r[5]),
        person: r[6] === null ? null : { id: r[6], name: personName({ id: r[6], firstName: r[7], lastName: r[8], companyName: r[9] }) },
        created_at: r[10],
        updated_at: r[11],
        closed_reason: r[12] === null ? null : { id: r[12], code: r[13], name: r[14] },
        offer_applied: r[15],
      };
    },
  );
}

/** GET /api/v1/persons/ as list-persons.ts answers it (search only; ordering -created_at). */
function listPersons(url: URL) {
  const q = url.searchParams;
  only(q, ['page', 'page_size', 'search']);
  const page = intParam(q.get('page'), 1, 2_147_483_647);
  const pageSize = intParam(q.get('page_size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const search = q.get('search')?.trim() ?? '';
  if (search.length > 200) throw new Answer(400, 'baseline: search too long');
  const words = search ? searchWords(search) : [];
  const whereSql = words.length ? `WHERE ${words.map((_, i) => `p.search_text LIKE $${i + 1}`).join(' AND ')}` : '';
  const values = words.map((word) => `% ${word}%`);
  const name = `persons:${words.length}`;
  return paginate(
    url,
    page,
    pageSize,
    { name: `${name}:count`, text: `SELECT count(*)::int FROM persons p ${whereSql}`, values },
    {
      name: `${name}:page`,
      text: `SELECT q.id, q.identification_type, q.first_name, q.last_name, q.company_name, q.birth_number, q.birth_date, q.company_id, q.email, q.phone,
                    q.is_internal, q.has_execution, q.has_insolvency, to_char(q.created_at, ${ISO}), to_char(q.updated_at, ${ISO}),
                    EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.person_id = q.id),
                    EXISTS (SELECT 1 FROM deal_participants dp WHERE dp.person_id = q.id), q.phone_e164
             FROM (
               SELECT p.id, p.identification_type::text AS identification_type, p.first_name, p.last_name, p.company_name, p.birth_number,
                      to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.company_id, p.email, p.phone, p.is_internal, p.has_execution,
                      p.has_insolvency, p.created_at, p.updated_at, p.phone_e164
               FROM persons p ${whereSql}
               ORDER BY p.created_at DESC, p.id DESC
               LIMIT $${values.length + 1} OFFSET $${values.length + 2}
             ) q
             ORDER BY q.created_at DESC, q.id DESC`,
      values: [...values, pageSize, (page - 1) * pageSize],
    },
    (row) => {
      const r = row as [number, IdentificationType, string | null, string | null, string | null, string | null, string | null, string | null, string | null, string | null, boolean, boolean, boolean, string, string, boolean, boolean, string | null];
      return {
        id: r[0],
        identification_type: r[1],
        name: personDisplayName({ identification_type: r[1], first_name: r[2], last_name: r[3], company_name: r[4] }),
        first_name: r[2],
        last_name: r[3],
        company_name: r[4],
        birth_date: r[6],
        company_id: r[7],
        email: r[8],
        phone: r[9],
        phone_e164: r[17],
        is_internal: r[10],
        has_execution: r[11],
        has_insolvency: r[12],
        is_blacklisted: r[15],
        created_at: r[13],
        updated_at: r[14],
        birth_number_masked: r[5] ? maskBirthNumber(r[5]) : null,
        has_deal: r[16],
      };
    },
  );
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), ...(stopping ? { Connection: 'close' } : {}) });
  res.end(json);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // The product builds next/previous links from the Host header; so does the baseline.
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  if (req.method !== 'GET') throw new Answer(405, 'baseline: GET only');
  if (url.pathname === '/api/v1/healthcheck/ready/') {
    await pool.query('SELECT 1');
    return send(res, 200, { status: 'ok' });
  }
  const list = url.pathname === '/api/v1/leads/' ? listLeads : url.pathname === '/api/v1/persons/' ? listPersons : null;
  if (!list) throw new Answer(404, 'baseline: not implemented');
  await authenticate(req);
  send(res, 200, await list(url));
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (error instanceof Answer) send(res, error.status, { detail: error.message });
    else {
      process.stderr.write(`baseline-server: ${(error as Error)?.stack ?? String(error)}\n`);
      send(res, 500, { detail: 'baseline: internal error' });
    }
  });
});

server.listen(Number(env.PORT ?? 3100), env.HOST ?? '127.0.0.1');

// Stop: no new connections, answers in flight finished (their connections closed after them),
// then the pool.
let stopping = false;
const stop = () => {
  stopping = true;
  server.close(() => void pool.end().finally(() => process.exit(0)));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
