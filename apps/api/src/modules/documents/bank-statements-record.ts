import type { Prisma } from '../../generated/prisma/client.ts';

// Our keys in ApplicationForm.config. Each is written by one atomic UPDATE of that key alone,
// so concurrent writers of other keys (the forms module) are never overwritten.
export const CHECK_KEY = 'bank_statements_check';
export const PERIODS_KEY = 'bank_statement_periods';

export interface BankStatementsCheck {
  fingerprint: string;
  checked_at: string;
}

export type StatementPeriods = Record<string, { from: string; to: string }>;

type Db = Pick<Prisma.TransactionClient, '$executeRaw'>;

export function readCheck(config: unknown): BankStatementsCheck | null {
  const value = (config as Record<string, unknown> | null)?.[CHECK_KEY] as BankStatementsCheck | undefined;
  return value && typeof value.fingerprint === 'string' ? value : null;
}

export function readPeriods(config: unknown): StatementPeriods {
  const value = (config as Record<string, unknown> | null)?.[PERIODS_KEY];
  return value && typeof value === 'object' ? (value as StatementPeriods) : {};
}

export async function saveCheck(db: Db, formId: number, check: BankStatementsCheck): Promise<void> {
  await db.$executeRaw`
    UPDATE application_forms
    SET config = jsonb_set(COALESCE(config, '{}'::jsonb), ${`{${CHECK_KEY}}`}::text[], ${JSON.stringify(check)}::jsonb)
    WHERE id = ${formId}`;
}

/** The period a statement states it covers, kept beside the form until the statement is deleted. */
export async function saveStatementPeriod(db: Db, formId: number, documentId: number, period: { from: string; to: string } | null): Promise<void> {
  const key = String(documentId);
  if (period) {
    await db.$executeRaw`
      UPDATE application_forms
      SET config = jsonb_set(COALESCE(config, '{}'::jsonb), ${`{${PERIODS_KEY}}`}::text[],
        COALESCE(config -> ${PERIODS_KEY}::text, '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(period)}::jsonb))
      WHERE id = ${formId}`;
  } else {
    await db.$executeRaw`
      UPDATE application_forms
      SET config = jsonb_set(COALESCE(config, '{}'::jsonb), ${`{${PERIODS_KEY}}`}::text[], COALESCE(config -> ${PERIODS_KEY}::text, '{}'::jsonb) - ${key}::text)
      WHERE id = ${formId}`;
  }
}
