import { dealMessages } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { conflict } from '../../domain/errors.ts';

// Generated variable symbols (docs/decisions/0022): ten digits, the nine of the sequence
// deal_variable_symbol_seq (100000000…999999999, so never a leading zero, which banks drop)
// followed by a Luhn check digit, so a mistyped digit or two swapped neighbours in a payment
// order make a symbol no deal has instead of another deal's symbol.

/** The Luhn check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubled: every second digit counting from the right end of the payload.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(symbol: string): boolean {
  return /^\d{2,}$/.test(symbol) && luhnCheckDigit(symbol.slice(0, -1)) === Number(symbol.at(-1));
}

/**
 * The next free generated symbol. A staff member may have typed a symbol that the sequence
 * reaches later: such numbers are skipped. Runs in the transaction that stores the deal, whose
 * unique index settles a race with a symbol typed at the same moment.
 */
export async function nextVariableSymbol(tx: Prisma.TransactionClient): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    let base: bigint;
    try {
      const [row] = await tx.$queryRaw<{ base: bigint }[]>`SELECT nextval('deal_variable_symbol_seq') AS base`;
      base = row!.base;
    } catch (error) {
      // The sequence is exhausted (900 million deals): symbols are typed by hand from then on.
      if (/reached maximum value/i.test(String((error as Error).message))) throw conflict(dealMessages.variableSymbolsExhausted);
      throw error;
    }
    const symbol = `${base}${luhnCheckDigit(String(base))}`;
    const taken = await tx.deal.findUnique({ where: { variableSymbol: symbol }, select: { id: true } });
    if (!taken) return symbol;
  }
  throw conflict(dealMessages.variableSymbolsExhausted);
}
