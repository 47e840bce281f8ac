import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Modules under src/modules/ depend on each other in one direction only (docs/decisions/0040):
// a cycle means two modules are one, or a rule sits in the wrong one. Test files and fixtures
// are left out: a test may reach into any module it exercises.

const MODULES = path.join(import.meta.dirname, 'modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('fixtures') ? [full] : [];
  });
}

const moduleOf = (file: string): string | null => {
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0]!;
};

/** module → the modules it imports, with one importing file for each edge (for the message). */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = moduleOf(path.resolve(path.dirname(file), match[1]!));
      if (to && to !== from && !edges.has(to)) edges.set(to, path.relative(MODULES, file));
    }
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}

describe('module dependencies', () => {
  it('form no cycle between modules', () => {
    const graph = moduleGraph();
    const found = cycles(graph).map((component) =>
      component
        .flatMap((m) => component.filter((n) => graph.get(m)?.has(n)).map((n) => `${m} → ${n} (${graph.get(m)!.get(n)})`))
        .join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
      ['d', new Map([['a', 'd/w.ts']])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('only lets other modules use the servicing core through its public face', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(MODULES)) {
      if (moduleOf(file) === 'servicing') continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/from\s*'(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), match[1]!);
        if (moduleOf(target) === 'servicing' && path.relative(path.join(MODULES, 'servicing'), target) !== 'index.ts') offenders.push(`${path.relative(MODULES, file)} → ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
