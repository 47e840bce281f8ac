import fs from 'node:fs';
import path from 'node:path';

/** The product version from the root package.json, plus the commit when the build knows it. */
export function readVersion(rootDir: string, commit?: string): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: string };
    return `${pkg.version ?? '0.0.0'}${commit ? `+${commit.slice(0, 12)}` : ''}`;
  } catch {
    return '0.0.0';
  }
}
