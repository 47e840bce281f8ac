// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The portal speaks to the applicant formally and in one register: "Vám", "Vás", "Váš" with a
// capital V, as in a letter (issue 12, item 6). Every text of the portal's source is checked,
// so a new screen cannot slip back to "vám".
const INFORMAL = /(?<!\p{L})(vám|vás|váš|vaše|vaši|vašeho|vašemu|vaší|vašem|vašich|vašim|vašimi|vámi)(?!\p{L})/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the portal’s Czech', () => {
  it('addresses the applicant as Vám/Vás everywhere', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const found = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file.slice(root.length)}:${i + 1}` }))
        .filter(({ line }) => INFORMAL.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
