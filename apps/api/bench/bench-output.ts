// What every bench script shares: its numeric settings from the environment and its printed tables.

/** A positive number from the environment (rounded), or the fallback; anything else stops the bench. */
export function setting(bench: string, name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`${bench}: ${name} must be a positive number\n`);
    process.exit(2);
  }
  return Math.round(value);
}

export const out = (line = '') => process.stdout.write(`${line}\n`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A table: the first column left-aligned, the rest right-aligned. */
export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  out(line(header));
  out(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) out(line(row));
}
