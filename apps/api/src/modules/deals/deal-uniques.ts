import { dealMessages } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { invalid } from '../../domain/errors.ts';

type Db = Pick<Prisma.TransactionClient, 'deal'>;

const FIELDS = [
  { field: 'variable_symbol', column: 'variableSymbol', message: dealMessages.variableSymbolTaken },
  { field: 'contract_number', column: 'contractNumber', message: dealMessages.contractNumberTaken },
  { field: 'external_id', column: 'externalId', message: dealMessages.externalIdTaken },
] as const;

/**
 * The deal's unique identifiers (variable symbol, contract number, external id) that another
 * deal already has, as field messages: all of them at once, before the write.
 */
export async function checkDealUniques(
  db: Db,
  values: { variable_symbol?: string | null; contract_number?: string | null; external_id?: string | null },
  exceptId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const { field, column, message } of FIELDS) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const other = await db.deal.findFirst({ where: { [column]: value, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
    if (other) errors[field] = [message];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** A unique violation of a concurrent write that took the same identifier: its field message. */
export function rethrowDealUniqueViolation(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    const text = JSON.stringify(error.meta ?? {}) + error.message;
    const hit = FIELDS.find(({ field, column }) => text.includes(field) || text.includes(column));
    if (hit) throw invalid({ [hit.field]: [hit.message] });
  }
  throw error;
}
