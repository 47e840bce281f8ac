import { makeBirthNumber, makeCompanyId } from '@lending/contracts';

/**
 * Schema-driven request fuzzing: a plausible request for each OpenAPI operation, and malformed
 * variants of it (one change at a time, so a failure names its cause). Everything random comes
 * from one seeded generator: the same seed gives the same requests.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  security: string | null;
  apiKeyOwners: string[];
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body: { contentType: string; schema: JsonSchema } | null;
}

/** The operations of an OpenAPI document, with what the fuzzer needs of each. */
export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const security = (op.security as Record<string, unknown>[] | undefined)?.[0];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const [contentType, media] = content ? Object.entries(content)[0]! : [];
      out.push({
        method,
        path,
        operationId: String(op.operationId),
        security: security ? Object.keys(security)[0]! : null,
        apiKeyOwners: (op['x-api-key-owners'] as string[] | undefined) ?? [],
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        body: contentType && media ? { contentType, schema: media.schema } : null,
      });
    }
  }
  return out;
}

/** mulberry32: small, fast and good enough to pick test cases. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    /** `k` items in a random order, without repeats. */
    sample: <T>(items: readonly T[], k: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, k);
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** JSON text written as is: numbers JSON.parse cannot hold (1e309, -0, 2^63). */
export const rawJson = (text: string): unknown => (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON(text);

/** A query or path value already percent-encoded (malformed escapes cannot be written otherwise). */
export class Encoded {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * Percent-encodes any string, lone surrogates included (encodeURIComponent throws on them):
 * a lone surrogate becomes its three UTF-8-style bytes, which no UTF-8 decoder accepts.
 */
export function percentEncode(value: string | Encoded): string {
  if (value instanceof Encoded) return value.text;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && value.charCodeAt(i + 1) >= 0xdc00 && value.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

const NAMED: Record<string, () => unknown> = {
  email: () => 'jana.novakova@example.cz',
  phone: () => '+420 777 123 456',
  birth_number: () => makeBirthNumber(new Date(Date.UTC(1984, 4, 17)), 'F', 123),
  company_id: () => makeCompanyId(2559664),
  self_employed_id: () => makeCompanyId(2559664),
  identity_card: () => '123456789',
  first_name: () => 'Jana',
  last_name: () => 'Nováková',
  citizenship: () => 'CZ',
  country: () => 'CZ',
  zip: () => '602 00',
  city: () => 'Brno',
  street: () => 'Masarykova',
  number: () => '12',
  whole_address: () => 'Masarykova 12, 602 00 Brno',
  password: () => 'Nespravne-heslo-1',
};

const PATTERNS: [RegExp, string][] = [
  [/^\^\[1-9\]/, '1'],
  [/\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, '2026-01-15'],
  [/\[A-Z\]\{2\}/, 'CZ'],
  [/^\^#/, '#1a2b3c'],
  [/\\d\{3\} \?\\d\{2\}/, '602 00'],
  [/^\^\\d\+\[a-zA-Z\]/, '12'],
  [/^\^\\d\{1,10\}\$$/, '1'],
  [/A-Za-z0-9_-/, 'abc'],
];

/** A value the schema accepts as far as it can say (checksums and cross-field rules aside). */
export function exampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema || Object.keys(schema).length === 0) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return exampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(property, key);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => exampleOf(schema.items, name));
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, type === 'integer' ? 1 : 1.5), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (NAMED[name]) return NAMED[name]();
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.pattern) for (const [pattern, value] of PATTERNS) if (pattern.test(schema.pattern)) return value;
      return 'x'.repeat(Math.max(1, Math.min(schema.minLength ?? 1, 50)));
    }
  }
}

// Values no handler should choke on. Each goes in place of one field, parameter or path part.
const TEXT = {
  nul: 'a\u0000b',
  loneHigh: 'x\ud800y',
  loneLow: '\udc00',
  emoji: 'Půjčka 💥👨‍👩‍👧‍👦',
  rtl: '\u202eabc\u202c שלום مرحبا',
  combining: 'Z̷̢͎a̴̛l̸g̷o e\u0301\u0301\u0301',
  control: '\u0001\u001b[31m\u007f',
  sql: "'; DROP TABLE persons; --",
  spaces: '   ',
  empty: '',
};
const DATES = ['0000-01-01', '1899-12-31', '2101-01-01', '2026-02-30', '99999-01-01', '2026-13-45', '31.12.2026', '0000-01-01T00:00:00Z', '2101-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:59Z'];
const NUMBERS = ['1e309', '-1e309', '-0', '9223372036854775808', '9007199254740993', '1e-400', '1e20', '1e15', '999999999999999', '0.001', '-1', '0', '1.5'];

/** Replacements for a JSON field: wrong types, odd numbers, odd text, bad dates. */
export function jsonValuePool(): unknown[] {
  return [
    null,
    true,
    [],
    {},
    [1, 'a', null],
    { a: { b: [] } },
    ...Object.values(TEXT),
    'x'.repeat(100_000),
    ...DATES,
    ...NUMBERS.map(rawJson),
    ...NUMBERS,
    'abc',
  ];
}

/** Replacements for a query parameter. */
export function queryValuePool(): (string | Encoded)[] {
  return [...Object.values(TEXT), 'x'.repeat(4000), ...DATES, ...NUMBERS, 'NaN', 'Infinity', 'abc', '1,x,,3', 'ano', '-id', 'password', new Encoded('%'), new Encoded('%ZZ'), new Encoded('%C3'), new Encoded('%ED%A0%80')];
}

/** Replacements for a path parameter (ids and tokens). */
export function pathValuePool(): (string | Encoded)[] {
  return [
    '999999',
    '0',
    '-1',
    '1.5',
    '-0',
    '1e3',
    '0x10',
    '9223372036854775808',
    '2147483648',
    'abc',
    ' 1',
    '１',
    'x'.repeat(5000),
    TEXT.nul,
    TEXT.loneHigh,
    TEXT.emoji,
    TEXT.rtl,
    TEXT.combining,
    TEXT.sql,
    new Encoded('%00'),
    new Encoded('%ZZ'),
    new Encoded('%C3%28'),
    new Encoded('%ED%A0%80'),
    new Encoded('..%2F..%2Fetc%2Fpasswd'),
  ];
}

/** `depth` objects inside each other. */
export function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Every path to a field of a JSON value, down to `maxDepth`. */
export function fieldPaths(value: unknown, maxDepth = 3, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= maxDepth || value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    out.push(...fieldPaths(child, maxDepth, [...prefix, key]));
  }
  return out;
}

/** A deep copy with the field at `path` replaced (or removed, for `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (replacement === REMOVE && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = withField(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (replacement === REMOVE && rest.length === 0) delete copy[head!];
  else copy[head!] = withField(copy[head!], rest, replacement);
  return copy;
}

export interface Variant {
  label: string;
  path: Record<string, string | Encoded>;
  query: [string, string | Encoded][];
  /** Encoded when sent: most variants are sampled away unsent. */
  body?: () => { contentType: string; text: string };
  authorization?: string | null;
}

/** Stack traces, file positions and SQL: what a body must never show. */
export const LEAK = /at .*\.ts:\d+|prisma|SELECT |INSERT |violates|syntax error/i;

/** What a request of an operation looks like when nothing is wrong with it. */
export interface BaseRequest {
  path: Record<string, string>;
  query: [string, string][];
  /** JSON value (application/json), or fields (form-encoded and multipart bodies). */
  body?: unknown;
  authorization: string | null;
}

function encodeBody(contentType: string, value: unknown): { contentType: string; text: string } {
  if (contentType === 'application/json') return { contentType, text: JSON.stringify(value) ?? 'null' };
  const fields = Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const);
  if (contentType === 'application/x-www-form-urlencoded') {
    return { contentType, text: fields.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v ?? '')}`).join('&') };
  }
  const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';
  const parts = fields.map(([k, v]) =>
    k === 'file'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="vypis.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n${v}\n%%EOF\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, text: `${parts.join('')}--${boundary}--\r\n` };
}

const show = (value: unknown) => {
  const text = value instanceof Encoded ? value.text : typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 40 ? `${text.slice(0, 30)}…(${text.length})` : text;
};

/**
 * Malformed variants of one operation's request, at most `budget` of them: the plain request,
 * junk bodies and credentials always; then path, query and body-field changes in equal shares.
 */
export function variantsOf(op: Operation, base: BaseRequest, random: Random, budget: number): Variant[] {
  const plain = (label: string, change: Partial<Variant> = {}): Variant => ({
    label,
    path: base.path,
    query: base.query,
    body: op.body || base.body !== undefined ? () => encodeBody(op.body?.contentType ?? 'application/json', base.body) : undefined,
    authorization: base.authorization,
    ...change,
  });
  const always: Variant[] = [plain('as documented')];
  const hasBody = op.body !== null || ['post', 'put', 'patch'].includes(op.method);
  if (hasBody) {
    const json = (label: string, text: string, contentType = 'application/json') => plain(label, { body: () => ({ contentType, text }) });
    always.push(
      json('body []', '[]'),
      json('body "text"', '"text"'),
      json('body null', 'null'),
      json('body {}', '{}'),
      json('body truncated', '{"a":'),
      json('body 100 deep', nested(100)),
      json('body 100,000 deep', '['.repeat(100_000) + ']'.repeat(100_000)),
      json('body with NUL key', '{"\\u0000":1}'),
      json('body with lone surrogate key', '{"\\ud800":1}'),
      json('body __proto__', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}'),
      json('body as text/plain', '{}', 'text/plain'),
      json('body in latin1', '{}', 'application/json; charset=latin1'),
      json('body in utf-16', '{}', 'application/json; charset=utf-16le'),
      json('body of 2 MB', JSON.stringify({ a: 'x'.repeat(2_000_000) })),
    );
  }
  if (op.security) {
    for (const authorization of [null, 'Bearer x.y.z', 'Api-Key lk_nope.nope', 'Basic Og==', 'Basic ' + Buffer.from('\u0000:\ud800').toString('base64'), 'Bearer', 'Negotiate abc']) {
      always.push(plain(`Authorization ${show(authorization)}`, { authorization }));
    }
  }

  const pathVariants: Variant[] = [];
  for (const name of Object.keys(base.path)) {
    for (const value of pathValuePool()) pathVariants.push(plain(`path ${name}=${show(value)}`, { path: { ...base.path, [name]: value } }));
  }
  const queryVariants: Variant[] = [];
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  for (const param of queryParams) {
    const rest = base.query.filter(([k]) => k !== param.name);
    for (const value of queryValuePool()) queryVariants.push(plain(`query ${param.name}=${show(value)}`, { query: [...rest, [param.name, value]] }));
    queryVariants.push(plain(`query ${param.name} twice`, { query: [...rest, [param.name, '1'], [param.name, '2']] }));
    queryVariants.push(plain(`query ${param.name}[x]`, { query: [...rest, [`${param.name}[x]`, '1']] }));
  }
  queryVariants.push(plain('query page=0', { query: [...base.query, ['page', '0']] }), plain('query page_size=10^9', { query: [...base.query, ['page_size', '1000000000']] }));
  queryVariants.push(
    plain('query junk everywhere', {
      query: [...base.query, ['page', 'abc'], ['page_size', '-5'], ['ordering', 'password'], ['date_from', '0000-01-01'], ['excluded_ids', '1,x,,3'], ['state', '\u0000'], ['search', TEXT.loneHigh], ['\u0000', 'x']],
    }),
  );
  const bodyVariants: Variant[] = [];
  if (hasBody && base.body !== undefined && op.body?.contentType !== 'multipart/form-data') {
    const contentType = op.body?.contentType ?? 'application/json';
    for (const path of fieldPaths(base.body)) {
      const name = path.join('.');
      bodyVariants.push(plain(`body without ${name}`, { body: () => encodeBody(contentType, withField(base.body, path, REMOVE)) }));
      for (const value of jsonValuePool()) {
        bodyVariants.push(plain(`body ${name}=${show(value)}`, { body: () => encodeBody(contentType, withField(base.body, path, value)) }));
      }
    }
    for (const [key, value] of [['unexpected', 'x'], ['\u0000', 1], ['\ud800', 1], ['a'.repeat(10_000), 1]] as const) {
      bodyVariants.push(plain(`body extra ${show(key)}`, { body: () => encodeBody(contentType, { ...(base.body as object), [key]: value }) }));
    }
  }
  const groups = [pathVariants, queryVariants, bodyVariants].filter((g) => g.length > 0);
  const share = Math.max(0, Math.floor((budget - always.length) / Math.max(1, groups.length)));
  return [...always, ...groups.flatMap((g) => random.sample(g, share))];
}
