import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import * as enums from './enums.ts';
import { contractOnlyEnums, prismaEnums } from './enums.ts';

const schemaUrl = new URL('../../../prisma/schema.prisma', import.meta.url);

/** The `enum Name { ... }` blocks of a Prisma schema, values in declaration order. */
function parsePrismaEnums(schema: string): Map<string, string[]> {
  const withoutComments = schema.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const found = new Map<string, string[]>();
  for (const match of withoutComments.matchAll(/^\s*enum\s+(\w+)\s*\{([^}]*)\}/gm)) {
    const [, name = '', body = ''] = match;
    const values = body
      .split('\n')
      .filter((line) => !line.trim().startsWith('@@'))
      // A value may carry attributes such as @map("..."); they are not part of its name.
      .map((line) => line.replace(/@\w+(\([^)]*\))?/g, ''))
      .flatMap((line) => line.split(/\s+/))
      .filter((token) => token.length > 0);
    if (found.has(name)) throw new Error(`enum ${name} is declared twice in schema.prisma`);
    found.set(name, values);
  }
  return found;
}

type AnyEnum = { values: readonly string[]; labels: Record<string, string> };

function isDefinedEnum(candidate: unknown): candidate is AnyEnum {
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray((candidate as AnyEnum).values) &&
    typeof (candidate as AnyEnum).labels === 'object' &&
    'schema' in candidate
  );
}

const prisma = parsePrismaEnums(readFileSync(schemaUrl, 'utf8'));
const stored: Record<string, AnyEnum> = prismaEnums;
const contractOnly: Record<string, AnyEnum> = contractOnlyEnums;
const exported = Object.entries(enums as Record<string, unknown>).filter(
  (entry): entry is [string, AnyEnum] => isDefinedEnum(entry[1]),
);

describe('parsePrismaEnums', () => {
  it('reads one-line and multi-line blocks and ignores comments and attributes', () => {
    const parsed = parsePrismaEnums(
      [
        'enum A { X Y Z } // trailing',
        '/* enum Hidden { NO } */',
        'enum B {',
        '  // a comment line',
        '  ONE /// doc comment',
        '  TWO @map("two")',
        '  @@map("b_values")',
        '}',
        'model M {',
        '  id Int @id',
        '}',
      ].join('\n'),
    );
    expect(Object.fromEntries(parsed)).toEqual({ A: ['X', 'Y', 'Z'], B: ['ONE', 'TWO'] });
  });
});

describe('enumerations: contracts and prisma/schema.prisma', () => {
  it('the schema declares enums at all (the parser found them)', () => {
    expect(prisma.size).toBeGreaterThan(20);
  });

  it('every Prisma enum has a contracts twin listed in prismaEnums', () => {
    const missing = [...prisma.keys()].filter((name) => !(name in stored));
    expect(missing, 'Prisma enums without a contracts twin in prismaEnums').toEqual([]);
  });

  it('every enum in prismaEnums exists in Prisma', () => {
    const missing = Object.keys(stored).filter((name) => !prisma.has(name));
    expect(missing, 'contracts enums meant to be stored but absent from schema.prisma').toEqual([]);
  });

  it.each(Object.keys(stored))('%s has exactly the same values in both, in the same order', (name) => {
    expect(prisma.get(name)).toEqual([...(stored[name]?.values ?? [])]);
  });

  it('enums listed as contract-only are not in Prisma', () => {
    const clashing = Object.keys(contractOnly).filter((name) => prisma.has(name));
    expect(clashing).toEqual([]);
  });

  it('every exported enum is registered exactly once, under its own export name', () => {
    const unregistered = exported
      .filter(([name, value]) => stored[name] !== value && contractOnly[name] !== value)
      .map(([name]) => name);
    expect(unregistered, 'exported enums neither in prismaEnums nor in contractOnlyEnums').toEqual([]);
    const both = Object.keys(stored).filter((name) => name in contractOnly);
    expect(both).toEqual([]);
  });
});

describe('enumerations: labels', () => {
  it.each(exported.map(([name]) => name))('%s has one non-empty Czech label per value', (name) => {
    const definition = exported.find(([exportName]) => exportName === name)?.[1];
    expect(definition).toBeDefined();
    if (!definition) return;
    expect(new Set(definition.values).size, 'duplicate values').toBe(definition.values.length);
    expect(Object.keys(definition.labels).sort()).toEqual([...definition.values].sort());
    for (const value of definition.values) {
      expect(definition.labels[value]?.trim(), `label of ${name}.${value}`).toBeTruthy();
    }
  });
});
