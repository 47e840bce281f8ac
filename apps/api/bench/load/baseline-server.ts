// The baseline of the load benchmark: the work of the product's endpoints done as well as it can
// be done with nothing but node:http and pg, so the product's figures can be read as a ratio.
// For every list request, as the product: verify the HS256 access token (signature, expiry,
// issuer, type), look the staff user up (active, role), count and fetch one page with the same
// joins and conditions, and write the same JSON byte for byte (the harness checks). Done right
// here means: an HMAC with a prepared key, one pool of 10 connections as the API's, prepared
// statements, rows as arrays, the count and the page side by side, dates formatted by
// PostgreSQL, no framework, no per-request validation library.
//   GET /api/v1/leads/?page&page_size&state&source&deal_type
//   GET /api/v1/persons/?page&page_size&search
//   GET /api/v1/payments/?page&page_size&ordering&unpaired&deal&search
//   POST /api/v1/leads/leadsor/   a partner's push (push-partner-lead.ts): the key looked up by
//        its prefix and its SHA-256 compared, then in one transaction the identifiers' advisory
//        locks, the lead and the person looked up, the person (with its contacts), the lead and
//        the audit row written: the same rows and locks as the product, in the fewest round
//        trips (BEGIN, locks, one lookup, one write, COMMIT)
//   GET /api/v1/healthcheck/ready/
// Anything else, also another query parameter, is refused: the baseline must never answer a
// question the product would answer differently. Settings: DATABASE_URL, JWT_SECRET, PORT, HOST.
import { createHash, createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { DealType, LeadSource, LeadState, maskBirthNumber, normalisePhone, parseBirthNumber, personDisplayName, type IdentificationType } from '@lending/contracts';
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

// What the product's schema offers the payments list (migration *_payments_list): counts kept
// by triggers and the search's trigram index. Without them (an older schema) the baseline
// counts and searches the plain way, as the product then did.
const paymentsSchema = pool
  .query<{ kept: boolean; search: boolean }>(
    `SELECT to_regclass('payment_counts') IS NOT NULL AS kept, to_regclass('payments_search_trgm_idx') IS NOT NULL AS search`,
  )
  .then((r) => r.rows[0]!);
// The expression of payments_search_trgm_idx (PostgreSQL uses the index only for this very expression).
const PAYMENT_SEARCH = `(coalesce(p.variable_symbol, '') || E'\\x1f' || coalesce(p.specific_symbol, '') || E'\\x1f' || coalesce(p.counter_account, '') || E'\\x1f' || coalesce(p.counter_account_name, '') || E'\\x1f' || coalesce(p.message, '') || E'\\x1f' || coalesce(p.note, '') || E'\\x1f' || coalesce(p.bank_reference, ''))`;
const PAYMENT_SEARCH_FIELDS = ['variable_symbol', 'specific_symbol', 'counter_account', 'counter_account_name', 'message', 'note', 'bank_reference'];
const PAYMENT_ORDERING = new Set(['id', 'date', 'amount', 'created_at']);
const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * GET /api/v1/payments/ as list-payments.ts answers it (ordering -date by default): the page's
 * payments chosen first, then their reversal entry and allocations; the count kept by
 * payment_counts when nothing but `unpaired=false` filters, counted beside the page when the
 * search reads the matching rows anyway, else counted over the filter's index.
 */
async function listPayments(url: URL) {
  const q = url.searchParams;
  only(q, ['page', 'page_size', 'ordering', 'unpaired', 'deal', 'search']);
  const page = intParam(q.get('page'), 1, 2_147_483_647);
  const pageSize = intParam(q.get('page_size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const keys: string[] = [];
  for (const part of (q.get('ordering') ?? '-date').split(',').map((s) => s.trim()).filter(Boolean)) {
    const field = part.replace(/^-/, '');
    if (!PAYMENT_ORDERING.has(field)) throw new Answer(400, 'baseline: bad ordering');
    keys.push(`p.${field} ${part.startsWith('-') ? 'DESC' : 'ASC'}`);
  }
  const order = [...keys, 'p.id DESC'].join(', ');
  const values: unknown[] = [];
  const where: string[] = [];
  const unpaired = q.get('unpaired');
  if (unpaired !== null && !['true', 'false'].includes(unpaired)) throw new Answer(400, 'baseline: bad unpaired');
  if (unpaired === 'true') where.push(`p.deal_id IS NULL AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)`);
  if (unpaired === 'false') where.push('p.deal_id IS NOT NULL');
  const deal = q.get('deal');
  if (deal !== null) {
    values.push(intParam(deal, 1, 2_147_483_647));
    where.push(`p.deal_id = $${values.length}::int`);
  }
  const search = q.get('search')?.trim() ?? '';
  if (search.length > 200) throw new Answer(400, 'baseline: search too long');
  const schema = await paymentsSchema;
  if (search) {
    values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const fields = `(${PAYMENT_SEARCH_FIELDS.map((f) => `p.${f} ILIKE $${values.length}`).join(' OR ')})`;
    where.push(schema.search && !search.includes('\x1f') ? `${PAYMENT_SEARCH} ILIKE $${values.length}` : fields);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const limits = `LIMIT $${values.length + 1}::int OFFSET $${values.length + 2}::int`;
  const columns = `p.id, p.direction::text, p.category::text, p.payment_type::text, p.purpose_type::text, to_char(p.date, 'YYYY-MM-DD'), p.amount::text,
      p.variable_symbol, p.specific_symbol, p.constant_symbol, p.counter_account, p.counter_account_name, p.message, p.note, p.bank_reference,
      p.deal_id, p.reversal_of_id, r.id, p.statement_id, a.allocations, coalesce(a.allocated, 0)::numeric(16, 2)::text,
      CASE WHEN p.direction = 'INCOMING_PAYMENT' AND p.deal_id IS NOT NULL AND p.reversal_of_id IS NULL AND r.id IS NULL
           THEN (p.amount - coalesce(a.allocated, 0))::numeric(16, 2)::text ELSE '0.00' END,
      to_char(p.created_at AT TIME ZONE 'UTC', ${UTC_ISO}), to_char(p.updated_at AT TIME ZONE 'UTC', ${UTC_ISO}), p.entry_method, p.paired_by, p.suggested_deal_id`;
  const joins = `LEFT JOIN LATERAL (SELECT r.id FROM payments r WHERE r.reversal_of_id = p.id LIMIT 1) r ON true
    LEFT JOIN LATERAL (SELECT json_agg(json_build_array(pa.claim_id, c.type, to_char(c.due_date, 'YYYY-MM-DD'), pa.amount::text, pa.rule) ORDER BY pa.id) AS allocations,
                              sum(pa.amount) AS allocated
                         FROM payment_allocations pa JOIN claims c ON c.id = pa.claim_id WHERE pa.payment_id = p.id) a ON true`;
  let text: string;
  if (search) {
    text = `SELECT p.total, ${columns} FROM (SELECT p.*, count(*) OVER ()::int AS total FROM payments p ${filter} ORDER BY ${order} ${limits}) p ${joins} ORDER BY ${order}`;
  } else {
    const kept = schema.kept && deal === null && unpaired !== 'true';
    const count = kept ? `SELECT coalesce(sum(count), 0)::int AS total FROM payment_counts ${unpaired === 'false' ? 'WHERE paired' : ''}` : `SELECT count(*)::int AS total FROM payments p ${filter}`;
    text = `SELECT c.total, ${columns} FROM (${count}) c LEFT JOIN LATERAL (SELECT p.* FROM payments p ${filter} ORDER BY ${order} ${limits}) p ON true ${joins} ORDER BY ${order}`;
  }
  values.push(pageSize, (page - 1) * pageSize);
  const { rows } = await pool.query<unknown[]>({ name: `payments:${createHash('sha1').update(text).digest('base64url')}`, text, values, rowMode: 'array' });
  const total = rows.length ? (rows[0]![0] as number) : search && page === 1 ? 0 : null;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  if (total === null || page > lastPage) throw new Answer(404, 'Neplatná stránka.');
  return {
    count: total,
    next: pageUrl(url, page < lastPage ? page + 1 : null),
    previous: pageUrl(url, page > 1 ? page - 1 : null),
    results: rows
      .filter((row) => row[1] !== null)
      .map((row) => {
        const r = row as [number, number, string, string, string, string | null, string, string, ...(string | null)[]];
        const allocations = (row[20] ?? []) as [number, string, string, string, string | null][];
        return {
          id: r[1],
          direction: r[2],
          category: r[3],
          payment_type: r[4],
          purpose_type: r[5],
          date: r[6],
          amount: r[7],
          variable_symbol: row[8],
          specific_symbol: row[9],
          constant_symbol: row[10],
          counter_account: row[11],
          counter_account_name: row[12],
          message: row[13],
          note: row[14],
          bank_reference: row[15],
          deal: row[16],
          reversal_of: row[17],
          reversed_by: row[18],
          statement: row[19],
          allocations: allocations.map((a) => ({ claim_id: a[0], claim_type: a[1], due_date: a[2], amount: a[3], rule: a[4] })),
          allocated_amount: row[21],
          unallocated_amount: row[22],
          created_at: row[23],
          updated_at: row[24],
          source: row[25] !== null ? 'MANUAL' : row[19] !== null ? 'STATEMENT' : 'BULK_CREATE',
          entry_method: row[25],
          paired_by: row[26],
          suggested_deal: row[27],
        };
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// A partner's push (push-partner-lead.ts, docs/decisions/0007): POST /api/v1/leads/leadsor/
// ---------------------------------------------------------------------------------------------

const API_KEY = /^lk_([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{43})$/;
const LAST_USE_RESOLUTION_MS = 60_000;

interface PushBody {
  external_id: string;
  person: { first_name: string; last_name: string; email?: string; phone?: string; birth_number?: string; identity_card?: string; company_id?: string };
  loan: { type: string; value: number | string; installment_value: number | string; purpose?: string };
  consent: { given: boolean; at: string; text?: string };
  note?: string;
}

/** The partner key's prefix and owner (api-keys/authenticate-api-key.ts), or an answer. */
async function partnerKey(req: http.IncomingMessage): Promise<{ prefix: string; owner: string }> {
  const header = req.headers.authorization ?? '';
  const match = /^api-key\s+(\S+)$/i.exec(header);
  if (!match) throw new Answer(401, 'Nebyly zadány přihlašovací údaje.');
  const key = API_KEY.exec(match[1]!);
  if (!key) throw new Answer(401, 'Neplatný API klíč.');
  const { rows } = await pool.query<[number, string, string, string | null, Date | null]>({
    name: 'api-key',
    text: 'SELECT id, key_hash, owner::text, revoked_at, last_used_at FROM api_keys WHERE prefix = $1',
    values: [key[1]],
    rowMode: 'array',
  });
  const row = rows[0];
  const actual = createHash('sha256').update(match[1]!).digest();
  if (!row || row[3] || !timingSafeEqual(actual, Buffer.from(row[1], 'hex'))) throw new Answer(401, 'Neplatný API klíč.');
  if (row[2] !== 'LEADSOR') throw new Answer(403, 'K této akci nemáte oprávnění.');
  const now = Date.now();
  if (!row[4] || now - row[4].getTime() >= LAST_USE_RESOLUTION_MS) {
    void pool
      .query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)', [row[0], new Date(now), new Date(now - LAST_USE_RESOLUTION_MS)])
      .catch(() => undefined);
  }
  return { prefix: key[1]!, owner: row[2] };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The advisory lock of a person's identifier (persons/lock-person-identifiers.ts): the same lock space as the product's. */
const lockId = (key: string) => createHash('sha256').update(`person:${key}`).digest().readBigInt64BE(0);
const crowns = (value: number | string) => Number(String(value).replace(/[\s\u00a0]/g, '').replace(/Kč$/i, '').replace(',', '.'));

/**
 * The push as the product makes it, no more: the identifiers locked, the lead of the external
 * id and the applicant looked up, then the person (with its e-mail and phone contacts, or only
 * what a known person lacked), the lead and the audit row written; one transaction, four round
 * trips. No validation library: the bench sends valid pushes only (the product's 400s are not
 * measured); what the product derives (the birth number without its slash, the phone in E.164,
 * the birth date, lower-case e-mail) is derived the same way.
 */
async function pushLead(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const key = await partnerKey(req);
  let push: PushBody;
  try {
    push = JSON.parse(await readBody(req)) as PushBody;
  } catch {
    throw new Answer(400, 'baseline: not JSON');
  }
  if (!push?.external_id || !push.person?.first_name || !push.person.last_name || !push.loan || push.consent?.given !== true) throw new Answer(400, 'baseline: incomplete push');
  const externalId = push.external_id.trim();
  const p = push.person;
  const email = p.email ? p.email.trim().toLowerCase() : null;
  const phone = p.phone ? p.phone.trim() : null;
  const phoneE164 = phone ? normalisePhone(phone) : null;
  const birthNumber = p.birth_number ? p.birth_number.trim().replace(/[\s/]/g, '') : null;
  const birthDate = birthNumber ? (parseBirthNumber(birthNumber)?.birthDate ?? null) : null;
  const identityCard = p.identity_card ? p.identity_card.replace(/\s+/g, '').toUpperCase() : null;
  const companyId = p.company_id ? p.company_id.replace(/\s+/g, '') : null;
  const locks = [...new Set([birthNumber && `birth_number:${birthNumber}`, email && `email:${email}`, phoneE164 && `phone:${phoneE164}`].filter((k): k is string => Boolean(k)).map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const payload = JSON.stringify({ kind: 'LEAD', consent: { given: true, at: push.consent.at, ...(push.consent.text === undefined ? {} : { text: push.consent.text }) }, note: push.note ?? null });
  const requestId = randomUUID();
  const client = await pool.connect();
  let answer: { status: number; body: unknown };
  try {
    // Ids computed here (bigints), so BEGIN and the locks go as one simple query.
    await client.query(`BEGIN; ${locks.length ? `SELECT pg_advisory_xact_lock(id) FROM (SELECT id FROM (VALUES ${locks.map((id) => `(${id}::bigint)`).join(', ')}) v(id) ORDER BY id) o` : ''}`);
    // The birth number's person first (only one has it), else the oldest with the e-mail or the
    // phone (with a birth number pushed: only one that has none).
    const candidates = birthNumber
      ? `SELECT id FROM persons WHERE birth_number = $2 OR (birth_number IS NULL AND (email = $3 OR phone_e164 = $4)) ORDER BY birth_number IS NULL, id LIMIT 1`
      : `SELECT id FROM persons WHERE email = $2 OR phone_e164 = $3 ORDER BY id LIMIT 1`;
    const found = await client.query<[number | null, string | null, number | null, number | null]>({
      name: birthNumber ? 'push-lookup' : 'push-lookup-contact',
      text: `SELECT l.id, l.state::text, l.person_id, c.id
               FROM (SELECT 1) one
               LEFT JOIN leads l ON l.source = 'LEADSOR' AND l.external_id = $1
               LEFT JOIN LATERAL (${candidates}) c ON l.id IS NULL`,
      values: birthNumber ? [externalId, birthNumber, email, phoneE164] : [externalId, email, phoneE164],
      rowMode: 'array',
    });
    const [leadId, state, leadPerson, personId] = found.rows[0]!;
    if (leadId !== null) {
      answer = { status: 200, body: { id: leadId, external_id: externalId, source: 'LEADSOR', state, person_id: leadPerson, created: false } };
    } else {
      const person =
        personId === null
          ? `person AS (INSERT INTO persons (identification_type, first_name, last_name, email, phone, phone_e164, birth_number, birth_date, identity_card, company_id, updated_at)
                        VALUES ('BIRTH_NUMBER', $1, $2, $3, $4, $5, $6, $7::date, $8, $9, now()) RETURNING id),
             contacts AS (INSERT INTO person_contacts (person_id, type, value, is_primary, updated_at)
                          SELECT person.id, c.type::"ContactType", c.value, true, now()
                            FROM person, (VALUES ('EMAIL', $3), ('PHONE', $5)) c(type, value) WHERE c.value IS NOT NULL)`
          : `person AS (UPDATE persons SET email = coalesce(email, $3), phone = coalesce(phone, $4), phone_e164 = coalesce(phone_e164, $5),
                               birth_number = coalesce(birth_number, $6), identity_card = coalesce(identity_card, $8), company_id = coalesce(company_id, $9), updated_at = now()
                         WHERE id = $19 RETURNING id)`;
      const written = await client.query<[number, number]>({
        name: personId === null ? 'push-new-person' : 'push-known-person',
        text: `WITH ${person},
               lead AS (INSERT INTO leads (source, external_id, state, person_id, deal_type, value, installment_value, purpose, partner_payload, updated_at)
                        SELECT 'LEADSOR', $10, 'NEW', person.id, $11::"DealType", $12, $13, $14, $15::jsonb, now() FROM person RETURNING id, person_id),
               audit AS (INSERT INTO audit_log (actor_type, actor_id, action, entity, entity_id, changes, request_id, ip)
                         SELECT 'API_KEY', $16, 'lead.push.lead', 'Lead', lead.id::text, jsonb_build_object('partner', 'LEADSOR', 'external_id', $10::text), $17, $18 FROM lead)
               SELECT id, person_id FROM lead`,
        values: [
          p.first_name.trim(),
          p.last_name.trim(),
          email,
          phone,
          phoneE164,
          birthNumber,
          birthDate ? birthDate.toISOString().slice(0, 10) : null,
          identityCard,
          companyId,
          externalId,
          push.loan.type,
          crowns(push.loan.value),
          crowns(push.loan.installment_value),
          push.loan.purpose?.trim() || null,
          payload,
          key.prefix,
          requestId,
          req.socket.remoteAddress ?? 'unknown',
          ...(personId === null ? [] : [personId]),
        ],
        rowMode: 'array',
      });
      const [id, person_id] = written.rows[0]!;
      answer = { status: 201, body: { id, external_id: externalId, source: 'LEADSOR', state: 'NEW', person_id, created: true } };
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    throw error;
  }
  client.release();
  send(res, answer.status, answer.body);
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), ...(stopping ? { Connection: 'close' } : {}) });
  res.end(json);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // The product builds next/previous links from the Host header; so does the baseline.
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  if (req.method === 'POST' && url.pathname === '/api/v1/leads/leadsor/') return pushLead(req, res);
  if (req.method !== 'GET') throw new Answer(405, 'baseline: GET only');
  if (url.pathname === '/api/v1/healthcheck/ready/') {
    await pool.query('SELECT 1');
    return send(res, 200, { status: 'ok' });
  }
  const list = url.pathname === '/api/v1/leads/' ? listLeads : url.pathname === '/api/v1/persons/' ? listPersons : url.pathname === '/api/v1/payments/' ? listPayments : null;
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
