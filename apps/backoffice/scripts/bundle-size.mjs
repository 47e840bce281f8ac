// The back-office's first-load budget (run after `vite build`, as part of the package's `build`
// script, so `pnpm test` — which builds before it tests — fails when the budget is broken).
//
// What a browser must fetch before the first screen can run is the JavaScript dist/index.html
// loads directly: its module script and the chunks it preloads (`modulepreload`). Their gzip
// sizes (zlib, default level, as a server compresses them) must stay within the budget. Every
// screen is a lazily loaded chunk (src/app/routes.tsx); the dashboard's charts and uPlot are a
// further chunk of their own (src/features/dashboard/Chart.tsx), which is checked to stay out of
// the first load and whose size is printed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 120 kB of gzip (1 kB = 1000 bytes, as Vite reports sizes). */
export const BUDGET_BYTES = 120_000;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const BASE = '/admin/';

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const gzipSize = (file) => gzipSync(readFileSync(file)).length;

/** dist/ path of an address in index.html (/admin/assets/x.js → dist/assets/x.js). */
function fileOf(address) {
  const path = address.startsWith(BASE) ? address.slice(BASE.length) : address.replace(/^\//, '');
  return join(dist, path);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attribute = (tag, name) => new RegExp(`\\s${name}=["']([^"']+)["']`).exec(tag)?.[1];
const initial = [];
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  if (attribute(tag, 'type') === 'module' && attribute(tag, 'src')) initial.push(attribute(tag, 'src'));
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
  if (attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href')) initial.push(attribute(tag, 'href'));
}
if (initial.length === 0) {
  console.error('bundle-size: dist/index.html loads no module script; was the build run?');
  process.exit(1);
}

let total = 0;
console.log('bundle-size: JavaScript of the first load (gzip):');
for (const address of initial) {
  const size = gzipSize(fileOf(address));
  total += size;
  console.log(`  ${address}  ${kB(size)}`);
}
console.log(`  total ${kB(total)} of ${kB(BUDGET_BYTES)}`);

// uPlot's chunk: the one with its root class name (the string "uplot"); its CSS: the one styling .uplot.
const assets = join(dist, 'assets');
const chunks = readdirSync(assets).filter((name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').match(/["'`]uplot["'`]/));
const styles = readdirSync(assets).filter((name) => name.endsWith('.css') && readFileSync(join(assets, name), 'utf8').includes('.uplot'));
let failed = total > BUDGET_BYTES;
if (chunks.length === 0) console.log('bundle-size: no chunk contains uPlot');
for (const name of chunks) {
  console.log(`bundle-size: uPlot chunk ${name}  ${kB(gzipSize(join(assets, name)))} gzip`);
  if (initial.some((address) => address.endsWith(`/${name}`))) {
    console.error(`bundle-size: ${name} (uPlot) is part of the first load; it belongs to the dashboard's lazily loaded chart`);
    failed = true;
  }
}
for (const name of styles) {
  console.log(`bundle-size: uPlot styles ${name}  ${kB(gzipSize(join(assets, name)))} gzip`);
  if (html.includes(`/${name}`)) {
    console.error(`bundle-size: ${name} (uPlot's CSS) is loaded by index.html`);
    failed = true;
  }
}

if (total > BUDGET_BYTES) console.error(`bundle-size: the first load is ${kB(total)} gzip, over the budget of ${kB(BUDGET_BYTES)}`);
process.exit(failed ? 1 : 0);
