// `pnpm routes [filter]`: every route of the API — method, path, who may call it, and the file that
// defines it — so a newcomer finds `GET /api/v1/deals/` in one hop (docs/decisions/0040). Reads
// the same route table the server mounts and the OpenAPI document describes.
import path from 'node:path';
import { allRoutes } from './app.ts';
import type { Access, RouteDef } from './http/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export function accessLabel(access: Access): string {
  switch (access.type) {
    case 'public':
      return 'public';
    case 'basic':
      return 'CRM webhook (basic)';
    case 'apiKey':
      return `API key: ${access.owners.join(', ')}`;
    case 'staff':
      return `staff: ${access.permission}`;
  }
}

/** One line per route: method, path, access, file (relative to the repository), sorted by path then method. */
export function routeIndex(routes: readonly RouteDef[] = allRoutes(), filter = ''): string[][] {
  const order = ['get', 'post', 'put', 'patch', 'delete'];
  return routes
    .map((r) => [r.method.toUpperCase(), r.path, accessLabel(r.access), r.file ? path.relative(ROOT, r.file) : '?'])
    .filter((row) => row.some((cell) => cell.toLowerCase().includes(filter.toLowerCase())))
    .sort((a, b) => a[1]!.localeCompare(b[1]!) || order.indexOf(a[0]!.toLowerCase()) - order.indexOf(b[0]!.toLowerCase()));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `pnpm routes | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => process.exit(error.code === 'EPIPE' ? 0 : 1));
  const rows = routeIndex(allRoutes(), process.argv[2] ?? '');
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) process.stdout.write(`${r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ')}\n`);
  process.stdout.write(`\n${rows.length} routes\n`);
}
