import { z } from 'zod';

/**
 * One enumeration of the specs: its values (as the API writes them), the Czech label
 * people see, and the zod schema that validates it.
 */
export function defineEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  labels: { [K in T[number]]: string },
) {
  return { values, labels, schema: z.enum(values) } as const;
}

export type EnumValue<E extends { values: readonly string[] }> = E['values'][number];
