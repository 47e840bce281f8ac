/**
 * The V8 flags the product runs with: `node <these flags> --conditions=lending-compiled apps/api/dist/server.js` (the
 * Dockerfile's CMD, `pnpm start`, the end-to-end tests, the benchmarks). They bound the
 * heap of a long, allocation-heavy request such as a million-row export (docs/decisions/0035,
 * "Third pass"):
 *
 * - `--max-semi-space-size=8`: V8 grows the young generation whenever enough has survived its
 *   collections since the last growth, however little at a time, so under any sustained load it
 *   reaches its maximum (64 MB a semi-space on a machine of this size, both of them touched) and
 *   keeps it; 8 MB semi-spaces hold it to 16 MB.
 * - `--heap-growing-percent=20`: the old generation is collected once it has grown by 20 % over
 *   what the last full collection left, instead of up to 4×; what a busy young generation
 *   promotes and drops is then freed within megabytes, not tens of them.
 *
 * The price is CPU under heavy concurrency: bench:load (64 connections, 2 shared cores) answered
 * ~15-20 % fewer requests a second than with V8's defaults; 4 MB semi-spaces cost ~30 %
 * (docs/decisions/0035, "Third pass", has the numbers).
 *
 * Node accepts the first in NODE_OPTIONS but not the second, so they go on the command line;
 * node-flags.test.ts holds the Dockerfile and package.json to these lists and checks that this
 * Node accepts the flags and applies them.
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=20'];

/**
 * The server as production runs it: compiled to JavaScript by `pnpm build` (tsc, apps/api/dist
 * and packages/contracts/dist), the contracts package taken from its build by the
 * `lending-compiled` export condition. Node's type stripping costs the process ~17 MB and every
 * module's load; development and the test suites run the TypeScript sources as they are.
 */
export const COMPILED_SERVER = { nodeArgs: ['--conditions=lending-compiled'], script: 'apps/api/dist/server.js' } as const;
