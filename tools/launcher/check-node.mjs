// Stops at once, with one line, when this Node.js is older than the project needs (the root
// package.json's `engines.node`, ">=24.11.0"). pnpm itself only warns "Unsupported engine" and
// carries on, to fail later in ways that do not say why. Run before anything else by `npx` in
// the repository root (npx-shell, through .npmrc), by `pnpm install` (the root preinstall
// script), by `pnpm start` (start.mjs) and by `pnpm test` (docs/decisions/0041).
//
// Written for any Node.js that may run it (old syntax only, no imports beyond node:fs/url).
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @param {string} version e.g. "20.20.2" or "v24.11.0" */
function parse(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * @param {number[]} a
 * @param {number[]} b
 */
function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return /** @type {number} */ (a[i]) - /** @type {number} */ (b[i]);
  return 0;
}

/**
 * The line to print when `version` does not satisfy `required` (an engines range of the form
 * ">=24.11.0"), or null when it does.
 * @param {string} version
 * @param {string} required
 * @returns {string | null}
 */
export function nodeVersionProblem(version, required) {
  const minimum = parse(required.replace(/^\s*>=\s*/, ''));
  if (!minimum) throw new Error(`engines.node must read ">=major.minor.patch", not "${required}"`);
  const have = parse(version);
  if (have && compare(have, minimum) >= 0) return null;
  const [major, minor] = minimum;
  return (
    `This project needs Node.js ${major} LTS (${major}.${minor} or newer); you have ${version.replace(/^v/, '')}. ` +
    `Install it from https://nodejs.org or with \`nvm install ${major}\`.`
  );
}

/** The root package.json's engines.node. */
export function requiredNode() {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return /** @type {string} */ (manifest.engines.node);
}

/** Prints the line and exits 1 when this Node.js is too old; returns otherwise. */
export function checkNode() {
  const problem = nodeVersionProblem(process.versions.node, requiredNode());
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) checkNode();
