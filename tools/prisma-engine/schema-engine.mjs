#!/usr/bin/env node
// Offline stand-in for Prisma's native `schema-engine` binary.
//
// The Prisma CLI downloads a native schema engine from binaries.prisma.sh, which locked-down
// networks (ours, CI's, many lenders') cannot reach. The CLI package already ships the same
// engine compiled to wasm (build/schema_engine_bg.wasm). This executable speaks the native
// binary's command-line and JSON-RPC protocol and delegates every method to that wasm engine,
// which talks to PostgreSQL through @prisma/adapter-pg. The CLI finds it through
// PRISMA_SCHEMA_ENGINE_BINARY, set by ./prisma.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import readline from 'node:readline';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import * as wasmGlue from '@prisma/schema-engine-wasm/schema_engine_bg';

const require = createRequire(import.meta.url);

/** @typedef {import('@prisma/driver-adapter-utils').SqlDriverAdapter} SqlDriverAdapter */
/** @typedef {import('@prisma/driver-adapter-utils').SqlMigrationAwareDriverAdapterFactory} SqlMigrationAwareDriverAdapterFactory */
/**
 * @typedef {object} Args
 * @property {string[]} datamodels
 * @property {{ url?: string; shadowDatabaseUrl?: string } | null} datasource
 * @property {string | null} cli
 */

// ---------------------------------------------------------------------------------------------
// Arguments: [--datamodels FILE]... [--datasource JSON] [--enabled-preview-features a,b]
//            [--extension-types JSON] [cli can-connect-to-database|create-database]
/**
 * @param {string[]} argv
 * @returns {Args}
 */
export function parseArgs(argv) {
  /** @type {Args} */
  const args = { datamodels: [], datasource: null, cli: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--datamodels') args.datamodels.push(String(argv[++i]));
    else if (a === '--datasource') args.datasource = JSON.parse(String(argv[++i]));
    else if (a === '--enabled-preview-features' || a === '--extension-types') i++;
    else if (a === 'cli') args.cli = argv[++i] ?? null;
    else if (a === '--version' || a === '-V') args.cli = 'version';
  }
  return args;
}

// ---------------------------------------------------------------------------------------------
// Adapter fixes (see shared/notes/prisma-offline.md)

// Type ids @prisma/adapter-pg maps itself; other system types (< 16384) make it throw.
const ADAPTER_KNOWN_OIDS = new Set([
  16, 17, 19, 20, 21, 23, 25, 26, 114, 142, 650, 700, 701, 790, 869, 1042, 1043, 1082, 1083,
  1114, 1184, 1266, 1560, 1562, 1700, 2950, 3802,
  // arrays
  143, 199, 651, 791, 1000, 1001, 1002, 1005, 1007, 1009, 1014, 1015, 1016, 1021, 1022, 1028,
  1041, 1115, 1182, 1183, 1185, 1231, 1561, 1563, 2951, 3807,
]);
const PG_CHAR_OID = 18; // the one-byte "char" of pg_catalog (constraint types, relkinds)
const PG_TEXT_OID = 25;
const FIRST_NORMAL_OBJECT_ID = 16384;

/**
 * Rewrites catalog column types the adapter refuses; returns the indexes of "char" columns.
 * @param {{ dataTypeID: number }[]} fields
 * @returns {number[]}
 */
function normaliseFields(fields) {
  /** @type {number[]} */
  const charColumns = [];
  fields.forEach((field, index) => {
    const oid = field.dataTypeID;
    if (oid >= FIRST_NORMAL_OBJECT_ID || ADAPTER_KNOWN_OIDS.has(oid)) return;
    if (oid === PG_CHAR_OID) charColumns.push(index);
    field.dataTypeID = PG_TEXT_OID;
  });
  return charColumns;
}

/**
 * Reaches into the adapter's internals (performIO, its prototype's queryRaw), which its types
 * do not describe: hence `any`.
 * @param {any} adapter
 * @returns {any} the same adapter, patched
 */
function patchAdapter(adapter) {
  const queryRaw = Object.getPrototypeOf(Object.getPrototypeOf(adapter)).queryRaw;
  const performIO = adapter.performIO.bind(adapter);
  /** @param {unknown} query */
  adapter.queryRaw = async (query) => {
    /** @type {number[]} */
    let charColumns = [];
    const view = Object.create(adapter, {
      performIO: {
        /** @param {unknown} q */
        value: async (q) => {
          const result = await performIO(q);
          charColumns = normaliseFields(result.fields);
          return result;
        },
      },
    });
    const result = await queryRaw.call(view, query);
    for (const index of charColumns) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  // The adapter splits scripts on ';', which breaks $$-quoted bodies and string literals.
  // The native engine sends a migration as one multi-statement simple query: do the same.
  /** @param {string} script */
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      adapter.onError(error);
    }
  };
  return adapter;
}

/**
 * @param {string} url
 * @param {string} database
 */
function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(database);
  return u.toString();
}

/** @param {string} url */
function databaseOf(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** @param {string} name */
function quoteIdent(name) {
  return '"' + String(name).replaceAll('"', '""') + '"';
}

/**
 * Runs `fn(client)` on a short-lived connection to the server's maintenance database.
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function onMaintenanceDb(url, fn) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

class AdapterFactory extends PrismaPg {
  /**
   * @param {string} url
   * @param {string | undefined} shadowUrl
   */
  constructor(url, shadowUrl) {
    super({ connectionString: url });
    this.url = url;
    this.shadowUrl = shadowUrl;
  }

  /** @override */
  async connect() {
    return patchAdapter(await super.connect());
  }

  // PrismaPg.connectToShadowDb() ignores the new database's name when built from a
  // connection string, so shadow migrations would run against the main database.
  /** @override */
  async connectToShadowDb() {
    if (this.shadowUrl) {
      const factory = new PrismaPg({ connectionString: this.shadowUrl });
      const adapter = patchAdapter(await factory.connect());
      const schema = new URL(this.shadowUrl).searchParams.get('schema') ?? 'public';
      await adapter.executeScript(
        `DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE; CREATE SCHEMA ${quoteIdent(schema)};`,
      );
      return adapter;
    }
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    await onMaintenanceDb(this.url, (c) => c.query(`CREATE DATABASE ${quoteIdent(database)}`));
    const factory = new PrismaPg({ connectionString: withDatabase(this.url, database) });
    const adapter = patchAdapter(await factory.connect());
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await onMaintenanceDb(this.url, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`),
      );
    };
    return adapter;
  }
}

// Schema-to-schema diffs need no database, but the engine probes one when it starts.
/** @implements {SqlMigrationAwareDriverAdapterFactory} */
class OfflineAdapterFactory {
  /** @type {'postgres'} */
  provider = 'postgres';
  adapterName = '@lending/prisma-engine-offline';
  async connect() {
    return this.#adapter();
  }
  async connectToShadowDb() {
    return this.#adapter();
  }
  /** @returns {SqlDriverAdapter} */
  #adapter() {
    /** @type {import('@prisma/driver-adapter-utils').SqlResultSet} */
    const empty = { columnNames: [], columnTypes: [], rows: [] };
    return {
      provider: 'postgres',
      adapterName: this.adapterName,
      queryRaw: async () => empty,
      executeRaw: async () => 0,
      executeScript: async () => {},
      startTransaction: async () => {
        throw new Error('No database is configured for this command.');
      },
      getConnectionInfo: () => ({ supportsRelationJoins: true }),
      dispose: async () => {},
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The wasm engine

/** @type {string | null} */
let panicMessage = null;
/** @type {any} */ (globalThis).PRISMA_WASM_PANIC_REGISTRY = {
  /** @param {string} message */
  set_message(message) {
    panicMessage = message;
  },
};

/** @type {Promise<typeof wasmGlue> | null} */
let wasmReady = null;
function loadWasm() {
  wasmReady ??= (async () => {
    const prismaDir = path.dirname(require.resolve('prisma/package.json'));
    const wasmPath = path.join(prismaDir, 'build', 'schema_engine_bg.wasm');
    const module = await WebAssembly.compile(readFileSync(wasmPath));
    const instance = await WebAssembly.instantiate(module, { './schema_engine_bg.js': wasmGlue });
    wasmGlue.__wbg_set_wasm(instance.exports);
    /** @type {{ __wbindgen_start?: () => void }} */ (instance.exports).__wbindgen_start?.();
    return wasmGlue;
  })();
  return wasmReady;
}

/**
 * @param {string} level
 * @param {string} message
 * @param {Record<string, unknown>} [extra]
 */
function writeLog(level, message, extra = {}) {
  process.stderr.write(JSON.stringify({ level, target: 'schema_engine::logger', fields: { message, ...extra } }) + '\n');
}

/** @param {unknown} line */
function onEngineLog(line) {
  // The wasm engine logs JSON strings already shaped like the native engine's stderr lines.
  const text = String(line);
  try {
    JSON.parse(text);
    process.stderr.write(text + '\n');
  } catch {
    writeLog('INFO', text);
  }
}

/**
 * @param {Args} args
 * @param {[string, string][]} datamodels
 */
async function createEngine(args, datamodels) {
  const glue = await loadWasm();
  const url = args.datasource?.url;
  const factory = url ? new AdapterFactory(url, args.datasource?.shadowDatabaseUrl) : new OfflineAdapterFactory();
  return glue.SchemaEngine.new({ datamodels }, onEngineLog, bindMigrationAwareSqlAdapterFactory(factory));
}

// Commands such as `migrate diff` start the engine without a schema; the wasm engine still
// needs one to pick its connector (it aborts without), so it gets the bare minimum.
/** @type {[string, string]} */
const MINIMAL_SCHEMA = ['schema.prisma', 'datasource db {\n  provider = "postgresql"\n}\n'];

/** @param {Args} args */
function createEngineFactory(args) {
  /** @type {Promise<import('@prisma/schema-engine-wasm/schema_engine_bg').SchemaEngine> | null} */
  let enginePromise = null;
  return () => {
    enginePromise ??= (async () => {
      /** @type {[string, string][]} */
      const datamodels = args.datamodels.map((file) => [file, readFileSync(file, 'utf8')]);
      return createEngine(args, datamodels.length ? datamodels : [MINIMAL_SCHEMA]);
    })();
    // A failed start must surface as an RPC error now and be retried by the next request.
    enginePromise.catch(() => {
      enginePromise = null;
    });
    return enginePromise;
  };
}

/**
 * Errors of the engine, of pg and of the wasm glue alike: read duck-typed.
 * @param {any} error
 */
function toRpcError(error) {
  if (panicMessage) {
    const message = panicMessage;
    panicMessage = null;
    return { code: 4466, message, data: { is_panic: true, message, backtrace: String(error?.stack ?? '') } };
  }
  const message = error?.message ?? String(error);
  /** @type {{ is_panic: false; message: string; error_code?: string; meta?: unknown }} */
  const data = { is_panic: false, message };
  if (error?.code && /^P\d{4}$/.test(error.code)) data.error_code = error.code;
  if (error?.error_code) data.error_code = error.error_code;
  if (error?.meta) data.meta = error.meta;
  return { code: 4466, message: 'An error happened. Check the data field for details.', data };
}

// ---------------------------------------------------------------------------------------------
// Long-running JSON-RPC mode

/**
 * JSON-RPC requests and params are the CLI's, passed to the engine as they come: `any`.
 * @param {Args} args
 */
async function serve(args) {
  const engine = createEngineFactory(args);
  /** @param {object} obj */
  const write = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
  /** @type {Map<number, (value?: unknown) => void>} */
  const pendingPrints = new Map();
  let nextPrintId = 1_000_000;

  /** @param {string} content */
  const print = (content) =>
    new Promise((resolve) => {
      const id = nextPrintId++;
      pendingPrints.set(id, resolve);
      write({ jsonrpc: '2.0', id, method: 'print', params: { content } });
    });

  /** @type {Record<string, (params: any) => Promise<unknown>>} */
  const methods = {
    async createDatabase(params) {
      const url = params?.datasource?.tag === 'ConnectionString' ? params.datasource.url : args.datasource?.url;
      if (!url) throw new Error('No datasource URL was given.');
      const name = databaseOf(url);
      await onMaintenanceDb(url, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
      return { databaseName: name };
    },
    async getDatabaseVersion() {
      return (await engine()).version();
    },
    async diff(params) {
      // Without --datamodels the engine knows no preview features (postgresqlExtensions, for
      // one, decides whether extensions are compared); take them from the schemas diffed.
      /** @type {{ path: string; content: string }[]} */
      const files = [params?.from, params?.to].flatMap((target) => target?.files ?? []);
      const instance =
        args.datamodels.length === 0 && files.length > 0
          ? await createEngine(args, files.map((f) => [f.path, f.content]))
          : await engine();
      const result = await instance.diff(params);
      if (result?.stdout) await print(result.stdout);
      return { exitCode: result?.exitCode ?? 0 };
    },
  };

  let queue = Promise.resolve();
  /** @param {any} request */
  const handle = async (request) => {
    try {
      const own = methods[request.method];
      let result;
      if (own) result = await own(request.params);
      else {
        const instance = /** @type {any} */ (await engine());
        if (typeof instance[request.method] !== 'function') {
          write({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `Method not found: ${request.method}` } });
          return;
        }
        result = await instance[request.method](request.params ?? {});
      }
      write({ jsonrpc: '2.0', id: request.id, result: result ?? null });
    } catch (error) {
      write({ jsonrpc: '2.0', id: request.id, error: toRpcError(error) });
    }
  };

  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      writeLog('ERROR', `Could not parse request: ${line.slice(0, 200)}`);
      return;
    }
    const printed = message.method === undefined ? pendingPrints.get(message.id) : undefined;
    if (printed) {
      printed();
      pendingPrints.delete(message.id);
      return;
    }
    // One request at a time, in order, as the native engine does.
    queue = queue.then(() => handle(message));
  });
  lines.on('close', () => {
    queue.then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------
// One-shot `cli` mode

/**
 * @param {string} code
 * @param {string} message
 * @returns {never}
 */
function cliFailure(code, message) {
  // The CLI ignores the first stderr line and reads the error from the JSON lines after it.
  process.stderr.write('schema-engine stand-in: command failed\n');
  writeLog('ERROR', message, { error_code: code });
  process.exit(1);
}

/**
 * @param {any} error a pg or network error
 * @param {string} url
 * @returns {[string, string]} error code and message for the CLI
 */
function classifyPgError(error, url) {
  const db = databaseOf(url);
  if (error?.code === '3D000') return ['P1003', `Database \`${db}\` does not exist`];
  if (error?.code === '28P01' || error?.code === '28000')
    return ['P1000', `Authentication failed against database server, the provided database credentials are not valid.`];
  if (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(error?.code)) {
    const u = new URL(url);
    return ['P1001', `Can't reach database server at \`${u.hostname}:${u.port || 5432}\``];
  }
  return ['P1000', error?.message ?? String(error)];
}

/** @param {Args} args */
async function runCli(args) {
  if (args.cli === 'version') {
    process.stdout.write(`schema-engine-cli (wasm stand-in) ${(await loadWasm()).version()}\n`);
    return;
  }
  const url = args.datasource?.url;
  if (!url) cliFailure('P1012', 'No datasource URL was given.');
  if (args.cli === 'can-connect-to-database') {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
    } catch (error) {
      cliFailure(...classifyPgError(error, url));
    }
    return;
  }
  if (args.cli === 'create-database') {
    try {
      await onMaintenanceDb(url, (c) => c.query(`CREATE DATABASE ${quoteIdent(databaseOf(url))}`));
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error)?.code === '42P04') return; // already exists
      cliFailure(...classifyPgError(error, url));
    }
    return;
  }
  cliFailure('P1000', `Unknown cli command: ${args.cli}`);
}

const args = parseArgs(process.argv.slice(2));
if (args.cli) {
  runCli(args).then(
    () => process.exit(0),
    (error) => cliFailure('P1000', error?.message ?? String(error)),
  );
} else {
  serve(args);
}
